import { Typography } from '@mui/material';
import { SecretOnceDialog } from '../../core/SecretOnceDialog';

/** The signing secret, once (after the create or "Gerar novo segredo"). */
export function SecretDialog({ secret, onClose }: { secret: string | null; onClose: () => void }) {
  if (!secret) return null;
  return (
    <SecretOnceDialog title="Segredo de assinatura" secret={secret} noun={{ article: 'o', word: 'segredo' }} fieldName="Segredo do webhook" onClose={onClose}>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
        Cada entrega traz o cabeçalho <code>X-Operacoes-Signature: sha256=…</code>: o HMAC-SHA256 do corpo com este segredo. Confira-o no seu sistema antes de aceitar a entrega.
      </Typography>
    </SecretOnceDialog>
  );
}
