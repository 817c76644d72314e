import { and, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { type InterfaceInput, assetCreate, siteCreate, violationsText } from '@operacoes/contract';
import type { CurrentUser } from '../../core/access';
import { audit } from '../../core/audit';
import type { DbOrTx, Tx } from '../../core/db';
import { HttpError } from '../../core/errors';
import { cities, presentCities } from '../locale';
import { patrimonies } from '../warehouse';
import { syncInterfaces } from './asset/interfaces';
import { assetSearchText, canonicalIp } from './asset/present';
import { networkAssets, networkInterfaces } from './asset/schema';
import { siteSearchText } from './site/routes';
import { sites } from './site/schema';

/** One record of a data-source run: its position in the answer, its external key and its mapped fields. */
export type ImportRecord = { row: number; key: string; data: Record<string, unknown> };
export type ImportOutcome = { created: number; updated: number; refused: { row: number; reason: string }[] };
export type NetworkImportTarget = 'site' | 'network_asset';

/** The record's faults by the fields' pt-BR names ("Latitude: …; Interface 2 › Nome: …"), never their keys. */
const issuesOf = (err: z.ZodError, entity: NetworkImportTarget) => violationsText(err.issues.map((i) => ({ propertyPath: i.path.join('.'), message: i.message })), entity);
const duplicateField = (err: unknown) => {
  const e = err as { code?: string; constraint?: string; cause?: { code?: string; constraint?: string } };
  const pg = e?.cause && typeof e.cause === 'object' ? e.cause : e;
  return pg?.code === '23505' ? (pg.constraint ?? '') : undefined;
};
const DUPLICATE_REASONS: Record<string, string> = {
  network_asset_management_ip_unique: 'IP de gerência já usado por outro ativo',
  network_asset_patrimony_id_unique: 'Patrimônio já vinculado a outro ativo',
  network_interface_name_unique: 'Nome de interface repetido',
};

/** Strings from JSON sources: numbers given as text ("-25,43") become numbers where the schema wants them. */
function coerce(data: Record<string, unknown>, numeric: string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(data)) {
    if (v === null || v === undefined || v === '') continue;
    out[k] = numeric.includes(k) && typeof v === 'string' && /^-?\d+([.,]\d+)?$/.test(v.trim()) ? Number(v.trim().replace(',', '.')) : v;
  }
  return out;
}

/**
 * Upserts data-source records into sites (by `code`, the external key when the record has none) or
 * network assets (by `hostname`), in the source's organization, with the same rules as the API: a
 * record that breaks one is refused with its reason and the others go on. Besides the API's fields a
 * site may name its city by `city_ibge_code`, an asset its site by `site_code`.
 */
export async function importNetworkRecords(tx: Tx, target: NetworkImportTarget, ctx: { organizationId: number; user?: CurrentUser }, records: ImportRecord[]): Promise<ImportOutcome> {
  const outcome: ImportOutcome = { created: 0, updated: 0, refused: [] };
  const refuse = (row: number, reason: string) => outcome.refused.push({ row, reason });
  for (const record of records) {
    try {
      // One savepoint per record: a refused record leaves nothing behind and the run goes on.
      const action = await tx.transaction((sp) => (target === 'site' ? importSite(sp, ctx, record) : importAsset(sp, ctx, record)));
      outcome[action]++;
    } catch (err) {
      if (err instanceof HttpError) refuse(record.row, err.violations?.length ? violationsText(err.violations, target) : err.message);
      else if (duplicateField(err) !== undefined) refuse(record.row, DUPLICATE_REASONS[duplicateField(err)!] ?? 'Valor repetido');
      else throw err;
    }
  }
  return outcome;
}

const invalid = (message: string) => new HttpError(422, message);

async function importSite(tx: DbOrTx, ctx: { organizationId: number; user?: CurrentUser }, record: ImportRecord): Promise<'created' | 'updated'> {
  const data = coerce({ code: record.key, ...record.data }, ['latitude', 'longitude', 'city_id', 'city_ibge_code']);
  if (data.city_ibge_code !== undefined) {
    const [city] = await tx.select({ id: cities.id }).from(cities).where(eq(cities.ibge_code, Number(data.city_ibge_code)));
    if (!city) throw invalid(`Código IBGE da cidade: cidade ${String(data.city_ibge_code)} não encontrada`);
    data.city_id = city.id;
  }
  delete data.city_ibge_code;
  delete data.unit_organizational_id; // units are the organization's own business, never set by a feed
  const parsed = siteCreate.safeParse(data);
  if (!parsed.success) throw invalid(issuesOf(parsed.error, 'site'));
  const input = parsed.data;
  if (input.city_id) {
    const [city] = await tx.select({ id: cities.id }).from(cities).where(eq(cities.id, input.city_id));
    if (!city) throw invalid('Cidade: não encontrada');
  }
  const city = input.city_id ? (await presentCities(tx, [input.city_id])).get(input.city_id) : undefined;
  const values = { ...input, search_text: siteSearchText(input, city) };
  const [existing] = await tx.select().from(sites).where(and(eq(sites.organization_id, ctx.organizationId), sql`lower(${sites.code}) = lower(${input.code})`)).for('update');
  if (existing) {
    const [after] = await tx.update(sites).set({ ...values, updated_at: new Date() }).where(eq(sites.id, existing.id)).returning();
    await audit(tx, ctx.user, { entity: 'site', entityId: existing.id, organizationId: ctx.organizationId, action: 'update', before: existing, after });
    return 'updated';
  }
  const [created] = await tx.insert(sites).values({ ...values, organization_id: ctx.organizationId }).returning();
  await audit(tx, ctx.user, { entity: 'site', entityId: created.id, organizationId: ctx.organizationId, action: 'create', after: created });
  return 'created';
}

async function importAsset(tx: DbOrTx, ctx: { organizationId: number; user?: CurrentUser }, record: ImportRecord): Promise<'created' | 'updated'> {
  const data = coerce({ hostname: record.key, ...record.data }, ['site_id', 'patrimony_id']);
  if (typeof data.vendor === 'string') data.vendor = data.vendor.toLowerCase();
  if (typeof data.role === 'string') data.role = data.role.toLowerCase();
  if (data.site_code !== undefined) {
    const [site] = await tx.select({ id: sites.id }).from(sites).where(and(eq(sites.organization_id, ctx.organizationId), sql`lower(${sites.code}) = lower(${String(data.site_code)})`));
    if (!site) throw invalid(`Código do site: site "${String(data.site_code)}" não encontrado nesta organização`);
    data.site_id = site.id;
  }
  delete data.site_code;
  const parsed = assetCreate.safeParse(data);
  if (!parsed.success) throw invalid(issuesOf(parsed.error, 'network_asset'));
  const { interfaces, ...input } = parsed.data;
  if (input.site_id) {
    const [site] = await tx.select({ id: sites.id }).from(sites).where(and(eq(sites.id, input.site_id), eq(sites.organization_id, ctx.organizationId)));
    if (!site) throw invalid('Site: não encontrado nesta organização');
  }
  if (input.patrimony_id) {
    const [item] = await tx.select({ id: patrimonies.id }).from(patrimonies).where(and(eq(patrimonies.id, input.patrimony_id), eq(patrimonies.organization_id, ctx.organizationId)));
    if (!item) throw invalid('Patrimônio: não encontrado nesta organização');
  }
  const values = { ...input, management_ip: input.management_ip ? canonicalIp(input.management_ip) : null, search_text: '' };
  values.search_text = assetSearchText(values);
  const [existing] = await tx.select().from(networkAssets).where(and(eq(networkAssets.organization_id, ctx.organizationId), sql`lower(${networkAssets.hostname}) = lower(${input.hostname})`)).for('update');
  let row: typeof networkAssets.$inferSelect;
  if (existing) {
    [row] = await tx.update(networkAssets).set({ ...values, updated_at: new Date() }).where(eq(networkAssets.id, existing.id)).returning();
    await audit(tx, ctx.user, { entity: 'network_asset', entityId: row.id, organizationId: ctx.organizationId, action: 'update', before: existing, after: row });
  } else {
    [row] = await tx.insert(networkAssets).values({ ...values, organization_id: ctx.organizationId }).returning();
    await audit(tx, ctx.user, { entity: 'network_asset', entityId: row.id, organizationId: ctx.organizationId, action: 'create', after: row });
  }
  // Interfaces, when the record carries them, are matched by name: those kept keep their ids.
  if ('interfaces' in record.data && record.data.interfaces !== null) {
    const current = existing ? await tx.select({ id: networkInterfaces.id, name: networkInterfaces.name }).from(networkInterfaces).where(inArray(networkInterfaces.asset_id, [existing.id])) : [];
    const idOf = new Map(current.map((c) => [c.name.toLowerCase(), c.id]));
    const list: InterfaceInput[] = interfaces.map((i) => ({ ...i, id: idOf.get(i.name.toLowerCase()) }));
    await syncInterfaces(tx, ctx.user, row, list);
  }
  return existing ? 'updated' : 'created';
}
