/** "Agendar" for an activity without a time yet: the start (and optional end) of the visit. */
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack } from '@mui/material';
import { useState } from 'react';
import { isoOf, VisitWindowFields, wrongVisitEnd } from './VisitWindowFields';

export function ScheduleDialog({ open, onClose, onConfirm }: { open: boolean; onClose: () => void; onConfirm: (start: string, end: string | null) => Promise<unknown> }) {
  const [start, setStart] = useState('');
  const [end, setEnd] = useState('');
  const [busy, setBusy] = useState(false);
  const wrongEnd = wrongVisitEnd(start, end);
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="xs">
      <DialogTitle>Agendar a visita</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <VisitWindowFields start={start} end={end} onStart={setStart} onEnd={setEnd} startLabel="Início" endLabel="Fim (opcional)" required />
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
