/** Pieces of the public proposal pages: their frame (loading, a link that does not open, the verdict's page) and the organization's header. */
import { Box, CircularProgress, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { Navigate } from 'react-router';
import { LinkProblem, type LinkProblemTexts } from '../../core/publicLink';
import { getProposal, proposalLogoUrl, type ProposalView, viabilityKeys } from './api';

export function Loading() {
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 1.5, p: 3 }}>
      <CircularProgress aria-label="Carregando" />
      <Typography color="text.secondary">Carregando a proposta…</Typography>
    </Box>
  );
}

/** The proposal link's own words when it does not open (404, 410, offline). */
export const PROPOSAL_LINK_TEXTS: LinkProblemTexts = {
  titles: { expired: 'Proposta expirada', invalid: 'Link de proposta inválido', offline: 'Não foi possível abrir a proposta' },
  fallback: { expired: 'O prazo de validade desta proposta terminou.', invalid: 'Este link não existe ou foi revogado.' },
  advice: { expired: 'Peça ao seu consultor uma proposta atualizada.', invalid: 'Confira se o endereço foi copiado por inteiro ou peça um novo link ao seu consultor.' },
};

/**
 * The frame of both public proposal pages: the heading, loading, a link that does not open, and
 * the page for the unit's verdict — a viable one on the proposal, an inviável one on "cannot".
 */
export function ProposalFrame({ hash, page, children }: { hash: string; page: 'proposal' | 'cannot'; children: (v: ProposalView) => ReactNode }) {
  const q = useQuery({ queryKey: viabilityKeys.proposal(hash), queryFn: () => getProposal(hash), retry: false, staleTime: Infinity });
  // A proposal being redone stays on the proposal page (which says so), whatever its new verdict.
  const belongsHere = (v: ProposalView) => (v.verdict === 'inviavel' && !v.redoing) === (page === 'cannot');
  return (
    <Box>
      <Typography variant="overline" component="h1" color="text.secondary" sx={{ display: 'block', textAlign: 'center', lineHeight: 1.5, mb: 1 }}>
        Proposta comercial
      </Typography>
      {q.isLoading ? (
        <Loading />
      ) : q.isError || !q.data ? (
        <LinkProblem error={q.error} onRetry={() => void q.refetch()} texts={PROPOSAL_LINK_TEXTS} testId="proposal-problem" />
      ) : belongsHere(q.data) ? (
        children(q.data)
      ) : (
        <Navigate replace to={`/viability/unit/viewer/${page === 'cannot' ? '' : 'cannot/'}${encodeURIComponent(hash)}`} />
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
