import type { FastifyInstance } from 'fastify';
import { and, asc, eq, inArray, ne, or, sql } from 'drizzle-orm';
import { stockInput, stockListQuery, stockRead, stockUpdate } from '@operacoes/contract';
import { HttpError, conflict } from '../../../core/errors';
import { searchText } from '../../../core/list';
import { byIds, registerResource } from '../../../core/resource';
import { countWhere, iso, referenced, referencesMessage } from '../../../core/rows';
import { unitsOrganizational } from '../../../core/schema';
import { consumableBalances } from '../consumable/schema';
import { movements } from '../movement/schema';
import { patrimonySolicitations } from '../patrimony-solicitation/schema';
import { patrimonies } from '../patrimony/schema';
import { sections } from '../section/schema';
import { stocks } from './schema';

type StockRow = typeof stocks.$inferSelect;
type StockInput = Partial<{ name: string; code: string; unit_organizational_id: number; description: string | null; address: string | null; is_active: boolean }>;

export async function presentStocks(rows: StockRow[], db: Parameters<typeof byIds>[0]) {
  if (rows.length === 0) return [];
  const units = await byIds<typeof unitsOrganizational.$inferSelect>(db, unitsOrganizational, rows.map((r) => r.unit_organizational_id));
  const counts = await db
    .select({ stock_id: sections.stock_id, n: sql<number>`count(*)::int` })
    .from(sections)
    .where(inArray(sections.stock_id, rows.map((r) => r.id)))
    .groupBy(sections.stock_id);
  const byStock = new Map(counts.map((c) => [c.stock_id, c.n]));
  return rows.map((r) => {
    const unit = units.get(r.unit_organizational_id);
    return {
      id: r.id,
      organization_id: r.organization_id,
      name: r.name,
      code: r.code,
      unit_organizational_id: r.unit_organizational_id,
      unit_organizational: unit ? { id: unit.id, name: unit.name } : null,
      description: r.description,
      address: r.address,
      is_active: r.is_active,
      section_count: byStock.get(r.id) ?? 0,
      created_at: iso(r.created_at)!,
      updated_at: iso(r.updated_at)!,
    };
  });
}

/** What references a stock, as a sentence; undefined when nothing does. */
export async function stockReferences(db: Parameters<typeof countWhere>[0], id: number) {
  return referencesMessage([
    [await countWhere(db, sections, eq(sections.stock_id, id)), 'seção', 'seções'],
    [await countWhere(db, patrimonies, eq(patrimonies.stock_id, id)), 'item de patrimônio', 'itens de patrimônio'],
    [await countWhere(db, consumableBalances, eq(consumableBalances.stock_id, id)), 'saldo de consumível', 'saldos de consumíveis'],
    [await countWhere(db, movements, or(eq(movements.from_stock_id, id), eq(movements.to_stock_id, id))), 'movimentação', 'movimentações'],
    [await countWhere(db, patrimonySolicitations, eq(patrimonySolicitations.stock_id, id)), 'solicitação', 'solicitações'],
  ]);
}

export async function stockRoutes(app: FastifyInstance) {
  registerResource(app, {
    entity: 'stock',
    label: 'Estoque',
    gender: 'm',
    path: '/stock',
    table: stocks,
    access: { read: { read: 'STOCK' }, write: { write: 'STOCK' } },
    tenancy: 'organization',
    schemas: { read: stockRead, create: stockInput, update: stockUpdate, query: stockListQuery },
    sortable: { id: stocks.id, name: stocks.name, code: stocks.code, is_active: stocks.is_active, created_at: stocks.created_at },
    defaultSort: [asc(stocks.name), asc(stocks.id)],
    filters: (q) => [q.unit ? eq(stocks.unit_organizational_id, q.unit) : undefined, q.isActive ? eq(stocks.is_active, true) : undefined],
    searchOf: (r) => searchText(r.name as string, r.code as string, r.address as string),
    present: (rows, db) => presentStocks(rows as StockRow[], db),
    async toValues(input: StockInput, { user, tx }, existing) {
      const values: Record<string, unknown> = { ...input };
      let organizationId = (existing?.organization_id as number | undefined) ?? user.organizationId;
      if (input.unit_organizational_id !== undefined) {
        const unit = await referenced<typeof unitsOrganizational.$inferSelect>(
          tx,
          unitsOrganizational,
          input.unit_organizational_id,
          existing ? organizationId : user.superAdmin ? null : user.organizationId,
          'unit_organizational_id',
          { label: 'Unidade organizacional', gender: 'f' },
        );
        organizationId = unit.organization_id;
        if (!existing) values.organization_id = unit.organization_id;
      }
      if (input.code !== undefined) {
        const [dup] = await tx
          .select({ id: stocks.id })
          .from(stocks)
          .where(and(eq(stocks.organization_id, organizationId), sql`lower(${stocks.code}) = lower(${input.code})`, existing ? ne(stocks.id, existing.id) : undefined));
        if (dup) throw conflict(`Já existe um estoque com o código "${input.code}".`);
      }
      return values;
    },
    async onDelete(row, { tx }) {
      const refs = await stockReferences(tx, row.id);
      if (refs) throw new HttpError(409, `O estoque "${row.name}" não pode ser excluído: é referenciado por ${refs}. Desative-o em vez de excluí-lo.`);
      return undefined;
    },
  });
}
