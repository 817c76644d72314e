/** The "O que precisa de mim agora" cards: count, icon, top items and the list's link; red when breached or down, amber when waiting. */
import AlarmOnIcon from '@mui/icons-material/AlarmOn';
import AssignmentTurnedInIcon from '@mui/icons-material/AssignmentTurnedIn';
import CableIcon from '@mui/icons-material/Cable';
import EventAvailableIcon from '@mui/icons-material/EventAvailable';
import LocalShippingIcon from '@mui/icons-material/LocalShipping';
import MoveToInboxIcon from '@mui/icons-material/MoveToInbox';
import TaskAltIcon from '@mui/icons-material/TaskAlt';
import TrendingDownIcon from '@mui/icons-material/TrendingDown';
import { Box, Link, List, ListItem, ListItemText, Paper, Skeleton, Typography } from '@mui/material';
import { DASHBOARD_CARDS, type DashboardCard, type DashboardCardKey } from '@operacoes/contract';
import type { ReactElement } from 'react';
import { Link as RouterLink } from 'react-router';
import { AlarmChip } from '../../core/ToneChip';

const ICONS: Record<DashboardCardKey, ReactElement> = {
  patrimony_requests: <AssignmentTurnedInIcon fontSize="large" />,
  shipment_requests: <LocalShippingIcon fontSize="large" />,
  activities_today: <EventAvailableIcon fontSize="large" />,
  activities_breached: <AlarmOnIcon fontSize="large" />,
  receiving: <MoveToInboxIcon fontSize="large" />,
  circuits_down: <CableIcon fontSize="large" />,
  below_minimum: <TrendingDownIcon fontSize="large" />,
};
const ALARM: Partial<Record<DashboardCardKey, string>> = { circuits_down: 'fora do ar', activities_today: 'SLA estourado', activities_breached: 'SLA estourado' };
const TONE_COLOR = { danger: 'error.main', warning: 'warning.main', ok: 'success.main' } as const;

export const cardGrid = { display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(3, minmax(0, 1fr))' } } as const;

function Card({ card }: { card: DashboardCard }) {
  const words = DASHBOARD_CARDS[card.key];
  const color = TONE_COLOR[card.tone];
  // The receiving card opens the shipments when only shipments wait (nothing held to confirm).
  const linkLabel = card.key === 'receiving' && card.link.startsWith('/shipment') ? 'Ver envios' : words.linkLabel;
  return (
    <Paper
      component="section"
      variant="outlined"
      aria-label={words.title}
      data-card={card.key}
      data-tone={card.tone}
      sx={{ p: 2, display: 'flex', flexDirection: 'column', gap: 1, borderLeft: 4, borderLeftColor: card.count ? color : 'divider', minWidth: 0 }}
    >
      <Typography variant="subtitle2" component="h3" color="text.secondary">
        {words.title}
      </Typography>
      <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'center' }}>
        <Box sx={{ color: card.count ? color : 'text.secondary', display: 'flex' }} aria-hidden>
          {ICONS[card.key]}
        </Box>
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="h4" component="p" sx={{ fontWeight: 700, lineHeight: 1 }} data-testid={`dashboard-count-${card.key}`}>
            {card.count}
          </Typography>
          <Typography color="text.secondary">{card.count === 1 ? words.one : words.many}</Typography>
        </Box>
      </Box>
      {card.count === 0 ? (
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', color: 'text.secondary' }}>
          <TaskAltIcon fontSize="small" color="success" aria-hidden />
          <Typography>Nada pendente — bom trabalho!</Typography>
        </Box>
      ) : (
        <List dense disablePadding>
          {card.items.map((i) => (
            <ListItem key={i.key} disableGutters sx={{ alignItems: 'flex-start', gap: 1 }}>
              <ListItemText
                sx={{ my: 0.25, minWidth: 0, overflowWrap: 'anywhere' }}
                primary={i.link ? (
                  <Link component={RouterLink} to={i.link}>
                    {i.title}
                  </Link>
                ) : (
                  i.title
                )}
                secondary={i.detail}
              />
              {i.alert && ALARM[card.key] && <Box sx={{ flexShrink: 0, pt: 0.25 }}><AlarmChip label={ALARM[card.key]!} status={card.key === 'circuits_down' ? 'down' : 'breached'} /></Box>}
            </ListItem>
          ))}
          {card.count > card.items.length && (
            <Typography variant="body2" color="text.secondary">
              e mais {card.count - card.items.length}…
            </Typography>
          )}
        </List>
      )}
      <Box sx={{ mt: 'auto', pt: 0.5 }}>
        <Link component={RouterLink} to={card.link}>
          {linkLabel}
        </Link>
      </Box>
    </Paper>
  );
}

export function DashboardCards({ cards }: { cards: DashboardCard[] }) {
  return (
    <Box sx={cardGrid}>
      {cards.map((c) => (
        <Card key={c.key} card={c} />
      ))}
    </Box>
  );
}

/** What the dashboard showed last time (for this user): its skeleton takes the same room. */
export type DashboardShape = { user: number; cards: number; figures: number; height: number };

export const figureGrid = { display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(4, minmax(0, 1fr))' } } as const;

/**
 * While the dashboard loads: the cards and figures of the last visit as placeholders, in a box
 * as tall as they were, so the quick access below does not jump when they arrive (three cards
 * on a first visit).
 */
export function CardsSkeleton({ shape }: { shape: DashboardShape | null }) {
  const cards = shape ? shape.cards : 3;
  return (
    <Box aria-label="Carregando o painel" aria-busy role="progressbar" sx={{ minHeight: shape?.height, mb: shape ? 0 : 3 }}>
      {cards > 0 && (
        <Box sx={{ mb: 3 }}>
          {shape && (
            <Typography variant="h6" component="p" sx={{ mb: 1.5 }}>
              O que precisa de mim agora
            </Typography>
          )}
          <Box sx={cardGrid}>
            {Array.from({ length: cards }, (_, i) => (
              <Skeleton key={i} variant="rounded" height={180} />
            ))}
          </Box>
        </Box>
      )}
      {!!shape?.figures && (
        <Box sx={{ mb: 3 }}>
          <Typography variant="h6" component="p" sx={{ mb: 1.5 }}>
            Números da organização
          </Typography>
          <Box sx={figureGrid}>
            {Array.from({ length: shape.figures }, (_, i) => (
              <Skeleton key={i} variant="rounded" height={120} />
            ))}
          </Box>
        </Box>
      )}
    </Box>
  );
}
