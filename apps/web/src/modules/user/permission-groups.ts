/** Permission editing (users module): modules grouped by area; each has read (.INDEX) and full. */
import { MODULE_PERMISSIONS } from '@operacoes/contract/permissions';

export const PERMISSION_GROUPS: { label: string; names: string[] }[] = [
  { label: 'Agenda e projetos', names: ['SCHEDULE', 'PROJECT'] },
  { label: 'Viabilidade', names: ['VIABILITY', 'VIABILITY_TEMPLATE_PRODUCT'] },
  {
    label: 'Almoxarifado',
    names: ['WAREHOUSE', 'STOCK', 'SECTION', 'PRODUCT', 'PATRIMONY', 'PATRIMONY_OUT_REQUEST', 'PATRIMONY_HISTORY'],
  },
  { label: 'Logística e campo', names: ['ASSET_SHIPMENT', 'EXTERNAL_ACTIVITY', 'EXTERNAL_ACTIVITY_DISPATCH', 'ASSISTANCE_TYPE'] },
  { label: 'Rede', names: ['SITE', 'NETWORK_ASSET', 'LMC', 'SVC', 'UNION', 'OPERATOR_CIRCUIT', 'DATA_SOURCE'] },
  { label: 'Localidades', names: ['CITY', 'STATE', 'COUNTRY'] },
  { label: 'Administração', names: ['ORG', 'USER', 'LOG'] },
];

export const PERMISSION_LABEL: Record<string, string> = Object.fromEntries(
  MODULE_PERMISSIONS.map((p) => [p.name, p.label]),
);

/** Every module name appears in exactly one group (checked by a unit test). */
export const GROUPED_NAMES = PERMISSION_GROUPS.flatMap((g) => g.names);

export type Level = 'none' | 'read' | 'full';

/** The read form of a module: `X.INDEX` (the revision log's is `LOG.READ` too). */
export function levelOf(held: readonly string[], name: string): Level {
  if (held.includes(name)) return 'full';
  if (held.includes(`${name}.INDEX`) || (name === 'LOG' && held.includes('LOG.READ'))) return 'read';
  return 'none';
}

/** Sets one module's level, leaving the other modules untouched. */
export function setLevel(held: readonly string[], name: string, level: Level): string[] {
  const others = held.filter((p) => p !== name && p !== `${name}.INDEX` && !(name === 'LOG' && p === 'LOG.READ'));
  if (level === 'full') return [...others, name];
  if (level === 'read') return [...others, `${name}.INDEX`];
  return others;
}
