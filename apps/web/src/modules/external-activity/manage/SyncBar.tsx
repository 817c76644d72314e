/**
 * The manage screen's view of the phone's queue (core/offline/queue.ts): a bar always in view at the
 * bottom ("Sem conexão — 3 registros pendentes" / "Enviando 2 de 3…" / "Tudo enviado", and
 * "dados de HH:MM" while the order is read from the phone's copy), and the list of this order's
 * records still on the phone, each on its own line; a refused one says why and can be sent again
 * or discarded.
 */
import CloudDoneIcon from '@mui/icons-material/CloudDone';
import CloudOffIcon from '@mui/icons-material/CloudOff';
import CloudUploadIcon from '@mui/icons-material/CloudUpload';
import { Box, Button, Chip, List, ListItem, ListItemText, Paper, Typography } from '@mui/material';
import { useCachedAt } from '../../../core/offline/ordersCache';
import { discardRecord, retryRecord, useOfflineQueue } from '../../../core/offline/queue';
import { confirmAction } from '../../../core/toast';

const hhmm = (at: number) => new Date(at).toLocaleTimeString('pt-BR', { hour: '2-digit', minute: '2-digit' });
const plural = (n: number) => (n === 1 ? '1 registro pendente' : `${n} registros pendentes`);

export function SyncBar({ activityId }: { activityId: number }) {
  const { records, sending, online } = useOfflineQueue();
  const cachedAt = useCachedAt(`order:${activityId}`);
  const waiting = records.filter((r) => r.state === 'pending').length;
  const refused = records.filter((r) => r.state === 'refused').length;
  const text = sending
    ? `Enviando ${sending.done} de ${sending.total}…`
    : !online
      ? `Sem conexão — ${waiting ? plural(waiting) : 'nada pendente'}`
      : waiting
        ? `${plural(waiting)}: enviando quando possível`
        : 'Tudo enviado';
  const tone = sending ? 'info.main' : !online || waiting ? 'warning.main' : 'success.main';
  return (
    <Paper
      variant="outlined"
      role="status"
      aria-live="polite"
      data-testid="sync-bar"
      sx={{ position: 'sticky', bottom: 0, zIndex: 3, mt: 2, px: 1.5, py: 0.75, display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', borderLeft: 4, borderLeftColor: tone }}
    >
      {sending ? <CloudUploadIcon fontSize="small" /> : !online || waiting ? <CloudOffIcon fontSize="small" /> : <CloudDoneIcon fontSize="small" color="success" />}
      <Typography variant="body2" sx={{ fontWeight: 600 }} data-testid="sync-text">
        {text}
      </Typography>
      {refused > 0 && <Chip size="small" color="error" label={refused === 1 ? '1 recusado' : `${refused} recusados`} />}
      {cachedAt !== null && (
        <Typography variant="caption" color="text.secondary" sx={{ ml: 'auto' }} data-testid="cached-at">
          dados de {hhmm(cachedAt)}
        </Typography>
      )}
    </Paper>
  );
}

export function PendingRecords({ activityId }: { activityId: number }) {
  const { records } = useOfflineQueue();
  const mine = records.filter((r) => r.activityId === activityId);
  if (!mine.length) return null;
  return (
    <Box sx={{ mb: 2 }}>
      <Typography variant="subtitle2" sx={{ mb: 0.5 }}>
        Registros no aparelho
      </Typography>
      <List dense disablePadding aria-label="Registros no aparelho">
        {mine.map((r) => (
          <ListItem key={r.seq} disableGutters divider data-testid="pending-record" data-state={r.state} sx={{ flexWrap: 'wrap', gap: 1 }}>
            <ListItemText primary={r.label} secondary={r.state === 'refused' ? `Recusado: ${r.error ?? ''}` : 'Pendente: será enviado quando houver conexão'} sx={{ flex: '1 1 200px' }} />
            <Chip size="small" color={r.state === 'refused' ? 'error' : 'warning'} label={r.state === 'refused' ? 'Recusado' : 'Pendente'} />
            {r.state === 'refused' && (
              <Box sx={{ display: 'flex', gap: 0.5 }}>
                <Button size="small" onClick={() => void retryRecord(r.seq!)}>
                  Tentar de novo
                </Button>
                <Button
                  size="small"
                  color="error"
                  onClick={async () => {
                    if (await confirmAction({ title: `Descartar "${r.label}"?`, text: 'O registro sai do aparelho sem ser enviado.', confirmText: 'Descartar', danger: true })) void discardRecord(r.seq!);
                  }}
                >
                  Descartar
                </Button>
              </Box>
            )}
          </ListItem>
        ))}
      </List>
    </Box>
  );
}
