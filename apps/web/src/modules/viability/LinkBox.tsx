/** The unit's public proposal link: copy, open, a new link (the old stops working) and revoke, each confirmed. */
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import LinkIcon from '@mui/icons-material/Link';
import LinkOffIcon from '@mui/icons-material/LinkOff';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import { Box, Button, InputAdornment, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { confirmAction, toast } from '../../core/toast';
import { newLink, revokeLink, type ViabilityUnitRead } from './api';
import { dayLabel, proposalLink } from './format';

export function LinkBox({ unit, canWrite, onChanged }: { unit: ViabilityUnitRead; canWrite: boolean; onChanged: (u: ViabilityUnitRead) => void }) {
  const [busy, setBusy] = useState(false);
  const url = unit.public_hash ? proposalLink(window.location.origin, unit.public_hash) : null;
  const run = async (fn: () => Promise<ViabilityUnitRead>, done: string) => {
    setBusy(true);
    try {
      onChanged(await fn());
      toast.success(done);
    } catch {
      // toasted by the API client
    } finally {
      setBusy(false);
    }
  };
  const copy = async () => {
    if (!url) return;
    try {
      await navigator.clipboard.writeText(url);
      toast.success('Link copiado!');
    } catch {
      (document.getElementById('proposal-link') as HTMLInputElement | null)?.select();
      toast.info('Selecione e copie o link');
    }
  };
  const regenerate = async () => {
    const ok = await confirmAction({
      title: unit.public_hash ? 'Gerar um novo link?' : 'Gerar o link da proposta?',
      text: unit.public_hash ? 'O link atual deixa de funcionar. Envie o novo link ao cliente.' : 'Qualquer pessoa com o link poderá ver a proposta e respondê-la.',
      confirmText: 'Gerar link',
      danger: !!unit.public_hash,
    });
    if (ok) await run(() => newLink(unit.id), 'Novo link gerado!');
  };
  const revoke = async () => {
    const ok = await confirmAction({ title: 'Revogar o link da proposta?', text: 'Quem tiver o link não poderá mais abrir a proposta.', confirmText: 'Revogar' });
    if (ok) await run(() => revokeLink(unit.id), 'Link revogado!');
  };
  return (
    <Box data-testid="proposal-link-box">
      {url ? (
        <>
          <TextField
            id="proposal-link"
            label="Link público da proposta"
            value={url}
            fullWidth
            size="small"
            slotProps={{
              htmlInput: { readOnly: true, onFocus: (e: React.FocusEvent<HTMLInputElement>) => e.target.select() },
              input: {
                endAdornment: (
                  <InputAdornment position="end">
                    <Button size="small" startIcon={<ContentCopyIcon />} onClick={() => void copy()}>
                      Copiar
                    </Button>
                  </InputAdornment>
                ),
              },
            }}
            helperText={`Sem login. Vale até ${dayLabel(unit.calculation.valid_until)}.`}
          />
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mt: 1 }}>
            <Button size="small" variant="outlined" startIcon={<OpenInNewIcon />} component="a" href={url} target="_blank" rel="noopener">
              Abrir
            </Button>
            {canWrite && (
              <>
                <Button size="small" startIcon={<LinkIcon />} onClick={() => void regenerate()} disabled={busy}>
                  Gerar novo link
                </Button>
                <Button size="small" color="error" startIcon={<LinkOffIcon />} onClick={() => void revoke()} disabled={busy}>
                  Revogar
                </Button>
              </>
            )}
          </Box>
        </>
      ) : (
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
          <Typography color="text.secondary" sx={{ flex: 1, minWidth: 200 }}>
            Nenhum link ativo: a proposta não pode ser aberta pelo cliente.
          </Typography>
          {canWrite && (
            <Button variant="outlined" startIcon={<LinkIcon />} onClick={() => void regenerate()} disabled={busy}>
              Gerar link
            </Button>
          )}
        </Box>
      )}
    </Box>
  );
}
