/** "Agendar" for an activity without a time yet: the start (and optional end) of the visit. */
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, TextField } from '@mui/material';
import { useState } from 'react';
import { zonedInstant } from '@operacoes/contract';
import { appTimeZone, zoneNote } from '../../../core/time-zone';

/** `2026-11-25T09:00` (a datetime-local value, typed on the organization's clock whatever the phone's zone) → ISO. */
const isoOf = (local: string) => (local ? zonedInstant(local, appTimeZone()).toISOString() : null);

export function ScheduleDialog({ open, onClose, onConfirm }: { open: boolean; onClose: () => void; onConfirm: (start: string, end: string | null) => Promise<unknown> }) {
  const [start, setStart] = useState('');
  const [end, setEnd] = useState('');
  const [busy, setBusy] = useState(false);
  const wrongEnd = !!start && !!end && end <= start;
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="xs">
      <DialogTitle>Agendar a visita</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <TextField type="datetime-local" label="Início" value={start} onChange={(e) => setStart(e.target.value)} required helperText={zoneNote() ?? undefined} slotProps={{ inputLabel: { shrink: true } }} />
          <TextField
            type="datetime-local"
            label="Fim (opcional)"
            value={end}
            onChange={(e) => setEnd(e.target.value)}
            error={wrongEnd}
            helperText={wrongEnd ? 'O fim deve ser depois do início' : ' '}
            slotProps={{ inputLabel: { shrink: true } }}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Voltar</Button>
        <Button
          variant="contained"
          disabled={!start || wrongEnd || busy}
          onClick={() => {
            setBusy(true);
            onConfirm(isoOf(start)!, isoOf(end))
              .then(onClose, () => undefined)
              .finally(() => setBusy(false));
          }}
        >
          Agendar
        </Button>
      </DialogActions>
    </Dialog>
  );
}
