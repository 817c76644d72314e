/**
 * "Reagendar": the reason (required) and, optionally, the new window of the visit. A new window is
 * checked like a schedule (the technicians' day, the SLA deadline): the caller asks the 409's question.
 */
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, TextField } from '@mui/material';
import { useId, useState } from 'react';
import { isoOf, VisitWindowFields, wrongVisitEnd } from './VisitWindowFields';

export function RescheduleDialog({ open, code, onClose, onConfirm }: { open: boolean; code: string; onClose: () => void; onConfirm: (reason: string, start: string | null, end: string | null) => Promise<unknown> }) {
  const titleId = useId();
  const [reason, setReason] = useState('');
  const [start, setStart] = useState('');
  const [end, setEnd] = useState('');
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const trimmed = reason.trim();
  const reasonError = trimmed.length < 3 ? 'Informe o motivo (ao menos 3 caracteres)' : trimmed.length > 1000 ? 'No máximo 1000 caracteres' : '';
  const wrongEnd = wrongVisitEnd(start, end);
  const close = () => {
    if (busy) return;
    setReason('');
    setStart('');
    setEnd('');
    setTouched(false);
    onClose();
  };
  const submit = () => {
    setTouched(true);
    if (reasonError || wrongEnd) return;
    setBusy(true);
    onConfirm(trimmed, isoOf(start), isoOf(end))
      .then(
        () => {
          setBusy(false);
          close();
        },
        () => undefined,
      )
      .finally(() => setBusy(false));
  };
  return (
    <Dialog open={open} onClose={close} fullWidth maxWidth="xs" aria-labelledby={titleId}>
      <DialogTitle id={titleId}>Reagendar a atividade {code}?</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <TextField
            label="Motivo"
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            onBlur={() => setTouched(true)}
            required
            multiline
            minRows={2}
            error={touched && !!reasonError}
            helperText={touched && reasonError ? reasonError : ' '}
          />
          <VisitWindowFields start={start} end={end} onStart={setStart} onEnd={setEnd} startLabel="Novo início (opcional)" endLabel="Novo fim (opcional)" />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={close}>Voltar</Button>
        <Button variant="contained" color="warning" disabled={busy} onClick={submit}>
          Reagendar
        </Button>
      </DialogActions>
    </Dialog>
  );
}
