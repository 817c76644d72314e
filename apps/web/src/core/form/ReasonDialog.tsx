/** A confirmation dialog that asks for a reason (required to refuse, optional to cancel). */
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, TextField } from '@mui/material';
import { useId, useState } from 'react';

export function ReasonDialog({
  open,
  title,
  text,
  label = 'Motivo',
  confirmText,
  required = false,
  onClose,
  onConfirm,
}: {
  open: boolean;
  title: string;
  text?: string;
  label?: string;
  confirmText: string;
  required?: boolean;
  onClose: () => void;
  /** Resolves when done (the dialog closes); rejects to keep it open (the error is toasted). */
  onConfirm: (reason: string) => Promise<unknown>;
}) {
  const titleId = useId();
  const [reason, setReason] = useState('');
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const trimmed = reason.trim();
  const error = required && trimmed.length < 3 ? 'Informe o motivo (ao menos 3 caracteres)' : trimmed.length > 1000 ? 'No máximo 1000 caracteres' : '';

  const close = () => {
    if (busy) return;
    setReason('');
    setTouched(false);
    onClose();
  };
  const submit = async () => {
    if (!open || busy) return;
    setTouched(true);
    if (error) return;
    setBusy(true);
    try {
      await onConfirm(trimmed);
      setReason('');
      setTouched(false);
      onClose();
    } catch {
      /* toasted by the API client */
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open={open} onClose={close} fullWidth maxWidth="sm" aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        {text && <DialogContentText sx={{ mb: 2 }}>{text}</DialogContentText>}
        <TextField
          autoFocus
          fullWidth
          multiline
          minRows={3}
          label={label}
          required={required}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          onBlur={() => setTouched(true)}
          error={touched && !!error}
          helperText={touched && error ? error : required ? 'Obrigatório' : 'Opcional'}
          sx={{ mt: 1 }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={close} color="inherit" disabled={busy}>
          Voltar
        </Button>
        <Button onClick={() => void submit()} color="error" variant="contained" loading={busy}>
          {confirmText}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
