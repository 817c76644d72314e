import { z } from 'zod';
import { cidrContains, normalizeCidr, parseCidr, parseIp } from '../kit/ip';
import { hostname, ipAddress, vlanId } from '../kit/validators';

/** OpenStreetMap's standard tiles. */
export const DEFAULT_MAP_TILE_URL = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';

/**
 * A management network of the MikroTik scripts: a block in its normal form and its gateway, inside it.
 * Each device's management address takes the prefix of the block that holds it.
 */
export const managementNetwork = z
  .object({
    // In its normal form (a refinement, not a transform: the settings are also the answer's schema).
    block: z
      .string()
      .trim()
      .superRefine((v, ctx) => {
        const n = normalizeCidr(v);
        if (!n.ok) ctx.addIssue({ code: 'custom', message: n.message });
        else if (n.cidr !== v) ctx.addIssue({ code: 'custom', message: `Escreva o bloco na forma normal: ${n.cidr}` });
      }),
    gateway: ipAddress,
  })
  .superRefine((v, ctx) => {
    const block = parseCidr(v.block);
    const gateway = parseIp(v.gateway);
    if (block && gateway && !cidrContains(block, gateway)) ctx.addIssue({ code: 'custom', message: `O gateway ${v.gateway} está fora do bloco ${v.block}`, path: ['gateway'] });
  });
export type ManagementNetwork = z.infer<typeof managementNetwork>;

const decimal = (label: string) => z.number({ message: `${label}: informe um número` }).min(0, `${label} não pode ser negativo`);

/** One schema per section of /organization-settings; every field has a default. */
export const ORGANIZATION_SETTINGS = {
  'external-activity': z.object({
    default_duration_minutes: z.number().int().min(5).max(24 * 60).default(120),
    sla_hours: z.number().int().min(1).max(24 * 30).default(24),
    numbering_prefix: z.string().trim().max(10).regex(/^[A-Z0-9-]*$/, 'Use letras maiúsculas, números e hífen').default('OS-'),
  }),
  viability: z.object({
    max_distance_m: z.number().int().min(1).max(100_000).default(500),
    price_per_meter: decimal('Preço por metro').default(12.5),
    margin_percent: z.number().min(0).max(500).default(30),
    /** Streets are longer than a straight line: the estimated route is the distance × this factor. */
    route_factor: z.number({ message: 'Fator de rota: informe um número' }).min(1, 'O fator de rota vai de 1 a 5').max(5, 'O fator de rota vai de 1 a 5').default(1.3),
    proposal_validity_days: z.number().int().min(1).max(365).default(15),
    /** Fibre: how far a drop reaches from a CTO: the nearest box with a free port within it serves the address. */
    drop_reach_m: z.number({ message: 'Alcance do drop: informe um número' }).int().min(1, 'O alcance do drop vai de 1 m a 5 km').max(5_000, 'O alcance do drop vai de 1 m a 5 km').default(250),
    /** Radio: a link's reach in a straight line from a tower or POP with a radio (5 GHz PTP). */
    radio_range_m: z.number({ message: 'Alcance do rádio: informe um número' }).int().min(100, 'O alcance do rádio vai de 100 m a 100 km').max(100_000, 'O alcance do rádio vai de 100 m a 100 km').default(15_000),
    /** A unit with a custom monthly fee and no plan: the contract term its proposal states. */
    default_contract_months: z.number({ message: 'Prazo do contrato: informe um número' }).int().min(1, 'O prazo vai de 1 a 120 meses').max(120, 'O prazo vai de 1 a 120 meses').default(12),
    default_template_id: z.number().int().positive().nullable().default(null),
    /** Tiles of the maps (sites, viability): an http(s) template with {z}, {x} and {y}; OpenStreetMap's by default. */
    map_tile_url: z
      .string()
      .trim()
      .max(500)
      .regex(/^https?:\/\/[^\s]+$/, 'Informe uma URL http(s)')
      .refine((v) => ['{z}', '{x}', '{y}'].every((p) => v.includes(p)), 'A URL precisa conter {z}, {x} e {y}')
      .default(DEFAULT_MAP_TILE_URL),
    /** Address search: an http(s) endpoint answering Nominatim's /search (jsonv2); empty: no search (city list and a tap on the map). */
    geocoder_url: z
      .string()
      .trim()
      .max(500, 'URL longa demais')
      .refine((v) => v === '' || /^https?:\/\/[^\s]+$/.test(v), 'Informe uma URL http(s) (ou deixe em branco)')
      .default(''),
  }),
  warehouse: z.object({
    patrimony_prefix: z.string().trim().max(10).regex(/^[A-Z0-9-]*$/, 'Use letras maiúsculas, números e hífen').default('PAT-'),
    /** Zero-padded digits after the prefix: PAT-000123. */
    patrimony_digits: z.number().int().min(3).max(12).default(6),
    out_request_needs_approval: z.boolean().default(true),
    low_stock_alerts: z.boolean().default(true),
  }),
  logistic: z.object({
    carriers: z.array(z.string().trim().min(1).max(100)).max(50).default(['Correios', 'Jadlog', 'Transportadora própria']),
    default_sender_address: z.string().trim().max(500).default(''),
    receiving_link_validity_days: z.number().int().min(1).max(90).default(7),
  }),
  mikrotik: z.object({
    dns_servers: z.array(ipAddress).max(4).default(['1.1.1.1', '8.8.8.8']),
    ntp_servers: z.array(z.union([ipAddress, hostname])).max(4).default(['a.ntp.br', 'b.ntp.br']),
    snmp_community: z.string().trim().max(64).regex(/^[A-Za-z0-9._-]*$/, 'Comunidade SNMP inválida').default('operacoes'),
    syslog_server: z.union([ipAddress, z.literal('')]).default(''),
    admin_users: z.array(z.string().trim().regex(/^[a-z_][a-z0-9_.-]{0,31}$/, 'Usuário inválido')).max(10).default(['noc']),
    services_to_disable: z.array(z.enum(['telnet', 'ftp', 'www', 'www-ssl', 'api', 'api-ssl', 'winbox', 'ssh'])).default(['telnet', 'ftp', 'www', 'api']),
    management_vlan: vlanId.nullable().default(null),
    /** The management blocks and their gateways; SSH, Winbox and API are limited to them. */
    management_networks: z.array(managementNetwork).max(20, 'No máximo 20 redes de gerência').default([]),
  }),
  circuit: z.object({
    /** Operator circuits: days before `contract_ends_on` their holders are notified. */
    contract_end_notice_days: z.number({ message: 'Informe o número de dias' }).int('Use um número inteiro de dias').min(1, 'Entre 1 e 365 dias').max(365, 'Entre 1 e 365 dias').default(30),
  }),
} as const;

export type SettingsSection = keyof typeof ORGANIZATION_SETTINGS;
export const SETTINGS_SECTIONS = Object.keys(ORGANIZATION_SETTINGS) as SettingsSection[];
export type SectionSettings<S extends SettingsSection> = z.infer<(typeof ORGANIZATION_SETTINGS)[S]>;

export const SETTINGS_SECTION_LABELS: Record<SettingsSection, string> = {
  'external-activity': 'Atividades externas',
  viability: 'Viabilidade',
  warehouse: 'Almoxarifado',
  logistic: 'Logística',
  mikrotik: 'MikroTik',
  circuit: 'Circuitos de operadora',
};

/**
 * Sections not every member may read. The MikroTik scripts' settings (SNMP community included)
 * are read by ORG holders, super admins and holders of a network permission (or its .INDEX);
 * the other sections stay readable by any member of the organization.
 */
export const SETTINGS_SECTION_READERS: Partial<Record<SettingsSection, readonly string[]>> = {
  mikrotik: ['SITE', 'NETWORK_ASSET', 'LMC', 'SVC', 'UNION', 'OPERATOR_CIRCUIT'],
};

/** Whether a user may read a settings section (the one rule for API and web). */
export function canReadSettingsSection(user: { superAdmin: boolean; permissions: readonly string[] }, section: SettingsSection): boolean {
  const readers = SETTINGS_SECTION_READERS[section];
  if (!readers || user.superAdmin || user.permissions.includes('ORG')) return true;
  return readers.some((p) => user.permissions.includes(p) || user.permissions.includes(`${p}.INDEX`));
}

/** A section's stored values merged over its defaults. */
export function settingsWithDefaults<S extends SettingsSection>(section: S, stored: unknown): SectionSettings<S> {
  const schema = ORGANIZATION_SETTINGS[section] as z.ZodObject;
  const parsed = schema.safeParse(stored ?? {});
  return (parsed.success ? parsed.data : schema.parse({})) as SectionSettings<S>;
}
