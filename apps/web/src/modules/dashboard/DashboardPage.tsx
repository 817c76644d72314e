/**
 * / : greeting, "O que precisa de mim agora" (the cards of `GET /api/dashboard`, one request), the
 * organization's key figures for managers, and quick access to the modules the user may use.
 *
 * Live: a circuit going down or up (`circuit` realtime events) and every new notification (an
 * approval waiting, an activity assigned, a low-stock alert… arrive with one) refetch the
 * dashboard; it also refreshes every minute and when the window regains focus.
 */
import RefreshIcon from '@mui/icons-material/Refresh';
import { Alert, Box, Button, Card, CardActionArea, CardContent, Typography } from '@mui/material';
import type { CircuitRealtimeMessage, DashboardRead } from '@operacoes/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { api } from '../../core/api';
import { MENU_ICONS } from '../../core/layout/icons';
import { builtEntries, useMenu, visibleMenu } from '../../core/layout/menu';
import { PageTitle } from '../../core/PageTitle';
import { useCan } from '../../core/permissions';
import { hourInApp } from '../../core/time-zone';
import { fetchUnreadCount, notificationKeys, useRealtimeEvent } from '../notification';
import { CardsSkeleton, DashboardCards, type DashboardShape } from './DashboardCards';
import { KeyFigures } from './KeyFigures';

const dashboardKey = ['dashboard'] as const;
const SHAPE_KEY = 'dashboardShape';

function readShape(user: number | undefined): DashboardShape | null {
  try {
    const s = JSON.parse(localStorage.getItem(SHAPE_KEY) ?? 'null') as DashboardShape | null;
    return s && s.user === user ? s : null;
  } catch {
    return null;
  }
}

/** How many figures KeyFigures draws. */
const figureCount = (d: DashboardRead) =>
  d.figures ? [d.figures.activities_week, d.figures.activities_concluded_month, d.figures.circuits, d.figures.stock_value].filter((v) => v !== null).length : 0;

/** The greeting by the hour on the organization's clock. */
function greeting(): string {
  const h = hourInApp();
  return h < 12 ? 'Bom dia' : h < 18 ? 'Boa tarde' : 'Boa noite';
}

/** The dashboard's data, refetched on the realtime events that change it. */
function useDashboard() {
  const qc = useQueryClient();
  const query = useQuery({ queryKey: dashboardKey, queryFn: async () => (await api.get<DashboardRead>('/dashboard')).data, refetchInterval: 60_000 });
  const refresh = () => void qc.invalidateQueries({ queryKey: dashboardKey });
  useRealtimeEvent<CircuitRealtimeMessage>('circuit', refresh);
  // A notification arriving raises the unread count (the realtime connection keeps it).
  const { data: unread } = useQuery({ queryKey: notificationKeys.unread, queryFn: fetchUnreadCount, staleTime: 60_000 });
  const last = useRef(unread);
  useEffect(() => {
    if (unread !== undefined && last.current !== undefined && unread > last.current) void qc.invalidateQueries({ queryKey: dashboardKey });
    last.current = unread;
  }, [unread, qc]);
  return query;
}

export default function DashboardPage() {
  const { user, canSeeRoute } = useCan();
  const dashboard = useDashboard();
  // Modules still "em breve" stay out of the tiles (menu.ts flag).
  const shortcuts = builtEntries(visibleMenu(useMenu(), canSeeRoute)).filter((e) => e.path !== '/');
  const data = dashboard.data;
  const [shape] = useState(() => readShape(user?.id));
  // Without a remembered shape the skeleton's height is a guess: the quick access waits for the cards
  // (drawn with them, below nothing that moves) rather than be pushed down when they arrive.
  const quickAccessShown = !dashboard.isPending || shape !== null;
  const block = useRef<HTMLDivElement>(null);
  // Remember the drawn dashboard's shape and height for the next visit's skeleton.
  useLayoutEffect(() => {
    if (!data || !block.current || user?.id === undefined) return;
    const next: DashboardShape = { user: user.id, cards: data.cards.length, figures: figureCount(data), height: block.current.offsetHeight };
    try {
      localStorage.setItem(SHAPE_KEY, JSON.stringify(next));
    } catch {
      /* private mode: the next skeleton is the default one */
    }
  }, [data, user?.id]);

  return (
    <Box>
      <PageTitle
        title={`${greeting()}, ${user?.person?.nickname || user?.username || ''}!`}
        subtitle={[user?.organization?.fantasy_name, user?.unit_organizational?.name].filter(Boolean).join(' · ')}
      />
      {/* flow-root: the sections' bottom margins count in the measured height. */}
      <Box ref={block} sx={{ display: 'flow-root' }}>
        {dashboard.isPending ? (
          <CardsSkeleton shape={shape} />
        ) : dashboard.isError && !data ? (
          <Alert
            severity="error"
            sx={{ mb: 3 }}
            action={
              <Button color="inherit" size="small" startIcon={<RefreshIcon />} onClick={() => void dashboard.refetch()}>
                Tentar de novo
              </Button>
            }
          >
            Não foi possível carregar o painel.
          </Alert>
        ) : (
          data && (
            <>
              {data.cards.length > 0 && (
                <Box component="section" aria-labelledby="dashboard-now" sx={{ mb: 3 }}>
                  <Typography variant="h6" component="h2" id="dashboard-now" sx={{ mb: 1.5 }}>
                    O que precisa de mim agora
                  </Typography>
                  <DashboardCards cards={data.cards} />
                </Box>
              )}
              {data.figures && <KeyFigures figures={data.figures} />}
            </>
          )
        )}
      </Box>
      {quickAccessShown && <QuickAccess shortcuts={shortcuts} />}
    </Box>
  );
}

function QuickAccess({ shortcuts }: { shortcuts: ReturnType<typeof builtEntries> }) {
  return (
    <>
      <Typography variant="h6" component="h2" sx={{ mb: 1.5 }}>
        Acesso rápido
      </Typography>
      <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr 1fr', sm: 'repeat(3, 1fr)', md: 'repeat(4, 1fr)', xl: 'repeat(6, 1fr)' } }}>
        {shortcuts.map((e) => (
          <Card key={e.path} variant="outlined">
            <CardActionArea component={RouterLink} to={e.path} sx={{ height: '100%' }}>
              <CardContent sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
                <Box sx={{ color: 'primary.main', display: 'flex' }} aria-hidden>
                  {MENU_ICONS[e.icon]}
                </Box>
                <Typography>{e.label}</Typography>
              </CardContent>
            </CardActionArea>
          </Card>
        ))}
      </Box>
    </>
  );
}
