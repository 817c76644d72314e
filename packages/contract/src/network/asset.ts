import { z } from 'zod';
import { blankAsNull as kitBlankAsNull, listQuery, tenantRecord, updateOf } from '../kit/common';
import { defineResource } from '../kit/define';
import { ipAddress, macAddress } from '../kit/validators';

export { macAddress };
import { id, optionalText, queryId } from '../warehouse';
import { ASSET_BULK_MAX, ASSET_ROLES, ASSET_STATUSES, ASSET_VENDORS, INTERFACE_TYPES, ROUTEROS_VERSIONS } from './enums';
import { networkAssetEntity } from './module';
import { siteRef } from './site';

/** A host name as devices take it: letters, digits, hyphen, dot, underscore (no spaces). */
const assetHostname = z
  .string()
  .trim()
  .min(1, 'Informe o hostname')
  .max(253, 'Hostname longo demais')
  .regex(/^[A-Za-z0-9]([A-Za-z0-9._-]*[A-Za-z0-9])?$/, 'Hostname inválido: use letras, números, ponto, hífen ou sublinhado');

/** The kit's blank-as-none, typed by the output of `schema` (a MAC address normalises its text). */
const blankAsNull = <O>(schema: z.ZodType<O>) => kitBlankAsNull(schema) as unknown as z.ZodOptional<z.ZodNullable<z.ZodType<O, O | string>>>;

/**
 * What is wrong with an interface name, or null. The names go into RouterOS commands, where
 * a comma separates the items of a list (`slaves=`, `tagged=`, `interface-list`): RouterOS
 * itself refuses a comma in a name, and one would split ours in two. Besides that we keep to
 * printable ASCII without `"`, `\`, `$` and `?`: the script escapes those, but a technician
 * typing the name in the terminal would see `?` open the help, `$` read a variable and a quote
 * end the value, and RouterOS stores the bytes of accented letters, which its terminal and
 * Winbox garble. The same names serve every vendor, whose usual names (`et-0/0/0`,
 * `gpon0/1/2`, `sfp-sfpplus1`) stay within this set.
 */
export function interfaceNameProblem(name: string): string | null {
  if (name.includes(',')) return 'O nome da interface não pode ter vírgula: o RouterOS usa a vírgula para separar interfaces numa lista.';
  const odd = [...name].find((ch) => ch < ' ' || ch > '~' || '"\\$?'.includes(ch));
  if (odd === undefined) return null;
  const shown = odd < ' ' || odd === '\x7f' ? 'um caractere de controle' : `“${odd}”`;
  return `O nome da interface não pode ter ${shown}: use letras sem acento, números, espaço e sinais como - _ . / : +.`;
}

export const interfaceInput = z.object({
  /** Present for an interface the asset already has: its row (and id) is kept. */
  id: id.optional(),
  name: z
    .string()
    .trim()
    .min(1, 'Informe o nome da interface')
    .max(60, 'Nome longo demais')
    .superRefine((name, ctx) => {
      const bad = interfaceNameProblem(name);
      if (bad) ctx.addIssue({ code: 'custom', message: bad });
    }),
  type: z.enum(INTERFACE_TYPES, { message: 'Tipo de interface inválido' }).default('ethernet'),
  mac: blankAsNull(macAddress),
  speed_mbps: z.number().int('Velocidade em Mbps inteiros').positive('A velocidade deve ser maior que zero').max(1_000_000, 'Velocidade grande demais').nullable().optional(),
  description: optionalText(200),
  enabled: z.boolean().default(true),
});
export type InterfaceInput = z.input<typeof interfaceInput>;

/** Interface names are unique per asset (case-insensitive): a repeated name is refused on the repeated row. */
const interfaceList = z
  .array(interfaceInput)
  .max(512, 'No máximo 512 interfaces por ativo')
  .superRefine((list, ctx) => {
    const seen = new Map<string, number>();
    list.forEach((itf, i) => {
      const key = itf.name.toLowerCase();
      if (seen.has(key)) ctx.addIssue({ code: 'custom', message: `Nome repetido: já usado na linha ${seen.get(key)! + 1}`, path: [i, 'name'] });
      else seen.set(key, i);
    });
  });

export const assetInput = z.object({
  hostname: assetHostname,
  role: z.enum(ASSET_ROLES, { message: 'Função inválida' }),
  vendor: z.enum(ASSET_VENDORS, { message: 'Fabricante inválido' }),
  model: optionalText(120),
  serial: optionalText(120),
  management_ip: blankAsNull(ipAddress),
  routeros_version: blankAsNull(z.enum(ROUTEROS_VERSIONS, { message: 'Versão do RouterOS: 6.x ou 7.x' })),
  site_id: id.nullable().optional(),
  status: z.enum(ASSET_STATUSES, { message: 'Situação inválida' }).default('ativo'),
  patrimony_id: id.nullable().optional(),
  notes: optionalText(4000),
  interfaces: interfaceList.default([]),
  /**
   * The interface the device is managed through (one of its interfaces, by name): the MikroTik
   * scripts put the management VLAN and address on it, the same in every LMC's script.
   */
  management_interface: blankAsNull(z.string().trim().max(60, 'Nome longo demais')),
});

const ROUTEROS_ONLY_MIKROTIK = 'A versão do RouterOS só se aplica a equipamentos MikroTik';
/** The RouterOS version belongs to MikroTik devices only. */
export function routerOsOnMikrotik(v: { vendor?: string; routeros_version?: string | null }, ctx: z.RefinementCtx) {
  if (v.routeros_version && v.vendor !== undefined && v.vendor !== 'mikrotik') ctx.addIssue({ code: 'custom', message: ROUTEROS_ONLY_MIKROTIK, path: ['routeros_version'] });
}
export { ROUTEROS_ONLY_MIKROTIK };

/** Why the management interface is not one of these interface names (null when it is, or when there is none). */
export function managementInterfaceProblem(name: string | null | undefined, interfaces: readonly { name: string }[]): string | null {
  if (!name) return null;
  return interfaces.some((i) => i.name === name) ? null : `A interface de gerência "${name}" não está entre as interfaces do ativo`;
}

export const assetCreate = assetInput.superRefine((v, ctx) => {
  routerOsOnMikrotik(v, ctx);
  const problem = managementInterfaceProblem(v.management_interface, v.interfaces);
  if (problem) ctx.addIssue({ code: 'custom', message: problem, path: ['management_interface'] });
});
/** A PUT keeps what it does not carry; `interfaces`, when sent, is the whole list (kept ones by id). */
export const assetUpdate = updateOf(assetInput);

export const interfaceRead = z.object({
  id: z.number(),
  name: z.string(),
  type: z.enum(INTERFACE_TYPES),
  mac: z.string().nullable(),
  speed_mbps: z.number().nullable(),
  description: z.string().nullable(),
  enabled: z.boolean(),
});
export type InterfaceRead = z.infer<typeof interfaceRead>;

export const patrimonyLink = z.object({ id: z.number(), tag: z.string(), serial: z.string().nullable(), product: z.string().nullable() });

export const assetRead = tenantRecord({
  hostname: z.string(),
  role: z.enum(ASSET_ROLES),
  vendor: z.enum(ASSET_VENDORS),
  model: z.string().nullable(),
  serial: z.string().nullable(),
  management_ip: z.string().nullable(),
  routeros_version: z.enum(ROUTEROS_VERSIONS).nullable(),
  site_id: z.number().nullable(),
  site: siteRef.nullable(),
  status: z.enum(ASSET_STATUSES),
  patrimony_id: z.number().nullable(),
  patrimony: patrimonyLink.nullable(),
  notes: z.string().nullable(),
  interfaces: z.array(interfaceRead),
  /** The name of the interface the device is managed through, or null. */
  management_interface: z.string().nullable(),
  /** pt-BR warnings about the record (e.g. the serial differs from its patrimony item's). */
  warnings: z.array(z.string()),
});
export type AssetRead = z.infer<typeof assetRead>;
export type AssetInput = z.input<typeof assetInput>;

export const assetListQuery = listQuery.extend({
  site: queryId,
  status: z.enum(ASSET_STATUSES).optional(),
  role: z.enum(ASSET_ROLES).optional(),
  vendor: z.enum(ASSET_VENDORS).optional(),
  patrimony: queryId,
});
export type AssetListQuery = z.infer<typeof assetListQuery>;
export const assetExportQuery = assetListQuery.omit({ page: true, pageSize: true }).extend({ format: z.enum(['csv', 'xlsx']).default('csv') });

const bulkIds = z
  .array(id)
  .min(1, 'Selecione ao menos um ativo')
  .max(ASSET_BULK_MAX, `No máximo ${ASSET_BULK_MAX} ativos por vez`)
  .transform((ids) => [...new Set(ids)]);
/** `POST /api/asset/bulk/status`. */
export const assetBulkStatus = z.object({ ids: bulkIds, status: z.enum(ASSET_STATUSES, { message: 'Situação inválida' }) });
/** `POST /api/asset/bulk/move`. */
export const assetBulkMove = z.object({ ids: bulkIds, site_id: id });
export const assetBulkResult = z.object({ updated: z.number() });

export const networkAssetResource = defineResource({
  ...networkAssetEntity,
  apiPath: '/asset',
  permission: 'NETWORK_ASSET',
  tenancy: 'organization',
  schemas: { read: assetRead, create: assetCreate, update: assetUpdate, query: assetListQuery },
});
