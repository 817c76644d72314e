import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { type SQL, and, desc, eq, gte, inArray, lt, lte, or, sql } from 'drizzle-orm';
import { MOVEMENT_EXPORT_MAX_ROWS, MOVEMENT_TYPE_LABELS, PATRIMONY_STATUS_LABELS, listOf, movementListQuery, movementRead, type MovementRead } from '@operacoes/contract';
import { type CurrentUser, userOf } from '../../../core/access';
import { endOfDay, startOfDay } from '../../../core/dates';
import type { DbOrTx } from '../../../core/db';
import { countAll, listResult, paging, searchCondition, sortOrder } from '../../../core/list';
import { presentMovements } from './present';
import { movements } from './schema';
import { type Cell, csv, EXPORT_TYPES, XLSX_TYPE, xlsx } from '../../../core/spreadsheet';
import { patrimonies } from '../patrimony/schema';
import { products } from '../product/schema';

type Query = typeof movementListQuery._output;

export function movementWhere(db: DbOrTx, user: CurrentUser, q: Partial<Query>): SQL | undefined {
  return and(
    user.superAdmin ? undefined : eq(movements.organization_id, user.organizationId),
    q.item ? eq(movements.patrimony_id, q.item) : undefined,
    q.product ? eq(movements.product_id, q.product) : undefined,
    q.stock ? or(eq(movements.from_stock_id, q.stock), eq(movements.to_stock_id, q.stock)) : undefined,
    q.section ? or(eq(movements.from_section_id, q.section), eq(movements.to_section_id, q.section)) : undefined,
    q.user ? or(eq(movements.user_id, q.user), eq(movements.from_holder_id, q.user), eq(movements.to_holder_id, q.user)) : undefined,
    q.type ? eq(movements.type, q.type) : undefined,
    q.solicitation ? eq(movements.solicitation_id, q.solicitation) : undefined,
    q.from ? gte(movements.created_at, startOfDay(q.from)) : undefined,
    q.to ? lte(movements.created_at, endOfDay(q.to)) : undefined,
    q.search
      ? or(
          inArray(movements.patrimony_id, db.select({ id: patrimonies.id }).from(patrimonies).where(searchCondition(patrimonies.search_text, q.search))),
          inArray(movements.product_id, db.select({ id: products.id }).from(products).where(searchCondition(products.search_text, q.search))),
        )
      : undefined,
  );
}

const EXPORT_HEADER = [
  'ID',
  'Data',
  'Tipo',
  'Código do produto',
  'Produto',
  'Patrimônio',
  'Quantidade',
  'Estoque de origem',
  'Seção de origem',
  'Responsável anterior',
  'Situação anterior',
  'Estoque de destino',
  'Seção de destino',
  'Novo responsável',
  'Nova situação',
  'Usuário',
  'Motivo',
  'Documento',
  'Solicitação',
];
const WIDTHS = [8, 20, 16, 16, 32, 16, 11, 22, 22, 22, 16, 22, 22, 22, 16, 20, 40, 18, 11];

const exportRow = (m: MovementRead): Cell[] => [
  m.id,
  new Date(m.created_at),
  MOVEMENT_TYPE_LABELS[m.type],
  m.product.code,
  m.product.name,
  m.patrimony?.tag,
  m.quantity,
  m.from_stock?.name,
  m.from_section?.name,
  m.from_holder?.name,
  m.from_status ? PATRIMONY_STATUS_LABELS[m.from_status] : null,
  m.to_stock?.name,
  m.to_section?.name,
  m.to_holder?.name,
  m.to_status ? PATRIMONY_STATUS_LABELS[m.to_status] : null,
  m.user?.name,
  m.reason,
  m.document,
  m.solicitation_id,
];

/** `GET /api/movements`: the append-only history, filtered, paged, or exported as CSV/XLSX. Nothing edits or deletes a movement. */
export async function movementRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/movements',
    {
      config: { access: { read: 'PATRIMONY_HISTORY' } },
      schema: {
        tags: ['movement'],
        querystring: movementListQuery,
        response: { 200: listOf(movementRead) },
        produces: ['application/json', ...EXPORT_TYPES],
        description:
          'Histórico de movimentações. Filtros: item (patrimônio), product, stock, section, user (quem fez ou responsável antes/depois), type, solicitation, from/to (período), search. `format=csv|xlsx` exporta todas as linhas do filtro (até 100.000).',
      },
    },
    async (req, reply) => {
      const user = userOf(req);
      const q = req.query;
      const where = movementWhere(app.db, user, q);
      if (q.format === 'csv' || q.format === 'xlsx') {
        const rows: Cell[][] = [];
        let before: number | undefined;
        while (rows.length < MOVEMENT_EXPORT_MAX_ROWS) {
          const batch = await app.db
            .select()
            .from(movements)
            .where(and(where, before ? lt(movements.id, before) : undefined))
            .orderBy(desc(movements.id))
            .limit(Math.min(5000, MOVEMENT_EXPORT_MAX_ROWS - rows.length));
          if (batch.length === 0) break;
          rows.push(...(await presentMovements(batch, app.db)).map(exportRow));
          before = batch[batch.length - 1].id;
        }
        const stamp = new Date().toISOString().slice(0, 10);
        if (q.format === 'csv') {
          return reply.type('text/csv; charset=utf-8').header('content-disposition', `attachment; filename="movimentacoes-${stamp}.csv"`).send(csv(EXPORT_HEADER, rows) as never);
        }
        return reply
          .type(XLSX_TYPE)
          .header('content-disposition', `attachment; filename="movimentacoes-${stamp}.xlsx"`)
          .send(xlsx('Movimentações', EXPORT_HEADER, rows, WIDTHS) as never);
      }
      const { page, pageSize, offset } = paging(q);
      // Rows, their items' tags and the total in one statement; a page past the end counts apart.
      const found = await app.db
        .select({ m: movements, tag: patrimonies.tag, total: sql<number>`(count(*) over ())::int` })
        .from(movements)
        .leftJoin(patrimonies, eq(patrimonies.id, movements.patrimony_id))
        .where(where)
        .orderBy(...sortOrder(q.sort, { id: movements.id, created_at: movements.created_at, type: movements.type }, [desc(movements.id)]))
        .limit(pageSize)
        .offset(offset);
      const total = found.length ? found[0].total : offset === 0 ? 0 : (await app.db.select({ total: countAll }).from(movements).where(where))[0].total;
      const rows = found.map((f) => ({ ...f.m, tag: f.tag }));
      return listResult(await presentMovements(rows, app.db), total, page, pageSize);
    },
  );
}
