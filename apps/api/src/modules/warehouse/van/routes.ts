/**
 * Technicians' vans: a section whose `technician_id` is set is that technician's own stock on the
 * road. `GET /api/van` lists the vans a user may see (a stock reader: the organization's; anyone
 * else: their own), with what each holds; the warehouse loads one with `POST /api/van/{id}/transfer`
 * (STOCK: consumables and patrimony items out of one section, a movement each). Work orders consume
 * from the van (external-activity/activity/work.ts).
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { type SQL, and, asc, desc, eq, gt, inArray, isNotNull, ne } from 'drizzle-orm';
import { PATRIMONY_STATUS_LABELS, type VanRead, idParam, listOf, vanListQuery, vanRead, vanTransfer, vanTransferResult } from '@operacoes/contract';
import { type CurrentUser, userOf } from '../../../core/access';
import type { DbOrTx } from '../../../core/db';
import { HttpError } from '../../../core/errors';
import { searchCondition } from '../../../core/list';
import { listPage } from '../../../core/resource-kit';
import { fmt, num, personRefs, referenced, violation } from '../../../core/rows';
import { presentBalances } from '../consumable/routes';
import { consumableBalances } from '../consumable/schema';
import { presentMovements } from '../movement/present';
import { type MovementRow, addToBalance, movePatrimony, recordQuantityMovement, takeFromBalance } from '../movement/service';
import { movements } from '../movement/schema';
import { patrimonies } from '../patrimony/schema';
import { products } from '../product/schema';
import { sections } from '../section/schema';
import { canRead } from '../shared';
import { stocks } from '../stock/schema';

type SectionRow = typeof sections.$inferSelect;
const tags = ['van'];

/**
 * The vans `user` may see: the organization's for a stock reader (a super admin: all), otherwise
 * only their own; `mine` narrows a stock reader to their own too.
 */
export function visibleVans(user: CurrentUser, mine = false): SQL | undefined {
  const all = !mine && canRead(user, 'STOCK');
  return and(isNotNull(sections.technician_id), user.superAdmin ? undefined : eq(sections.organization_id, user.organizationId), all ? undefined : eq(sections.technician_id, user.id));
}

/** Vans with their technician, stock, consumables (above zero) and patrimony items, in a few queries. */
export async function presentVans(rows: SectionRow[], db: DbOrTx): Promise<VanRead[]> {
  const ids = rows.map((r) => r.id);
  if (!ids.length) return [];
  const [people, stockRows, balances, items] = await Promise.all([
    personRefs(db, rows.map((r) => r.technician_id)),
    db.select({ id: stocks.id, name: stocks.name }).from(stocks).where(inArray(stocks.id, [...new Set(rows.map((r) => r.stock_id))])),
    db
      .select()
      .from(consumableBalances)
      .where(and(inArray(consumableBalances.section_id, ids), gt(consumableBalances.quantity, '0')))
      .orderBy(asc(consumableBalances.id)),
    db
      .select({ id: patrimonies.id, tag: patrimonies.tag, serial: patrimonies.serial, mac: patrimonies.mac, section_id: patrimonies.section_id, product: { id: products.id, name: products.name } })
      .from(patrimonies)
      .innerJoin(products, eq(products.id, patrimonies.product_id))
      .where(and(inArray(patrimonies.section_id, ids), ne(patrimonies.status, 'baixado')))
      .orderBy(asc(products.name), asc(patrimonies.tag)),
  ]);
  const presented = await presentBalances(balances, db);
  return rows.map((r) => ({
    id: r.id,
    code: r.code,
    name: r.name,
    stock: stockRows.find((s) => s.id === r.stock_id)!,
    technician: people.get(r.technician_id!)!,
    balances: presented.filter((b) => b.section.id === r.id).sort((a, b) => a.product.name.localeCompare(b.product.name, 'pt-BR')),
    items: items.filter((i) => i.section_id === r.id).map(({ section_id: _s, ...i }) => i),
  }));
}

/** One van the user may see; 404 otherwise (another organization's, or another technician's for a user who does not read stocks). */
async function findVan(db: DbOrTx, user: CurrentUser, id: number, lock = false): Promise<SectionRow> {
  let q = db.select().from(sections).where(and(eq(sections.id, id), visibleVans(user))).$dynamic();
  if (lock) q = q.for('update');
  const [row] = await q;
  if (!row) throw new HttpError(404, 'Van não encontrada.');
  return row;
}

export async function vanRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/van',
    {
      config: { access: 'authenticated' },
      schema: {
        tags,
        querystring: vanListQuery,
        response: { 200: listOf(vanRead) },
        summary: 'Vans dos técnicos',
        description: 'Seções que pertencem a um técnico, com os consumíveis e os itens de patrimônio de cada uma. Quem lê estoques (STOCK ou STOCK.INDEX) vê as da organização; os demais, só a própria. Filtros: mine (só a minha), technician, stock, search (nome ou código).',
      },
    },
    async (req) => {
      const user = userOf(req);
      const q = req.query;
      const where = and(visibleVans(user, q.mine), q.technician ? eq(sections.technician_id, q.technician) : undefined, q.stock ? eq(sections.stock_id, q.stock) : undefined, searchCondition(sections.search_text, q.search));
      return listPage(app.db, { table: sections, where, query: q, sortable: { id: sections.id, name: sections.name, code: sections.code }, defaultSort: [asc(sections.name), asc(sections.id)] }, (rows: SectionRow[]) => presentVans(rows, app.db));
    },
  );

  app.get(
    '/van/:id',
    { config: { access: 'authenticated' }, schema: { tags, params: idParam, response: { 200: vanRead }, summary: 'Uma van', description: 'A van (seção de um técnico) com o que ela tem. Quem não lê estoques vê só a própria (404 nas outras).' } },
    async (req) => {
      const user = userOf(req);
      return (await presentVans([await findVan(app.db, user, req.params.id)], app.db))[0];
    },
  );

  app.post(
    '/van/:id/transfer',
    {
      config: { access: { write: 'STOCK' } },
      schema: {
        tags,
        params: idParam,
        body: vanTransfer,
        response: { 201: vanTransferResult },
        summary: 'Carregar a van',
        description:
          'Transfere consumíveis (quantidades) e itens de patrimônio disponíveis de uma seção do almoxarifado para a van, numa transação: uma movimentação de transferência por produto e por item. 422 (em português, no campo) se o saldo da origem não bastar ou um item não estiver disponível naquela seção.',
      },
    },
    async (req, reply) => {
      const user = userOf(req);
      const b = req.body;
      const out = await app.db.transaction(async (tx) => {
        const van = await findVan(tx, user, req.params.id, true);
        const from = await referenced<SectionRow>(tx, sections, b.from_section_id, van.organization_id, 'from_section_id', { label: 'Seção', gender: 'f' });
        if (from.id === van.id) throw violation('from_section_id', 'A origem é a própria van: escolha uma seção do almoxarifado.');
        const who = (await personRefs(tx, [van.technician_id])).get(van.technician_id!)!;
        const reason = b.reason?.trim() || `Carga da van de ${who.name} (${van.code})`;
        const moved: MovementRow[] = [];
        for (const [i, line] of b.consumables.entries()) {
          const product = await referenced<typeof products.$inferSelect>(tx, products, line.product_id, van.organization_id, `consumables.${i}.product_id`, { label: 'Produto', gender: 'm' });
          if (product.tracking !== 'consumivel') throw violation(`consumables.${i}.product_id`, `"${product.name}" é controlado um a um: escolha os itens de patrimônio.`);
          // The origin's balance, locked: the check and the take see the same quantity.
          const [balance] = await tx
            .select({ quantity: consumableBalances.quantity })
            .from(consumableBalances)
            .where(and(eq(consumableBalances.section_id, from.id), eq(consumableBalances.product_id, product.id)))
            .for('update');
          const available = num(balance?.quantity);
          if (available < line.quantity) {
            throw violation(`consumables.${i}.quantity`, `Saldo insuficiente de "${product.name}" em "${from.name}": disponível ${fmt(available)}, pedido ${fmt(line.quantity)}.`);
          }
          const key = (s: SectionRow) => ({ organizationId: van.organization_id, productId: product.id, sectionId: s.id, stockId: s.stock_id });
          await takeFromBalance(tx, key(from), line.quantity, { product: product.name, section: from.name });
          await addToBalance(tx, key(van), line.quantity);
          moved.push(
            await recordQuantityMovement(tx, user, {
              type: 'transferencia',
              organizationId: van.organization_id,
              productId: product.id,
              quantity: line.quantity,
              from: { stockId: from.stock_id, sectionId: from.id },
              to: { stockId: van.stock_id, sectionId: van.id },
              reason,
            }),
          );
        }
        const items = b.patrimony_ids.length
          ? await tx
              .select()
              .from(patrimonies)
              .where(and(inArray(patrimonies.id, b.patrimony_ids), eq(patrimonies.organization_id, van.organization_id)))
              .orderBy(asc(patrimonies.id))
              .for('update')
          : [];
        for (const [i, id] of b.patrimony_ids.entries()) {
          const item = items.find((x) => x.id === id);
          const field = `patrimony_ids.${i}`;
          if (!item) throw violation(field, 'Item de patrimônio não encontrado nesta organização.');
          if (item.section_id !== from.id) throw violation(field, `O item ${item.tag} não está na seção "${from.name}".`);
          if (item.status !== 'disponivel') throw violation(field, `O item ${item.tag} não está disponível (situação: ${PATRIMONY_STATUS_LABELS[item.status].toLowerCase()}).`);
          await movePatrimony(tx, user, item, { section_id: van.id }, { type: 'transferencia', reason });
          const [m] = await tx.select().from(movements).where(eq(movements.patrimony_id, item.id)).orderBy(desc(movements.id)).limit(1);
          moved.push(m);
        }
        return { movements: await presentMovements(moved, tx), van: (await presentVans([van], tx))[0] };
      });
      return reply.code(201).send(out);
    },
  );
}
