/**
 * A secret shown once (an API token, a webhook's signing secret): copy it now, it is never shown again.
 * Read-only monospace field with its own accessible name, a copy button, and "Já copiei" to close.
 */
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, IconButton, Stack, TextField, Tooltip } from '@mui/material';
import { type ReactNode, useId } from 'react';
import { toast } from './toast';

export function SecretOnceDialog({
  title,
  secret,
  noun,
  fieldName,
  children,
  onClose,
}: {
  title: string;
  secret: string;
  /** What it is, as the sentences say it: "o token", "o segredo". */
  noun: { article: 'o' | 'a'; word: string };
  /** The field's accessible name ("Token de API"). */
  fieldName: string;
  /** What to do with it, under the field. */
  children?: ReactNode;
  onClose: () => void;
}) {
  const titleId = useId();
  const Word = noun.word[0].toUpperCase() + noun.word.slice(1);
  const copy = async () => {
    await navigator.clipboard?.writeText(secret).catch(() => undefined);
    toast.success(`${Word} ${noun.article === 'o' ? 'copiado' : 'copiada'}`);
  };
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        <Alert severity="warning" sx={{ mb: 2 }}>
          Copie {noun.article} {noun.word} agora: por segurança {noun.article === 'o' ? 'ele' : 'ela'} não será {noun.article === 'o' ? 'mostrado' : 'mostrada'} de novo.
        </Alert>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <TextField value={secret} label={Word} fullWidth slotProps={{ htmlInput: { readOnly: true, 'aria-label': fieldName, style: { fontFamily: 'monospace' } } }} onFocus={(e) => e.target.select()} />
          <Tooltip title="Copiar">
            <IconButton aria-label={`Copiar ${noun.word}`} onClick={() => void copy()}>
              <ContentCopyIcon />
            </IconButton>
          </Tooltip>
        </Stack>
        {children}
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={onClose}>
          Já copiei
        </Button>
      </DialogActions>
    </Dialog>
  );
}
