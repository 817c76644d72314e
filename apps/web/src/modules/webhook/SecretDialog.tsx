import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, IconButton, Stack, TextField, Tooltip, Typography } from '@mui/material';
import { toast } from '../../core/toast';

/** The signing secret, once (after the create or "Gerar novo segredo"): copy it now, it is not shown again. */
export function SecretDialog({ secret, onClose }: { secret: string | null; onClose: () => void }) {
  if (!secret) return null;
  const copy = async () => {
    await navigator.clipboard?.writeText(secret).catch(() => undefined);
    toast.success('Segredo copiado');
  };
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="webhook-secret">
      <DialogTitle id="webhook-secret">Segredo de assinatura</DialogTitle>
      <DialogContent>
        <Alert severity="warning" sx={{ mb: 2 }}>
          Copie o segredo agora: por segurança ele não será mostrado de novo.
        </Alert>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <TextField value={secret} label="Segredo" fullWidth slotProps={{ htmlInput: { readOnly: true, 'aria-label': 'Segredo do webhook', style: { fontFamily: 'monospace' } } }} onFocus={(e) => e.target.select()} />
          <Tooltip title="Copiar">
            <IconButton aria-label="Copiar segredo" onClick={() => void copy()}>
              <ContentCopyIcon />
            </IconButton>
          </Tooltip>
        </Stack>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
          Cada entrega traz o cabeçalho <code>X-Operacoes-Signature: sha256=…</code>: o HMAC-SHA256 do corpo com este segredo. Confira-o no seu sistema antes de aceitar a entrega.
        </Typography>
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={onClose}>
          Já copiei
        </Button>
      </DialogActions>
    </Dialog>
  );
}
