/**
 * The edit/info page frame of one record, done once: loading → skeleton; a missing
 * or foreign record (404/403) → the plain "… não encontrado(a)" block with a way back; other
 * failures → a retry. Children render only with the record in hand.
 */
import { Alert, Box, Button, Paper, Skeleton, Stack, Typography } from '@mui/material';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { isAxiosError } from './api';

/** "Envio não encontrado." / "Fonte de dados não encontrada." by the entity's grammatical gender. */
export const notFoundText = (what: string, gender: 'm' | 'f' = 'm') => `${what} não ${gender === 'f' ? 'encontrada' : 'encontrado'}.`;

/** The block of a record that does not exist (or belongs to another organization). */
export function RecordNotFound({ what, gender, backTo }: { what: string; gender?: 'm' | 'f'; backTo: string }) {
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 4 }, textAlign: 'center' }} data-testid="record-not-found">
      <Typography variant="h6" component="p">
        {notFoundText(what, gender)}
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 1 }}>
        O registro pode ter sido removido ou o endereço está incorreto.
      </Typography>
      <Button component={RouterLink} to={backTo} variant="outlined" sx={{ mt: 2 }}>
        Voltar para a lista
      </Button>
    </Paper>
  );
}

export function RecordSkeleton() {
  return (
    <Stack spacing={2} aria-busy="true" aria-label="Carregando">
      <Skeleton variant="rounded" height={48} />
      <Skeleton variant="rounded" height={56} />
      <Skeleton variant="rounded" height={56} />
      <Skeleton variant="rounded" height={120} />
    </Stack>
  );
}

/** "Não foi possível carregar <what>." with a retry: a read that failed for another reason than 404/403. */
export function LoadFailed({ what, onRetry }: { what: string; onRetry: () => void }) {
  return (
    <Alert
      severity="error"
      action={
        <Button color="inherit" size="small" onClick={onRetry}>
          Tentar de novo
        </Button>
      }
    >
      Não foi possível carregar {what}.
    </Alert>
  );
}

const statusOf = (e: unknown) => (isAxiosError(e) ? e.response?.status : undefined);

type Props<T> = {
  query: Pick<UseQueryResult<T>, 'data' | 'isLoading' | 'isPending' | 'error' | 'refetch' | 'fetchStatus'>;
  /** The entity in pt-BR, capitalized ("Envio", "Fonte de dados"). */
  what: string;
  gender?: 'm' | 'f';
  /** The list page ("Voltar para a lista"). */
  backTo: string;
  children: (record: T) => ReactNode;
};

export function RecordPage<T>({ query, what, gender, backTo, children }: Props<T>) {
  const status = statusOf(query.error);
  if (query.data !== undefined && query.data !== null) return <>{children(query.data)}</>;
  if (query.isLoading || (query.isPending && query.fetchStatus === 'fetching')) return <RecordSkeleton />;
  if (query.error && status !== 404 && status !== 403)
    return (
      <Box>
        <LoadFailed what={what.toLowerCase()} onRetry={() => void query.refetch()} />
      </Box>
    );
  return <RecordNotFound what={what} gender={gender} backTo={backTo} />;
}

/** Loading / not found frame of a record page whose query the page runs itself. */
export function RecordFrame({
  loading,
  missing,
  what,
  gender,
  backTo,
  children,
}: {
  loading: boolean;
  missing: boolean;
  what: string;
  gender?: 'm' | 'f';
  backTo: string;
  children: ReactNode;
}) {
  if (loading) return <RecordSkeleton />;
  if (missing) return <RecordNotFound what={what} gender={gender} backTo={backTo} />;
  return <>{children}</>;
}
