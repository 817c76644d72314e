/**
 * /external-activity without signal: the technician's orders of the next 7 days from the phone's
 * copy (core/offline/ordersCache.ts), marked with the time they were kept.
 */
import CloudOffIcon from '@mui/icons-material/CloudOff';
import { Alert, Box, CircularProgress, List, ListItemButton, ListItemText } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router';
import { PageTitle } from '../../core/PageTitle';
import { cachedList } from '../../core/offline/ordersCache';
import { formatDateTime, PhoneStatusChip } from './parts';
import { useOfflineQueue } from '../../core/offline/queue';

const hhmm = (at: number) => new Date(at).toLocaleTimeString('pt-BR', { hour: '2-digit', minute: '2-digit' });

export function OfflineOrders() {
  const queue = useOfflineQueue();
  const list = useQuery({ queryKey: ['external_activity', 'offline-list'], queryFn: cachedList, networkMode: 'always' });
  return (
    <Box sx={{ maxWidth: 860 }}>
      <PageTitle title="Atividades externas" subtitle="Sem conexão: suas atividades guardadas no aparelho" />
      {list.isPending ? (
        <CircularProgress size={24} />
      ) : !list.data ? (
        <Alert severity="warning" icon={<CloudOffIcon />}>
          Sem conexão, e nenhuma atividade foi guardada neste aparelho ainda. Abra o app com sinal para guardar as atividades da semana.
        </Alert>
      ) : (
        <>
          <Alert severity="info" icon={<CloudOffIcon />} sx={{ mb: 1 }} data-testid="cached-at">
            Sem conexão — dados de {hhmm(list.data.savedAt)}
          </Alert>
          <List aria-label="Atividades guardadas no aparelho">
            {list.data.orders.map((a) => (
              <ListItemButton key={a.id} component={RouterLink} to={`/external-activity/manage/${a.id}`} divider>
                <ListItemText primary={`${a.code} · ${a.client_name}`} secondary={[a.address, a.scheduled_start ? `Agendada: ${formatDateTime(a.scheduled_start)}` : null].filter(Boolean).join(' · ')} />
                <PhoneStatusChip activity={a} records={queue.records} />
              </ListItemButton>
            ))}
            {list.data.orders.length === 0 && <ListItemText primary="Nenhuma atividade sua nos próximos 7 dias." />}
          </List>
        </>
      )}
    </Box>
  );
}
