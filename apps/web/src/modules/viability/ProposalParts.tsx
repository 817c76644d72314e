/** Pieces of the public proposal pages: the title, the organization's header, and the message of a link that does not open. */
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlineOutlined';
import HourglassDisabledIcon from '@mui/icons-material/HourglassDisabled';
import { Box, Button, CircularProgress, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { isAxiosError } from '../../core/api';
import { proposalLogoUrl, type ProposalView } from './api';

export const messageOf = (e: unknown) => {
  if (isAxiosError(e)) {
    const m = (e.response?.data as { message?: unknown } | undefined)?.message;
    if (typeof m === 'string') return m;
  }
  return null;
};

export function useTitle(title: string) {
  useEffect(() => {
    document.title = `${title} · Operações`;
  }, [title]);
}

export function Loading() {
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 1.5, p: 3 }}>
      <CircularProgress aria-label="Carregando" />
      <Typography color="text.secondary">Carregando a proposta…</Typography>
    </Box>
  );
}

/** 404 (unknown or revoked), 410 (expired) or no answer at all (offline): each its own plain message, never data. */
export function LinkProblem({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const status = isAxiosError(error) ? error.response?.status : undefined;
  const expired = status === 410;
  const offline = !status || status >= 500;
  const title = expired ? 'Proposta expirada' : offline ? 'Não foi possível abrir a proposta' : 'Link de proposta inválido';
  useTitle(title);
  return (
    <Box sx={{ textAlign: 'center' }} role="alert" data-testid="proposal-problem" data-status={status ?? 'offline'}>
      {expired ? <HourglassDisabledIcon color="warning" sx={{ fontSize: 48 }} /> : <ErrorOutlineIcon color="error" sx={{ fontSize: 48 }} />}
      <Typography variant="h6" component="h2" sx={{ fontWeight: 600, mt: 1 }}>
        {title}
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 1 }}>
        {offline
          ? 'Verifique sua conexão com a internet e tente de novo.'
          : ((status === 404 || status === 410 ? messageOf(error) : null) ?? (expired ? 'O prazo de validade desta proposta terminou.' : 'Este link não existe ou foi revogado.'))}
      </Typography>
      {!offline && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
          {expired ? 'Peça ao seu consultor uma proposta atualizada.' : 'Confira se o endereço foi copiado por inteiro ou peça um novo link ao seu consultor.'}
        </Typography>
      )}
      {offline && (
        <Button variant="contained" sx={{ mt: 2 }} onClick={onRetry}>
          Tentar de novo
        </Button>
      )}
    </Box>
  );
}

/** The organization's logo (when it has one and it loads) and name. */
export function OrganizationHeader({ v, hash }: { v: ProposalView; hash: string }) {
  const [logoFailed, setLogoFailed] = useState(false);
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, mb: 2 }} data-testid="proposal-organization">
      {v.organization.has_logo && !logoFailed && (
        <Box
          component="img"
          src={proposalLogoUrl(hash)}
          alt={`Logotipo de ${v.organization.name}`}
          onError={() => setLogoFailed(true)}
          sx={{ maxHeight: 48, maxWidth: 120, objectFit: 'contain', flexShrink: 0 }}
        />
      )}
      <Typography variant="subtitle1" component="p" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
        {v.organization.name}
      </Typography>
    </Box>
  );
}
