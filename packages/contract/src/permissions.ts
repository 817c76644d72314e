import { ROUTE_PERMISSIONS } from './modules';

export { ROUTE_PERMISSIONS };

/**
 * The permission catalogue (SPEC §2, §6). A name `X` grants read and write on module X;
 * `X.INDEX` grants read only. `LOG.READ` is the revision log's read form.
 */
export const MODULE_PERMISSIONS = [
  { name: 'SCHEDULE', label: 'Agenda' },
  { name: 'PROJECT', label: 'Projetos' },
  { name: 'VIABILITY', label: 'Viabilidade' },
  { name: 'VIABILITY_TEMPLATE_PRODUCT', label: 'Modelos de viabilidade' },
  { name: 'WAREHOUSE', label: 'Almoxarifado' },
  { name: 'STOCK', label: 'Estoques' },
  { name: 'SECTION', label: 'Seções' },
  { name: 'PRODUCT', label: 'Produtos' },
  { name: 'PATRIMONY', label: 'Patrimônio' },
  { name: 'PATRIMONY_OUT_REQUEST', label: 'Solicitações de patrimônio' },
  { name: 'PATRIMONY_HISTORY', label: 'Movimentações' },
  { name: 'ASSET_SHIPMENT', label: 'Envios' },
  { name: 'EXTERNAL_ACTIVITY', label: 'Atividades externas' },
  // On top of EXTERNAL_ACTIVITY: edit, assign, reschedule and cancel orders that are not one's own.
  { name: 'EXTERNAL_ACTIVITY_DISPATCH', label: 'Despachar atividades externas' },
  { name: 'ASSISTANCE_TYPE', label: 'Tipos de atendimento' },
  { name: 'ORG', label: 'Organizações' },
  { name: 'LMC', label: 'LMC' },
  { name: 'SVC', label: 'SVC' },
  { name: 'SITE', label: 'Sites' },
  { name: 'NETWORK_ASSET', label: 'Ativos de rede' },
  { name: 'UNION', label: 'Uniões' },
  { name: 'OPERATOR_CIRCUIT', label: 'Circuitos de operadora' },
  { name: 'DATA_SOURCE', label: 'Fontes de dados' },
  { name: 'CITY', label: 'Cidades' },
  { name: 'STATE', label: 'Estados' },
  { name: 'COUNTRY', label: 'Países' },
  { name: 'USER', label: 'Usuários' },
  { name: 'LOG', label: 'Log de revisões' },
] as const;

export type ModulePermission = (typeof MODULE_PERMISSIONS)[number]['name'];
/** A permission a user may hold: a module's name (read and write), its `.INDEX` form (read only), or `LOG.READ`. */
export type Permission = ModulePermission | `${ModulePermission}.INDEX` | 'LOG.READ';

/** Every valid permission string: each name, its `.INDEX` form, and `LOG.READ`. */
export const ALL_PERMISSIONS: readonly string[] = [
  ...MODULE_PERMISSIONS.flatMap((p) => [p.name, `${p.name}.INDEX`]),
  'LOG.READ',
];

export const isKnownPermission = (p: string) => ALL_PERMISSIONS.includes(p);

/**
 * SPEC §6: a check passes if the required list is empty or the user holds at least one of
 * the required permissions. The one rule used by the web menu and routes.
 */
export function hasAnyPermission(held: readonly string[] | undefined, required: readonly string[]): boolean {
  if (required.length === 0) return true;
  if (!held) return false;
  return required.some((r) => held.includes(r));
}

/** Names that let a user read module X (or any of a list): `X`, `X.INDEX` (and `LOG.READ` for LOG). */
export function readPermissionsOf(name: ModulePermission | readonly ModulePermission[]): Permission[] {
  if (typeof name !== 'string') return name.flatMap((n) => readPermissionsOf(n));
  const list: Permission[] = [name, `${name}.INDEX`];
  if (name === 'LOG') list.push('LOG.READ');
  return list;
}


/** Expands a gate to the names that satisfy it: each name and its `.INDEX` form. */
export function routeRequirement(path: string): Permission[] {
  const names = ROUTE_PERMISSIONS[path];
  if (!names) return [];
  return [...new Set(names.flatMap((n): Permission[] => (n.endsWith('.READ') || n.endsWith('.INDEX') ? [n] : [n, `${n as ModulePermission}.INDEX`])))];
}
