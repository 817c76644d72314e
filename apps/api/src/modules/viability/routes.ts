/**
 * Viability studies: unit templates (a bill of materials, labour, a monthly cost),
 * viabilities (a client's request) and their units (one address each, calculated against the
 * nearest active site and kept with the prices of the day), the unit's public link and its
 * approval into an installation work order. The public proposal viewer is `viewer.ts`.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { and, asc, desc, eq, inArray, like, sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  unitOrganizationalEntity,
  type UnitCalculation,
  VIABILITY_MEDIUM_LABELS,
  idList,
  idParam,
  unitApproveBody,
  unitVersions,
  userEntity,
  viabilityEntity,
  viabilityPlanResource,
  viabilityResource,
  viabilityTemplateResource,
  viabilityUnitInput,
  viabilityUnitRead,
  viabilityUnitResource,
} from '@operacoes/contract';
import { type CurrentUser, userOf } from '../../core/access';
import { registerAfterCommit } from '../../core/after-commit';
import { audit } from '../../core/audit';
import type { DbOrTx } from '../../core/db';
import { HttpError, conflict, unprocessable } from '../../core/errors';
import { searchPatterns, searchText } from '../../core/list';
import { registerPeopleRoute } from '../../core/people';
import { findVisible, type ResourceDef, sqlList } from '../../core/resource';
import { defineApiResource, ownRoutes } from '../../core/resource-kit';
import { unitRefs } from '../../core/unit-refs';
import { personRefs, refOf } from '../../core/rows';
import { unitsOrganizational, users } from '../../core/schema';
import { cities, presentCities } from '../locale';
import { getOrganizationSettings } from '../organization-settings';
import { products } from '../warehouse';
import { externalActivities } from '../external-activity';
import { reclaimPorts, releasePorts } from './cto';
import { calculateUnit } from './unit-calculation';

/** The calculation's entry point where it always was (the benchmark imports it from here). */
export { calculateUnit };
import { ctoRoutes } from './cto-routes';
import { geocodeRoutes } from './geocode';
import { sites } from '../network';
import { fromCents, toCents } from './money';
import { viabilityViewerRoutes } from './viewer';
import { type TemplateItem, ctoPorts, viabilities, viabilityCounters, viabilityPlans, viabilityTemplates, viabilityUnits, viabilityUnitVersions } from './schema';

type UnitRow = typeof viabilityUnits.$inferSelect;
type TemplateRow = typeof viabilityTemplates.$inferSelect;
type ViabilityRow = typeof viabilities.$inferSelect;
type PlanRow = typeof viabilityPlans.$inferSelect;

/** The unit's columns that change its price (a change recalculates: a new version). */
const TERM_COLUMNS = ['plan_id', 'custom_monthly_fee', 'custom_fee_reason', 'carrier', 'carrier_quote', 'carrier_monthly_cost', 'carrier_installation_cost'] as const;
type TermValues = Pick<UnitRow, (typeof TERM_COLUMNS)[number]>;

/** A new public proposal hash: 32 random bytes (256 bits), base64url. */
export const newProposalHash = () => randomBytes(32).toString('base64url');

/** The next code of the organization: `VIA-000123` (the counter's row lock is held until commit). */
async function nextViabilityCode(tx: DbOrTx, organizationId: number): Promise<string> {
  const [{ last }] = await tx
    .insert(viabilityCounters)
    .values({ organization_id: organizationId, last: 1 })
    .onConflictDoUpdate({ target: viabilityCounters.organization_id, set: { last: sql`${viabilityCounters.last} + 1` } })
    .returning({ last: viabilityCounters.last });
  return `VIA-${String(last).padStart(6, '0')}`;
}

/** A submitted value equal to the stored one (money compared to the cent: "1500" is "1500.00"; blank is null). */
function sameValue(given: unknown, stored: unknown): boolean {
  const a = given === '' ? null : given;
  if (a === null || stored === null || stored === undefined) return a === null && (stored === null || stored === undefined);
  if (typeof stored === 'string' && /^-?\d+\.\d{2}$/.test(stored) && /^-?\d+(\.\d+)?$/.test(String(a))) return fromCents(toCents(String(a))) === stored;
  return a === stored;
}

/** The columns a calculation sets on its unit. */
const calculationColumns = (c: UnitCalculation) => ({ calculation: c, verdict: c.verdict, total_cost: c.total_cost, price: c.price });

/** A unit the client answered or that became a work order keeps its proposal as it is. */
function assertOpen(unit: Pick<UnitRow, 'decision' | 'approved_at' | 'name'>, doing: string) {
  if (unit.decision) throw conflict(`A proposta da unidade "${unit.name}" já foi ${unit.decision === 'aceita' ? 'aceita' : 'recusada'} pelo cliente: não é possível ${doing}.`);
  if (unit.approved_at) throw conflict(`A unidade "${unit.name}" já foi aprovada para instalação: não é possível ${doing}.`);
}

async function templateFor(tx: DbOrTx, organizationId: number, templateId: number | null | undefined, changed: boolean): Promise<TemplateRow> {
  let id = templateId ?? null;
  if (id === null) {
    id = (await getOrganizationSettings(tx, organizationId, 'viability')).default_template_id;
    if (id === null) throw unprocessable([{ propertyPath: 'template_id', message: 'Escolha um modelo de unidade (a organização não tem um modelo padrão).' }]);
  }
  const [template] = await tx.select().from(viabilityTemplates).where(and(eq(viabilityTemplates.id, id), eq(viabilityTemplates.organization_id, organizationId)));
  if (!template) throw unprocessable([{ propertyPath: 'template_id', message: 'Modelo de unidade não encontrado nesta organização.' }]);
  if (changed && !template.active) throw unprocessable([{ propertyPath: 'template_id', message: `O modelo "${template.name}" está inativo.` }]);
  return template;
}

/** The unit's plan: the organization's, active when newly chosen, of the template's medium. */
async function checkPlan(tx: DbOrTx, organizationId: number, planId: number, template: TemplateRow, changed: boolean): Promise<PlanRow> {
  const [plan] = await tx.select().from(viabilityPlans).where(and(eq(viabilityPlans.id, planId), eq(viabilityPlans.organization_id, organizationId)));
  if (!plan) throw unprocessable([{ propertyPath: 'plan_id', message: 'Plano não encontrado nesta organização.' }]);
  if (changed && !plan.active) throw unprocessable([{ propertyPath: 'plan_id', message: `O plano "${plan.name}" está inativo.` }]);
  if (plan.medium !== template.medium) {
    throw unprocessable([{ propertyPath: 'plan_id', message: `O plano "${plan.name}" é de ${VIABILITY_MEDIUM_LABELS[plan.medium]}, e o modelo "${template.name}" é de ${VIABILITY_MEDIUM_LABELS[template.medium]}.` }]);
  }
  return plan;
}

async function presentTemplates(rows: TemplateRow[], db: DbOrTx) {
  const ids = [...new Set(rows.flatMap((r) => r.items.map((i) => i.product_id)))];
  const found = ids.length ? await db.select({ id: products.id, code: products.code, name: products.name, unit_of_measure: products.unit_of_measure, price: products.price }).from(products).where(inArray(products.id, ids)) : [];
  const byId = new Map(found.map((p) => [p.id, p]));
  return rows.map(({ search_text: _s, ...r }) => ({
    ...r,
    created_at: r.created_at.toISOString(),
    updated_at: r.updated_at.toISOString(),
    items: r.items.map((i) => ({ ...i, product: byId.get(i.product_id) ?? { id: i.product_id, code: '?', name: '(produto excluído do catálogo)', unit_of_measure: 'un', price: null } })),
  }));
}

async function presentViabilities(rows: ViabilityRow[], db: DbOrTx) {
  const [people, units] = await Promise.all([personRefs(db, rows.map((r) => r.seller_id)), unitRefs(db, rows.map((r) => r.unit_organizational_id))]);
  const ids = rows.map((r) => r.id);
  const counted = ids.length ? await db.select({ id: viabilityUnits.viability_id, n: sql<number>`count(*)::int` }).from(viabilityUnits).where(inArray(viabilityUnits.viability_id, ids)).groupBy(viabilityUnits.viability_id) : [];
  const counts = new Map(counted.map((c) => [c.id, c.n]));
  return rows.map(({ search_text: _s, ...r }) => {
    const seller = refOf(people, r.seller_id);
    return { ...r, created_at: r.created_at.toISOString(), updated_at: r.updated_at.toISOString(), seller: seller ? { id: seller.id, name: seller.name } : null, unit_organizational: units.of(r.unit_organizational_id), unit_count: counts.get(r.id) ?? 0 };
  });
}

export async function presentUnits(rows: UnitRow[], db: DbOrTx): Promise<z.infer<typeof viabilityUnitRead>[]> {
  const viabilityIds = [...new Set(rows.map((r) => r.viability_id))];
  const templateIds = [...new Set(rows.map((r) => r.template_id))];
  const activityIds = rows.map((r) => r.activity_id).filter((x): x is number => x !== null);
  const planIds = [...new Set(rows.map((r) => r.plan_id).filter((x): x is number => x !== null))];
  const unitIds = rows.map((r) => r.id);
  const [vs, ts, as, cs, ps, held] = await Promise.all([
    viabilityIds.length ? db.select({ id: viabilities.id, code: viabilities.code, name: viabilities.client_name }).from(viabilities).where(inArray(viabilities.id, viabilityIds)) : [],
    templateIds.length ? db.select({ id: viabilityTemplates.id, name: viabilityTemplates.name }).from(viabilityTemplates).where(inArray(viabilityTemplates.id, templateIds)) : [],
    activityIds.length ? db.select({ id: externalActivities.id, code: externalActivities.code, status: externalActivities.status }).from(externalActivities).where(inArray(externalActivities.id, activityIds)) : [],
    presentCities(db, rows.map((r) => r.city_id)),
    planIds.length ? db.select({ id: viabilityPlans.id, name: viabilityPlans.name }).from(viabilityPlans).where(inArray(viabilityPlans.id, planIds)) : [],
    unitIds.length
      ? db.select({ unit_id: ctoPorts.unit_id, site_id: ctoPorts.site_id, code: sites.code, port: ctoPorts.port }).from(ctoPorts).innerJoin(sites, eq(sites.id, ctoPorts.site_id)).where(inArray(ctoPorts.unit_id, unitIds))
      : [],
  ]);
  const ports = new Map(held.map((h) => [h.unit_id, { site_id: h.site_id, code: h.code, port: h.port }]));
  const p = new Map(ps.map((x) => [x.id, x]));
  const v = new Map(vs.map((x) => [x.id, x]));
  const t = new Map(ts.map((x) => [x.id, x]));
  const a = new Map(as.map((x) => [x.id, x]));
  return rows.map(({ search_text: _s, decision_name, decision_comment, decided_at, approved_at: _a, approved_by: _b, line_of_sight_confirmed_by: _l, line_of_sight_confirmed_at, ...r }) => {
    const city = r.city_id ? cs.get(r.city_id) : undefined;
    return {
      ...r,
      created_at: r.created_at.toISOString(),
      updated_at: r.updated_at.toISOString(),
      viability: v.get(r.viability_id) ?? null,
      template: t.get(r.template_id) ?? null,
      plan: r.plan_id ? (p.get(r.plan_id) ?? null) : null,
      line_of_sight_confirmed_at: line_of_sight_confirmed_at?.toISOString() ?? null,
      city: city ? { id: city.id, name: city.name, state: city.uf } : null,
      decision: r.decision && decided_at ? { kind: r.decision, name: decision_name ?? '', at: decided_at.toISOString(), comment: decision_comment } : null,
      activity: r.activity_id ? (a.get(r.activity_id) ?? null) : null,
      reserved_port: ports.get(r.id) ?? null,
    };
  });
}

/** A viability's status once a unit is calculated: `aberta` becomes `em_analise`. */
async function startAnalysis(tx: DbOrTx, viabilityId: number) {
  await tx.update(viabilities).set({ status: 'em_analise', updated_at: new Date() }).where(and(eq(viabilities.id, viabilityId), eq(viabilities.status, 'aberta')));
}

/** `/api/viability…`: templates, viabilities, units, and the unit's own steps. */
export async function viabilityRoutes(fastify: FastifyInstance) {
  registerAfterCommit(fastify);

  defineApiResource(fastify, viabilityTemplateResource, {
    table: viabilityTemplates,
    defaultSort: [asc(viabilityTemplates.name), asc(viabilityTemplates.id)],
    filters: (q) => [q.medium ? eq(viabilityTemplates.medium, q.medium) : undefined, q.active !== undefined ? eq(viabilityTemplates.active, q.active) : undefined],
    searchOf: (r) => searchText(r.name as string, r.notes as string | null),
    unique: { name: 'o nome' },
    sortable: { name: viabilityTemplates.name, medium: viabilityTemplates.medium, active: viabilityTemplates.active, monthly_cost: viabilityTemplates.monthly_cost, labour_cost: viabilityTemplates.labour_cost },
    guardDelete: [[viabilityUnits, viabilityUnits.template_id, 'unidade de viabilidade', 'unidades de viabilidade']],
    present: (rows, db) => presentTemplates(rows as never, db),
    async toValues(values, { tx, user }, existing) {
      if (Array.isArray(values.items)) {
        const items = values.items as TemplateItem[];
        const organizationId = (existing?.organization_id as number | undefined) ?? user.organizationId;
        const ids = items.map((i) => i.product_id);
        const found = new Set(ids.length ? (await tx.select({ id: products.id }).from(products).where(and(inArray(products.id, ids), eq(products.organization_id, organizationId)))).map((p) => p.id) : []);
        const missing = items.flatMap((item, i) => (found.has(item.product_id) ? [] : [{ propertyPath: `items.${i}.product_id`, message: 'Produto não encontrado nesta organização.' }]));
        if (missing.length) throw unprocessable(missing);
        values.items = items.map((i) => ({ product_id: i.product_id, quantity: i.quantity, per_meter: i.per_meter ?? false }));
      }
      return values;
    },
  });

  defineApiResource(fastify, viabilityPlanResource, {
    table: viabilityPlans,
    defaultSort: [asc(viabilityPlans.medium), asc(viabilityPlans.bandwidth_mbps), asc(viabilityPlans.name), asc(viabilityPlans.id)],
    filters: (q) => [q.medium ? eq(viabilityPlans.medium, q.medium) : undefined, q.active !== undefined ? eq(viabilityPlans.active, q.active) : undefined],
    searchOf: (r) => searchText(r.name as string, r.notes as string | null),
    unique: { name: 'o nome' },
    sortable: { name: viabilityPlans.name, medium: viabilityPlans.medium, bandwidth_mbps: viabilityPlans.bandwidth_mbps, monthly_fee: viabilityPlans.monthly_fee, contract_months: viabilityPlans.contract_months, active: viabilityPlans.active },
    guardDelete: [[viabilityUnits, viabilityUnits.plan_id, 'unidade de viabilidade', 'unidades de viabilidade']],
  });

  const viabilityDef = defineApiResource(fastify, viabilityResource, {
    table: viabilities,
    defaultSort: [desc(viabilities.id)],
    filters: (q) => [q.status ? eq(viabilities.status, q.status) : undefined, q.seller ? eq(viabilities.seller_id, q.seller) : undefined, q.unit ? eq(viabilities.unit_organizational_id, q.unit) : undefined],
    searchOf: (r) => searchText(r.code as string, r.client_name as string, r.client_document as string, r.contact_name as string | null, r.contact_email as string | null),
    unique: { code: 'o código' },
    sortable: { code: viabilities.code, client_name: viabilities.client_name, status: viabilities.status, created_at: viabilities.created_at, bandwidth_mbps: viabilities.bandwidth_mbps },
    refs: { seller_id: { table: users, noun: userEntity }, unit_organizational_id: { table: unitsOrganizational, noun: unitOrganizationalEntity } },
    unitScope: (ids) => inArray(viabilities.unit_organizational_id, ids),
    unitField: 'unit_organizational_id',
    present: (rows, db) => presentViabilities(rows as never, db),
    async toValues(values, { tx, user }, existing) {
      if (!values.code) {
        if (existing) delete values.code;
        else values.code = await nextViabilityCode(tx, (values.organization_id as number | undefined) ?? user.organizationId);
      }
      return values;
    },
    async afterWrite(row, _input, { tx, user }, existing) {
      const was = (existing as ViabilityRow | undefined)?.status;
      const portOf = (r: { code: string; port: number }) => `${r.code} porta ${r.port}`;
      const logPort = (unitId: number, before: string | null, after: string | null) =>
        audit(tx, user, { entity: 'viability_unit', entityId: unitId, organizationId: row.organization_id as number, action: 'update', changes: { cto_port: [before, after] } });
      // A cancelled viability gives its reserved CTO ports back.
      if (row.status === 'cancelada' && was !== 'cancelada') {
        const units = await tx.select({ id: viabilityUnits.id }).from(viabilityUnits).where(eq(viabilityUnits.viability_id, row.id as number));
        for (const f of await releasePorts(tx, units.map((u) => u.id))) await logPort(f.unit_id, portOf(f), null);
      }
      // Re-opened: the accepted proposals hold their ports again, or the viability stays cancelled.
      if (was === 'cancelada' && row.status !== 'cancelada') {
        const { reserved, lost } = await reclaimPorts(tx, row.id as number);
        if (lost) {
          throw conflict(`Não é possível reabrir a ${row.code as string}: a proposta aceita da unidade "${lost.unit_name}" precisa de uma porta da ${lost.code}, que não tem mais porta livre. Libere uma porta da ${lost.code} ou mantenha a viabilidade cancelada.`);
        }
        for (const r of reserved) await logPort(r.unit_id, null, portOf(r));
      }
    },
    async onDelete(row, { tx }) {
      const [kept] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(viabilityUnits)
        .where(and(eq(viabilityUnits.viability_id, row.id), sql`(${viabilityUnits.decision} is not null or ${viabilityUnits.approved_at} is not null)`));
      if (kept.n) throw conflict(`A viabilidade ${row.code as string} tem ${kept.n === 1 ? 'uma unidade respondida pelo cliente ou aprovada' : `${kept.n} unidades respondidas pelo cliente ou aprovadas`}: cancele-a em vez de excluí-la.`);
      return undefined;
    },
  });

  const unitDef = defineApiResource(fastify, viabilityUnitResource, {
    table: viabilityUnits,
    defaultSort: [asc(viabilityUnits.viability_id), asc(viabilityUnits.id)],
    filters: (q) => [q.viability ? eq(viabilityUnits.viability_id, q.viability) : undefined, q.verdict ? eq(viabilityUnits.verdict, q.verdict) : undefined],
    searchOf: (r) => searchText(r.name as string, r.address as string),
    sortable: { name: viabilityUnits.name, address: viabilityUnits.address, verdict: viabilityUnits.verdict, price: viabilityUnits.price, total_cost: viabilityUnits.total_cost, created_at: viabilityUnits.created_at },
    refs: {
      viability_id: { table: viabilities, noun: viabilityEntity, owner: true },
      city_id: { table: cities, noun: { label: 'Cidade', gender: 'f' } },
      plan_id: { table: viabilityPlans, noun: { label: 'Plano', gender: 'm' } },
    },
    // An address of a study is the study's unit's.
    unitScope: (ids) => sql`${viabilityUnits.viability_id} in (select v.id from viability v where v.unit_organizational_id in (${sqlList(ids)}))`,
    unitField: 'viability_id',
    present: (rows, db) => presentUnits(rows as never, db),
    async toValues(values, { tx, user }, existing) {
      const unit = existing as UnitRow | undefined;
      // The site survey usually comes after the client said yes: confirming the line of sight is the
      // one change an answered or approved unit still takes (a form that sends the rest unchanged included).
      if (unit && Object.keys(values).some((k) => !k.startsWith('line_of_sight_confirmed') && values[k] !== undefined && !sameValue(values[k], unit[k as keyof UnitRow]))) assertOpen(unit, 'alterá-la');
      const organizationId = unit?.organization_id ?? (values.organization_id as number | undefined) ?? user.organizationId;
      // The survey's answer is signed by who gave it; it does not change the price (no new version).
      if (values.line_of_sight_confirmed !== undefined && values.line_of_sight_confirmed !== (unit?.line_of_sight_confirmed ?? false)) {
        values.line_of_sight_confirmed_at = values.line_of_sight_confirmed ? new Date() : null;
        values.line_of_sight_confirmed_by = values.line_of_sight_confirmed ? user.id : null;
      }
      const given = (k: (typeof TERM_COLUMNS)[number]) => k in values && values[k] !== undefined;
      const terms = Object.fromEntries(TERM_COLUMNS.map((k) => [k, given(k) ? (values[k] ?? null) : (unit?.[k] ?? null)])) as TermValues;
      if (terms.custom_monthly_fee !== null && !terms.custom_fee_reason?.trim()) {
        throw unprocessable([{ propertyPath: 'custom_fee_reason', message: 'Informe o motivo da mensalidade personalizada (ou escolha a mensalidade do plano).' }]);
      }
      const termsChanged = !unit || TERM_COLUMNS.some((k) => given(k) && !sameValue(values[k], unit[k]));
      const moved = !unit || ['latitude', 'longitude', 'template_id'].some((k) => k in values && values[k] !== undefined && values[k] !== unit[k as keyof UnitRow]);
      // An answered or approved unit keeps the proposal the client saw: nothing here recalculates it.
      if ((!moved && !termsChanged) || unit?.decision || unit?.approved_at) return values;
      const template = await templateFor(tx, organizationId, (values.template_id as number | null | undefined) === undefined ? unit?.template_id : (values.template_id as number | null), values.template_id !== undefined && values.template_id !== unit?.template_id);
      if (terms.plan_id !== null) await checkPlan(tx, organizationId, terms.plan_id, template, given('plan_id') && terms.plan_id !== unit?.plan_id);
      const at = { latitude: (values.latitude as number | undefined) ?? unit!.latitude, longitude: (values.longitude as number | undefined) ?? unit!.longitude };
      const calculation = await calculateUnit(tx, organizationId, at, template, unit?.calculation.version ?? 0, user, terms);
      return { ...values, template_id: template.id, ...calculationColumns(calculation), redo_reason: null, ...(unit ? {} : { public_hash: newProposalHash() }) };
    },
    async afterWrite(row, _input, { tx }, existing) {
      const unit = row as unknown as UnitRow;
      if (unit.calculation.version !== (existing as UnitRow | undefined)?.calculation.version) {
        await tx.insert(viabilityUnitVersions).values({ unit_id: unit.id, version: unit.calculation.version, calculation: unit.calculation });
      }
      if (!existing) await startAnalysis(tx, unit.viability_id);
    },
    async onDelete(row) {
      assertOpen(row as unknown as UnitRow, 'excluí-la');
      return undefined;
    },
  });

  const { app, read, write } = ownRoutes(fastify, viabilityResource);
  const tags = ['viability'];
  const unitParam = z.object({ id: z.coerce.number().int().positive() });
  const visibleUnit = (tx: DbOrTx, user: CurrentUser, id: number, lock = false) => findVisible<UnitRow>(unitDef as ResourceDef, tx, user, id, lock);
  const answerUnit = async (id: number) => {
    const [row] = await app.db.select().from(viabilityUnits).where(eq(viabilityUnits.id, id));
    return (await presentUnits([row], app.db))[0];
  };

  app.get(
    '/viability/unit/template/product-options',
    {
      config: { access: viabilityTemplateResource.access.read },
      schema: {
        tags,
        operationId: 'listViabilityTemplateProductOptions',
        summary: 'Produtos para a lista de materiais',
        description: 'Produtos ativos do catálogo da organização, com o preço atual (ou os de `ids`, mesmo inativos).',
        querystring: z.object({ search: z.string().trim().max(100).optional(), ids: idList.optional() }),
        response: { 200: z.array(z.object({ id: z.number(), code: z.string(), name: z.string(), unit_of_measure: z.string(), price: z.string().nullable() })) },
      },
    },
    async (req) => {
      const user = userOf(req);
      return app.db
        .select({ id: products.id, code: products.code, name: products.name, unit_of_measure: products.unit_of_measure, price: products.price })
        .from(products)
        .where(
          and(
            eq(products.organization_id, user.organizationId),
            req.query.ids ? inArray(products.id, req.query.ids) : eq(products.is_active, true),
            ...searchPatterns(req.query.search).map((w) => like(products.search_text, w)),
          ),
        )
        .orderBy(asc(products.name))
        .limit(30);
    },
  );

  registerPeopleRoute(app, {
    url: '/viability/people',
    access: read,
    tag: 'viability',
    operationId: 'listViabilitySellers',
    summary: 'Vendedores',
    description: 'Usuários ativos da organização (ou os de `ids`), para o vendedor da viabilidade.',
  });

  app.get(
    '/viability/:id/unit',
    { config: { access: read }, schema: { tags, operationId: 'listUnitsOfViability', summary: 'Unidades da viabilidade', description: 'Todas as unidades da viabilidade, na ordem em que foram criadas.', params: idParam, response: { 200: z.array(viabilityUnitRead) } } },
    async (req) => {
      const viability = await findVisible<ViabilityRow>(viabilityDef, app.db, userOf(req), req.params.id);
      const rows = await app.db.select().from(viabilityUnits).where(eq(viabilityUnits.viability_id, viability.id)).orderBy(asc(viabilityUnits.id)).limit(500);
      return presentUnits(rows, app.db);
    },
  );

  app.post(
    '/viability/:id/unit',
    {
      config: { access: write },
      schema: {
        tags,
        operationId: 'createUnitOfViability',
        summary: 'Criar uma unidade na viabilidade',
        description: 'O mesmo que `POST /api/viability/unit`, com a viabilidade do caminho (mesmas regras e o mesmo cálculo).',
        params: idParam,
        body: viabilityUnitInput.omit({ viability_id: true }),
        response: { 201: viabilityUnitRead },
      },
    },
    async (req, reply) => {
      await findVisible(viabilityDef, app.db, userOf(req), req.params.id);
      // The kit's create, as it is (validation, calculation, audit): one rule set for both paths.
      const res = await app.inject({ method: 'POST', url: '/api/viability/unit', headers: { authorization: req.headers.authorization ?? '' }, payload: { ...(req.body as object), viability_id: req.params.id } });
      const body = res.json();
      if (res.statusCode !== 201) throw new HttpError(res.statusCode, body.message, body.violations);
      reply.status(201);
      return body;
    },
  );

  app.post(
    '/viability/unit/:id/recalculate',
    {
      config: { access: write },
      schema: {
        tags,
        operationId: 'recalculateViabilityUnit',
        summary: 'Recalcular a unidade',
        description: 'Um novo cálculo com os preços, sites e configurações de agora: uma nova versão. A anterior fica no histórico. Recusado (409) depois da resposta do cliente ou da aprovação.',
        params: unitParam,
        response: { 200: viabilityUnitRead },
      },
    },
    async (req) => {
      const user = userOf(req);
      await app.db.transaction(async (tx) => {
        const unit = await visibleUnit(tx, user, req.params.id, true);
        assertOpen(unit, 'recalculá-la');
        const template = await templateFor(tx, unit.organization_id, unit.template_id, false);
        const calculation = await calculateUnit(tx, unit.organization_id, unit, template, unit.calculation.version, user, unit);
        // The seller's recalculation is the redone proposal: the client may answer again.
        const [updated] = await tx.update(viabilityUnits).set({ ...calculationColumns(calculation), redo_reason: null, updated_at: new Date() }).where(eq(viabilityUnits.id, unit.id)).returning();
        await tx.insert(viabilityUnitVersions).values({ unit_id: unit.id, version: calculation.version, calculation });
        await audit(tx, user, { entity: 'viability_unit', entityId: unit.id, organizationId: unit.organization_id, action: 'update', before: { version: unit.calculation.version, verdict: unit.verdict, price: unit.price }, after: { version: calculation.version, verdict: updated.verdict, price: updated.price } });
      });
      return answerUnit(req.params.id);
    },
  );

  app.get(
    '/viability/unit/:id/version',
    { config: { access: read }, schema: { tags, operationId: 'listViabilityUnitVersions', summary: 'Versões do cálculo', description: 'Cada cálculo da unidade, do mais novo ao mais antigo.', params: unitParam, response: { 200: unitVersions } } },
    async (req) => {
      const unit = await visibleUnit(app.db, userOf(req), req.params.id);
      const rows = await app.db.select({ calculation: viabilityUnitVersions.calculation }).from(viabilityUnitVersions).where(eq(viabilityUnitVersions.unit_id, unit.id)).orderBy(desc(viabilityUnitVersions.version)).limit(200);
      return rows.map((r) => r.calculation);
    },
  );

  const linkRoute = (method: 'POST' | 'DELETE') =>
    app.route({
      method,
      url: '/viability/unit/:id/link',
      config: { access: write },
      schema: {
        tags,
        operationId: method === 'POST' ? 'renewViabilityUnitLink' : 'revokeViabilityUnitLink',
        summary: method === 'POST' ? 'Gerar um novo link público' : 'Revogar o link público',
        description: method === 'POST' ? 'Um novo link da proposta; o anterior deixa de funcionar.' : 'O link da proposta deixa de funcionar (até que um novo seja gerado).',
        params: unitParam,
        response: { 200: viabilityUnitRead },
      },
      handler: async (req) => {
        const user = userOf(req);
        await app.db.transaction(async (tx) => {
          const unit = await visibleUnit(tx, user, req.params.id, true);
          const hash = method === 'POST' ? newProposalHash() : null;
          await tx.update(viabilityUnits).set({ public_hash: hash, updated_at: new Date() }).where(eq(viabilityUnits.id, unit.id));
          // The hash is a credential: the log says that it changed, never its value.
          await audit(tx, user, { entity: 'viability_unit', entityId: unit.id, organizationId: unit.organization_id, action: 'update', before: { public_link: unit.public_hash ? 'ativo' : 'revogado' }, after: { public_link: hash ? 'novo' : 'revogado' } });
        });
        return answerUnit(req.params.id);
      },
    });
  linkRoute('POST');
  linkRoute('DELETE');

  app.post(
    '/viability/unit/:id/approve',
    {
      config: { access: write },
      schema: {
        tags,
        operationId: 'approveViabilityUnit',
        summary: 'Aprovar a unidade para instalação',
        description:
          'Abre uma atividade externa de instalação (tipo e técnicos escolhidos; cliente, contato, endereço e coordenadas copiados) ligada à unidade. Só para unidades viáveis, uma vez; exige também a permissão EXTERNAL_ACTIVITY.',
        params: unitParam,
        body: unitApproveBody,
        response: { 200: viabilityUnitRead },
      },
    },
    async (req) => {
      const user = userOf(req);
      // Claim the unit first (a conditional update: of two approvals, one wins), then open the work
      // order through its own route (its numbering, checks and notices); a failure there frees the claim.
      const claimed = await app.db.transaction(async (tx) => {
        const unit = await visibleUnit(tx, user, req.params.id, true);
        if (unit.activity_id || unit.approved_at) throw conflict(`A unidade "${unit.name}" já foi aprovada para instalação.`);
        if (unit.verdict === 'inviavel') throw conflict(`A unidade "${unit.name}" é inviável: não pode ser aprovada para instalação.`);
        if (unit.decision === 'recusada') throw conflict(`O cliente recusou a proposta da unidade "${unit.name}".`);
        const [v] = await tx.select().from(viabilities).where(eq(viabilities.id, unit.viability_id));
        await tx.update(viabilityUnits).set({ approved_at: new Date(), approved_by: user.id }).where(eq(viabilityUnits.id, unit.id));
        return { unit, viability: v };
      });
      const { unit, viability } = claimed;
      const b = req.body;
      const res = await app.inject({
        method: 'POST',
        url: '/api/external-activity',
        headers: { authorization: req.headers.authorization ?? '' },
        payload: {
          assistance_type_id: b.assistance_type_id,
          priority: b.priority,
          technician_ids: b.technician_ids,
          scheduled_start: b.scheduled_start ?? null,
          scheduled_end: b.scheduled_end ?? null,
          client_name: viability.client_name,
          client_document: viability.client_document,
          client_phone: viability.contact_phone,
          client_email: viability.contact_email,
          address: unit.address,
          city_id: unit.city_id,
          latitude: unit.latitude,
          longitude: unit.longitude,
          site_id: unit.calculation.site?.id ?? null,
          // The study's branch is the order's (none: the kit's default, the site's unit).
          ...(viability.unit_organizational_id ? { unit_organizational_id: viability.unit_organizational_id } : {}),
          description: `Instalação da viabilidade ${viability.code} · unidade "${unit.name}" · ${unit.calculation.template.name}${viability.contact_name ? ` · contato: ${viability.contact_name}` : ''}.`,
        },
      });
      const activity = res.json();
      if (res.statusCode !== 201) {
        await app.db.update(viabilityUnits).set({ approved_at: null, approved_by: null }).where(eq(viabilityUnits.id, unit.id));
        throw new HttpError(res.statusCode, activity.message, activity.violations);
      }
      await app.db.transaction(async (tx) => {
        await tx.update(viabilityUnits).set({ activity_id: activity.id, updated_at: new Date() }).where(eq(viabilityUnits.id, unit.id));
        await audit(tx, user, { entity: 'viability_unit', entityId: unit.id, organizationId: unit.organization_id, action: 'update', before: { activity: null }, after: { activity: activity.code } });
      });
      return answerUnit(unit.id);
    },
  );

  await ctoRoutes(fastify);
  await geocodeRoutes(fastify);
  await viabilityViewerRoutes(fastify);
}
