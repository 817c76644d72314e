import { fileURLToPath } from 'node:url';

/** Zod-free entries of the contract (keep /login light): the permission catalogue, the module registry (pages, menu) and the time zones. */
export const contractAliases = {
  '@operacoes/contract/permissions': fileURLToPath(new URL('../../packages/contract/src/permissions.ts', import.meta.url)),
  '@operacoes/contract/modules': fileURLToPath(new URL('../../packages/contract/src/modules.ts', import.meta.url)),
  '@operacoes/contract/time-zones': fileURLToPath(new URL('../../packages/contract/src/time-zones.ts', import.meta.url)),
};
