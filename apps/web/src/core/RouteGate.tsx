/**
 * Route permissions, once for every page: a route the user may not open renders the
 * inline "no permission" message instead of the page, so no request is ever made for it.
 * A route's gate is the longest SPEC §2 gate (contract ROUTE_PERMISSIONS) that prefixes its
 * path segment by segment, plus the web-only gates below.
 */
import { Alert, Box } from '@mui/material';
import { type Permission, ROUTE_PERMISSIONS, routeRequirement } from '@operacoes/contract/permissions';
import type { ReactNode } from 'react';
import { PageTitle } from './PageTitle';
import { can } from './permissions';
import { useSession } from './session';

/** Gates of pages outside the SPEC §2 menu table, each with the module permission its API needs. */
export const FORBIDDEN_MESSAGE = 'Você não tem permissão para acessar esta página.';

const segments = (p: string) => p.split('/').filter(Boolean);

/** The permission names (any of them, read form included) that open a route path; [] = open to all. */
export function routeGate(path: string): Permission[] {
  const gates = ROUTE_PERMISSIONS;
  const parts = segments(path);
  let best: string | null = null;
  for (const gate of Object.keys(gates)) {
    const g = segments(gate);
    if (g.length <= parts.length && g.every((s, i) => s === parts[i]) && (!best || g.length > segments(best).length)) best = gate;
  }
  return best ? routeRequirement(best) : [];
}

/** The inline message of a page the user may not open. */
export function Forbidden({ title = 'Acesso negado' }: { title?: string }) {
  return (
    <Box>
      <PageTitle title={title} />
      <Alert severity="warning" data-testid="forbidden">
        {FORBIDDEN_MESSAGE}
      </Alert>
    </Box>
  );
}

/** Renders the page only when the signed-in user may open its route. */
export function RouteGate({ path, children }: { path: string; children: ReactNode }) {
  const { user } = useSession();
  if (!can(user, routeGate(path))) return <Forbidden />;
  return <>{children}</>;
}
