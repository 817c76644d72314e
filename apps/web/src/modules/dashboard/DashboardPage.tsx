/** / : greeting, the user's organization and unit, quick access to the modules they may use. */
import NotificationsIcon from '@mui/icons-material/Notifications';
import { Box, Card, CardActionArea, CardContent, Paper, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router';
import { MENU_ICONS } from '../../core/layout/icons';
import { builtEntries, useMenu, visibleMenu } from '../../core/layout/menu';
import { PageTitle } from '../../core/PageTitle';
import { useCan } from '../../core/permissions';
import { fetchUnreadCount, notificationKeys } from '../notification';
import { CircuitsCard } from './CircuitsCard';

function greeting(d = new Date()): string {
  const h = d.getHours();
  return h < 12 ? 'Bom dia' : h < 18 ? 'Boa tarde' : 'Boa noite';
}

export default function DashboardPage() {
  const { user, canSeeRoute, can } = useCan();
  const { data: unread = 0 } = useQuery({ queryKey: notificationKeys.unread, queryFn: fetchUnreadCount, staleTime: 60_000 });
  // Modules still "em breve" stay out of the tiles (menu.ts flag).
  const shortcuts = builtEntries(visibleMenu(useMenu(), canSeeRoute)).filter((e) => e.path !== '/');

  return (
    <Box>
      <PageTitle
        title={`${greeting()}, ${user?.person?.nickname || user?.username || ''}!`}
        subtitle={[user?.organization?.fantasy_name, user?.unit_organizational?.name].filter(Boolean).join(' · ')}
      />
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', lg: 'repeat(3, 1fr)' }, mb: 3 }}>
        <Paper variant="outlined" sx={{ p: 2, display: 'flex', gap: 2, alignItems: 'center' }}>
          <NotificationsIcon color="primary" fontSize="large" aria-hidden />
          <Box>
            <Typography variant="h4" component="p" sx={{ fontWeight: 700, lineHeight: 1 }}>
              {unread}
            </Typography>
            <Typography color="text.secondary">notificações não lidas</Typography>
          </Box>
        </Paper>
        <Paper variant="outlined" sx={{ p: 2 }}>
          <Typography color="text.secondary">Organização</Typography>
          <Typography variant="h6" component="p">
            {user?.organization?.fantasy_name ?? '—'}
          </Typography>
        </Paper>
        <Paper variant="outlined" sx={{ p: 2 }}>
          <Typography color="text.secondary">Unidade</Typography>
          <Typography variant="h6" component="p">
            {user?.unit_organizational?.name ?? 'Nenhuma unidade principal'}
          </Typography>
        </Paper>
        {can(['OPERATOR_CIRCUIT', 'OPERATOR_CIRCUIT.INDEX']) && <CircuitsCard />}
      </Box>
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
    </Box>
  );
}
