import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { type SQL, and, desc, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import {
  type MovementType,
  PATRIMONY_STATUS_LABELS,
  listOf,
  patrimonyBulk,
  patrimonyBulkResult,
  patrimonyLabelsQuery,
  patrimonyListQuery,
  patrimonyRead,
  patrimonyResource,
  type PatrimonyRead,
  type PatrimonyStatus,
} from '@operacoes/contract';
import { type CurrentUser, userOf } from '../../../core/access';
import { audit } from '../../../core/audit';
import type { DbOrTx } from '../../../core/db';
import { HttpError, conflict, notFound } from '../../../core/errors';
import { listResult, paging, searchText, sortOrder } from '../../../core/list';
import { findVisible, tenancyCondition } from '../../../core/resource';
import { type ResourceSlots, defineApiResource } from '../../../core/resource-kit';
import { iso, referenced, refOf, violation } from '../../../core/rows';
import { organizations, users } from '../../../core/schema';
import { movements } from '../movement/schema';
import { type PatrimonyRow, invoiceDocument, movePatrimony, recordPatrimonyEntry, recordTransition } from '../movement/service';
import { patrimonySolicitationItems, patrimonySolicitations } from '../patrimony-solicitation/schema';
import { labelsPdf } from './labels';
import { patrimonies } from './schema';
import { patrimonySearch } from './search';
import { nextTags, tagTaken } from './tags';
import { products } from '../product/schema';
import { sections } from '../section/schema';
import { loadRefs, refuseSectionOutOfScope, stocksOfUnits } from '../shared';
import { usersOfUnits } from '../../user';

type ProductRow = typeof products.$inferSelect;
type SectionRow = typeof sections.$inferSelect;
type CreateInput = {
  product_id: number;
  tag?: string | null;
  serial?: string | null;
  mac?: string | null;
  condition?: string;
  section_id?: number | null;
  holder_user_id?: number | null;
  status?: PatrimonyStatus;
  acquisition_date?: string | null;
  acquisition_value?: string | null;
  invoice_number?: string | null;
  supplier?: string | null;
  notes?: string | null;
};
type UpdateInput = Partial<Omit<CreateInput, 'product_id' | 'status'>> & { product_id?: number; status?: PatrimonyStatus; reason?: string };

/** The item's own folded text (tag, serial, MAC); product words are found through the product (patrimony/search.ts). */
export const patrimonySearchText = (tag: string, serial: string | null | undefined, mac?: string | null) => searchText(tag, serial, mac);

export async function presentPatrimonies(rows: PatrimonyRow[], db: DbOrTx): Promise<PatrimonyRead[]> {
  if (rows.length === 0) return [];
  const refs = await loadRefs(db, {
    products: rows.map((r) => r.product_id),
    sections: rows.map((r) => r.section_id),
    stocks: rows.map((r) => r.stock_id),
    users: rows.map((r) => r.holder_user_id),
  });
  return rows.map((r) => {
    const product = refs.products.get(r.product_id);
    return {
      id: r.id,
      organization_id: r.organization_id,
      tag: r.tag,
      serial: r.serial,
      mac: r.mac,
      product_id: r.product_id,
      product: product ? { id: product.id, code: product.code, name: product.name, tracking: product.tracking } : null,
      condition: r.condition,
      status: r.status,
      stock_id: r.stock_id,
      stock: refOf(refs.stocks, r.stock_id),
      section_id: r.section_id,
      section: refOf(refs.sections, r.section_id),
      holder_user_id: r.holder_user_id,
      holder: refOf(refs.users, r.holder_user_id),
      holder_confirmed_at: iso(r.holder_confirmed_at),
      acquisition_date: r.acquisition_date,
      acquisition_value: r.acquisition_value,
      invoice_number: r.invoice_number,
      supplier: r.supplier,
      notes: r.notes,
      created_at: iso(r.created_at)!,
      updated_at: iso(r.updated_at)!,
    };
  });
}

/** The open request holding a reserved item, for messages. */
export async function openRequestOf(db: DbOrTx, patrimonyId: number): Promise<number | undefined> {
  const [row] = await db
    .select({ id: patrimonySolicitations.id })
    .from(patrimonySolicitationItems)
    .innerJoin(patrimonySolicitations, eq(patrimonySolicitations.id, patrimonySolicitationItems.solicitation_id))
    .where(and(eq(patrimonySolicitationItems.patrimony_id, patrimonyId), inArray(patrimonySolicitations.status, ['pendente', 'aprovada'])))
    .orderBy(desc(patrimonySolicitations.id))
    .limit(1);
  return row?.id;
}

export async function lockedItemError(db: DbOrTx, item: PatrimonyRow): Promise<HttpError> {
  if (item.status === 'reservado') {
    const requestId = await openRequestOf(db, item.id);
    return conflict(`O item ${item.tag} está reservado${requestId ? ` pela solicitação #${requestId}` : ''}; conclua ou cancele a solicitação antes de alterá-lo.`);
  }
  return conflict(`O item ${item.tag} está ${PATRIMONY_STATUS_LABELS[item.status].toLowerCase()} e não pode ser alterado agora.`);
}

async function patrimonyProduct(tx: DbOrTx, id: number, organizationId: number | null): Promise<ProductRow> {
  const product = await referenced<ProductRow>(tx, products, id, organizationId, 'product_id', { label: 'Produto', gender: 'm' });
  if (product.tracking !== 'patrimonio') {
    throw violation('product_id', `O produto "${product.name}" é um consumível (controle por quantidade): registre-o pelas entradas de estoque, não como patrimônio.`);
  }
  return product;
}

async function activeHolder(tx: DbOrTx, id: number, organizationId: number) {
  const [u] = await tx
    .select({ id: users.id, is_active: users.is_active })
    .from(users)
    .where(and(eq(users.id, id), eq(users.organization_id, organizationId)));
  if (!u || !u.is_active) throw violation('holder_user_id', 'Usuário não encontrado ou inativo nesta organização.');
}

/**
 * An item is its stock's unit's; one held by a person, the units that person belongs to. `= any(array(…))`
 * rather than `in (…)`: an OR of two IN subqueries can only be a per-row filter (the list's count then
 * scans every item), while each array is computed once and the OR becomes a BitmapOr of the stock and
 * holder indexes. Exported for bench/unit-scope.ts, which explains it.
 */
export const patrimonyUnitScope = (ids: number[]): SQL =>
  sql`(${patrimonies.stock_id} = any(array${stocksOfUnits(ids)}) or ${patrimonies.holder_user_id} = any(array${usersOfUnits(ids)}))`;

const patrimonySlots: ResourceSlots<z.infer<typeof patrimonyListQuery>> = {
  table: patrimonies,
  unitScope: (ids) => patrimonyUnitScope(ids),
  unitField: 'section_id',
  sortable: {
    id: patrimonies.id,
    tag: patrimonies.tag,
    serial: patrimonies.serial,
    status: patrimonies.status,
    condition: patrimonies.condition,
    product_id: patrimonies.product_id,
    acquisition_date: patrimonies.acquisition_date,
    acquisition_value: patrimonies.acquisition_value,
    created_at: patrimonies.created_at,
    updated_at: patrimonies.updated_at,
  },
  defaultSort: [desc(patrimonies.id)],
  filters: (q) => [
    q.status ? eq(patrimonies.status, q.status) : undefined,
    q.product ? eq(patrimonies.product_id, q.product) : undefined,
    q.stock ? eq(patrimonies.stock_id, q.stock) : undefined,
    q.section ? eq(patrimonies.section_id, q.section) : undefined,
    q.holder ? eq(patrimonies.holder_user_id, q.holder) : undefined,
    q.condition ? eq(patrimonies.condition, q.condition) : undefined,
  ],
  // The list is the module's own (search through the product; see patrimonyRoutes).
  routes: ['get', 'create', 'update', 'delete'],
  present: (rows, db) => presentPatrimonies(rows as unknown as PatrimonyRow[], db),

  async toValues(values, ctx, existingRow) {
    const { user, tx } = ctx;
    const input = values as CreateInput & UpdateInput;
    const existing = existingRow as unknown as PatrimonyRow | undefined;
    return existing ? updateValues(tx, user, input, existing) : createValues(tx, user, input);
  },

  // A new item enters with its movement (an update has `existing`).
  async afterWrite(row, _input, { user, tx }, existing) {
    if (existing) return;
    const item = row as unknown as PatrimonyRow;
    await recordPatrimonyEntry(tx, user, item, { document: invoiceDocument(item.invoice_number), reason: 'Cadastro do item' });
  },

  /** Patrimony is never erased: "delete" writes it off (status `baixado`), with its movement. */
  async onDelete(row, { user, tx }) {
    const item = row as unknown as PatrimonyRow;
    if (item.status === 'baixado') throw conflict(`O item ${item.tag} já está baixado.`);
    if (item.status === 'reservado' || item.status === 'em_transito') throw await lockedItemError(tx, item);
    const updated = await movePatrimony(tx, user, item, { status: 'baixado', section_id: null, holder_user_id: null }, { type: 'baixa', reason: 'Baixa do item (exclusão pelo cadastro)' });
    await audit(tx, user, { entity: 'patrimony', entityId: item.id, organizationId: item.organization_id, action: 'update', before: item, after: updated });
    const [presented] = await presentPatrimonies([updated], tx);
    return { written_off: true, message: `O item ${item.tag} foi baixado. Patrimônio não é apagado: o histórico continua disponível.`, item: presented };
  },
};

async function createValues(tx: DbOrTx, user: CurrentUser, input: CreateInput): Promise<Record<string, unknown>> {
  const product = await patrimonyProduct(tx, input.product_id, user.superAdmin ? null : user.organizationId);
  const organizationId = product.organization_id;
  let section: SectionRow | undefined;
  if (input.section_id) section = await referenced<SectionRow>(tx, sections, input.section_id, organizationId, 'section_id', { label: 'Seção', gender: 'f' });
  if (input.holder_user_id) await activeHolder(tx, input.holder_user_id, organizationId);
  let status: PatrimonyStatus;
  if (input.holder_user_id) {
    if (input.status && input.status !== 'em_uso' && input.status !== 'manutencao') throw violation('status', 'Um item com um responsável fica "em uso" ou "em manutenção".');
    status = input.status ?? 'em_uso';
  } else {
    if (input.status === 'em_uso') throw violation('status', 'Um item "em uso" precisa de um responsável (holder_user_id).');
    status = input.status ?? 'disponivel';
  }
  let tag = input.tag?.trim();
  if (tag) {
    if (await tagTaken(tx, organizationId, tag)) throw conflict(`Já existe um patrimônio com o número "${tag}".`);
  } else {
    [tag] = await nextTags(tx, organizationId, 1);
  }
  return {
    organization_id: organizationId,
    product_id: product.id,
    tag,
    serial: input.serial ?? null,
    mac: input.mac ?? null,
    condition: input.condition ?? 'novo',
    status,
    section_id: section?.id ?? null,
    stock_id: section?.stock_id ?? null,
    holder_user_id: input.holder_user_id ?? null,
    acquisition_date: input.acquisition_date ?? null,
    acquisition_value: input.acquisition_value ?? null,
    invoice_number: input.invoice_number ?? null,
    supplier: input.supplier ?? null,
    notes: input.notes ?? null,
    search_text: patrimonySearchText(tag, input.serial, input.mac),
  };
}

const DESCRIPTIVE = ['serial', 'mac', 'condition', 'acquisition_date', 'acquisition_value', 'invoice_number', 'supplier', 'notes'] as const;

async function updateValues(tx: DbOrTx, user: CurrentUser, input: UpdateInput, existing: PatrimonyRow): Promise<Record<string, unknown>> {
  const organizationId = existing.organization_id;
  const values: Record<string, unknown> = {};
  for (const k of DESCRIPTIVE) if (input[k] !== undefined) values[k] = input[k];

  const placeChange = input.section_id !== undefined || input.holder_user_id !== undefined || (input.status !== undefined && input.status !== existing.status);
  const otherChange = input.product_id !== undefined && input.product_id !== existing.product_id;
  if (existing.status === 'baixado' && (placeChange || otherChange || input.tag !== undefined)) {
    throw conflict(`O item ${existing.tag} está baixado: só as observações e os dados de aquisição podem ser alterados.`);
  }
  if ((existing.status === 'reservado' || existing.status === 'em_transito') && (placeChange || otherChange)) throw await lockedItemError(tx, existing);

  if (input.product_id !== undefined && input.product_id !== existing.product_id) {
    const product = await patrimonyProduct(tx, input.product_id, organizationId);
    values.product_id = product.id;
  }
  if (input.tag && input.tag !== existing.tag) {
    if (await tagTaken(tx, organizationId, input.tag, existing.id)) throw conflict(`Já existe um patrimônio com o número "${input.tag}".`);
    values.tag = input.tag;
  }
  if (values.tag !== undefined || values.serial !== undefined || values.mac !== undefined) {
    const now = <K extends 'serial' | 'mac'>(k: K) => (values[k] === undefined ? existing[k] : (values[k] as string | null));
    values.search_text = patrimonySearchText((values.tag as string) ?? existing.tag, now('serial'), now('mac'));
  }

  if (placeChange) {
    const next = await nextPlace(tx, input, existing);
    Object.assign(values, next.values);
    await recordTransition(
      tx,
      user,
      existing,
      { status: next.values.status, section_id: next.values.section_id, stock_id: next.values.stock_id, holder_user_id: next.values.holder_user_id, product_id: (values.product_id as number) ?? existing.product_id },
      { type: next.type, reason: input.reason || null },
    );
  }
  return values;
}

/** Where an edit puts an item, and which kind of movement that is. */
async function nextPlace(tx: DbOrTx, input: UpdateInput, existing: PatrimonyRow) {
  if (input.section_id && input.holder_user_id) throw violation('section_id', 'Informe a seção ou o responsável, não os dois.');
  let status: PatrimonyStatus = input.status ?? existing.status;
  let sectionId = existing.section_id;
  let stockId = existing.stock_id;
  let holderId = existing.holder_user_id;
  if (input.section_id) {
    const section = await referenced<SectionRow>(tx, sections, input.section_id, existing.organization_id, 'section_id', { label: 'Seção', gender: 'f' });
    sectionId = section.id;
    stockId = section.stock_id;
    holderId = null;
    if (!input.status && status === 'em_uso') status = 'disponivel';
  } else if (input.holder_user_id) {
    await activeHolder(tx, input.holder_user_id, existing.organization_id);
    holderId = input.holder_user_id;
    sectionId = null;
    stockId = null;
    if (!input.status && status === 'disponivel') status = 'em_uso';
  } else if (input.holder_user_id === null && holderId && status !== 'baixado') {
    throw violation('section_id', 'Ao retirar o responsável, informe a seção para onde o item volta.');
  } else if (input.section_id === null && sectionId && status !== 'baixado') {
    throw violation('section_id', 'Informe a seção onde o item fica ou o responsável que o detém.');
  }
  if (status === 'baixado') {
    sectionId = null;
    stockId = null;
    holderId = null;
  }
  if (status === 'em_uso' && !holderId) throw violation('status', 'Um item "em uso" precisa de um responsável (holder_user_id).');
  if (status === 'disponivel' && !sectionId) throw violation('status', 'Um item disponível precisa estar em uma seção (section_id).');
  if (status === 'disponivel' && holderId) throw violation('status', 'Um item com responsável não está disponível; informe a seção para devolvê-lo.');

  let type: MovementType;
  if (status === 'baixado') type = 'baixa';
  else if (holderId !== existing.holder_user_id) type = !existing.holder_user_id ? 'saida' : holderId ? 'transferencia' : 'devolucao';
  else if (sectionId !== existing.section_id) type = 'transferencia';
  else type = 'ajuste';
  const values = { status, section_id: sectionId, stock_id: stockId, holder_user_id: holderId, ...(holderId !== existing.holder_user_id ? { holder_confirmed_at: null } : {}) };
  return { values, type };
}

/** Every column but the search text. */
const { search_text: _searchText, ...listColumns } = getTableColumns(patrimonies);

export async function patrimonyRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const def = { ...patrimonyResource, table: patrimonies, unitScope: patrimonySlots.unitScope };

  // Declared before the kit's `/patrimony/:id` routes.
  app.get(
    '/patrimony/labels',
    {
      config: { access: { read: 'PATRIMONY' } },
      schema: { tags: ['patrimony'], querystring: patrimonyLabelsQuery, produces: ['application/pdf'], description: 'Folha A4 de etiquetas (3 × 8) com QR code (link do item), número de patrimônio, produto e série.' },
    },
    async (req, reply) => {
      const user = userOf(req);
      const ids = req.query.ids;
      if (ids.length > 1000) throw violation('ids', 'No máximo 1000 etiquetas por vez.');
      const rows = await app.db
        .select({ id: patrimonies.id, tag: patrimonies.tag, serial: patrimonies.serial, product: products.name, organization: organizations.fantasy_name })
        .from(patrimonies)
        .innerJoin(products, eq(products.id, patrimonies.product_id))
        .innerJoin(organizations, eq(organizations.id, patrimonies.organization_id))
        .where(and(inArray(patrimonies.id, ids), tenancyCondition(def, user)));
      if (rows.length !== ids.length) throw notFound(patrimonyResource);
      const byId = new Map(rows.map((r) => [r.id, r]));
      const pdf = await labelsPdf(
        ids.map((id) => byId.get(id)!),
        (id) => `${app.config.publicUrl}/patrimony/edit/${id}`,
      );
      return reply
        .type('application/pdf')
        .header('content-disposition', `inline; filename="etiquetas-patrimonio.pdf"`)
        .send(pdf);
    },
  );

  app.post(
    '/patrimony/bulk',
    {
      config: { access: { write: 'PATRIMONY' } },
      schema: { tags: ['patrimony'], body: patrimonyBulk, response: { 201: patrimonyBulkResult }, description: 'Cria N itens de um produto numa seção: um por número de série (um por linha) ou pela quantidade.' },
    },
    async (req, reply) => {
      const user = userOf(req);
      const input = req.body;
      const rows = await app.db.transaction(async (tx) => {
        const product = await patrimonyProduct(tx, input.product_id, user.superAdmin ? null : user.organizationId);
        const section = await referenced<SectionRow>(tx, sections, input.section_id, product.organization_id, 'section_id', { label: 'Seção', gender: 'f' });
        await refuseSectionOutOfScope(tx, user, 'PATRIMONY', section, 'section_id');
        const serials: (string | null)[] = input.serials?.length ? input.serials : Array.from({ length: input.quantity! }, () => null);
        const tags = await nextTags(tx, product.organization_id, serials.length);
        const created = (await tx
          .insert(patrimonies)
          .values(
            serials.map((serial, i) => ({
              organization_id: product.organization_id,
              product_id: product.id,
              tag: tags[i],
              serial,
              condition: input.condition,
              status: 'disponivel' as const,
              section_id: section.id,
              stock_id: section.stock_id,
              acquisition_date: input.acquisition_date ?? null,
              acquisition_value: input.acquisition_value ?? null,
              invoice_number: input.invoice_number ?? null,
              supplier: input.supplier ?? null,
              notes: input.notes ?? null,
              search_text: patrimonySearchText(tags[i], serial),
            })),
          )
          .returning()) as PatrimonyRow[];
        await tx.insert(movements).values(
          created.map((item) => ({
            organization_id: item.organization_id,
            type: 'entrada' as const,
            product_id: item.product_id,
            patrimony_id: item.id,
            quantity: '1',
            to_stock_id: item.stock_id,
            to_section_id: item.section_id,
            to_status: item.status,
            user_id: user.id,
            reason: `Cadastro em lote (${created.length} itens)`,
            document: invoiceDocument(input.invoice_number),
          })),
        );
        for (const item of created) await audit(tx, user, { entity: 'patrimony', entityId: item.id, organizationId: item.organization_id, action: 'create', after: item });
        return created;
      });
      reply.status(201);
      return { items: await presentPatrimonies(rows, app.db) };
    },
  );

  app.get(
    '/patrimony',
    {
      config: { access: { read: 'PATRIMONY' } },
      schema: {
        tags: ['patrimony'],
        querystring: patrimonyListQuery,
        response: { 200: listOf(patrimonyRead) },
        description: 'Lista paginada. search: cada palavra no número de patrimônio, na série ou no produto (código, nome, categoria, fabricante, modelo), sem acento e sem diferenciar maiúsculas. Filtros: status, product, stock, section, holder, condition.',
      },
    },
    async (req) => {
      const user = userOf(req);
      const q = req.query;
      const { page, pageSize, offset } = paging(q);
      const search = await patrimonySearch(app.db, user.superAdmin ? null : user.organizationId, q.search);
      const base = and(tenancyCondition(def, user), ...patrimonySlots.filters!(q, user));
      const where = and(base, search?.where);
      // A super admin without filters has no condition at all: `where true`, never an empty WHERE.
      const count = (condition: SQL | undefined) => sql`(select count(*)::int from ${patrimonies} where ${and(base, condition) ?? sql`true`})`;
      const totalSql = search ? sql`${search.countParts[0] ? count(search.countParts[0]) : sql`0`} + ${count(search.countParts[1])}` : count(undefined);
      // Rows and total in one statement; the total is a scalar subquery, so the LIMIT still stops early.
      const found = await app.db
        .select({ row: listColumns, total: sql<number>`${totalSql}` })
        .from(patrimonies)
        .where(where)
        .orderBy(...sortOrder(q.sort, patrimonySlots.sortable!, patrimonySlots.defaultSort!))
        .limit(pageSize)
        .offset(offset);
      const total = found.length ? found[0].total : offset === 0 ? 0 : Number(((await app.db.execute(sql`select ${totalSql} as total`)).rows[0] as { total: number }).total);
      return listResult(await presentPatrimonies(found.map((f) => f.row as PatrimonyRow), app.db), total, page, pageSize);
    },
  );

  defineApiResource(fastify, patrimonyResource, patrimonySlots);
}

/** Loads an item the user may see, locked for the rest of the transaction. */
export const findPatrimony = (tx: DbOrTx, user: CurrentUser, id: number) =>
  findVisible<PatrimonyRow>({ ...patrimonyResource, table: patrimonies, unitScope: patrimonySlots.unitScope }, tx, user, id, true);
