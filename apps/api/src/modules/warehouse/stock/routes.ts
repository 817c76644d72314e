import type { FastifyInstance } from 'fastify';
import { asc, eq, inArray } from 'drizzle-orm';
import { stockResource, unitOrganizationalEntity } from '@operacoes/contract';
import { searchText } from '../../../core/list';
import { defineApiResource } from '../../../core/resource-kit';
import { unitsOrganizational } from '../../../core/schema';
import { consumableBalances, movements, patrimonies, patrimonySolicitations, sections, stocks } from '../schema';

/** A stock (a warehouse of a unit): plain kit CRUD. */
export async function stockRoutes(app: FastifyInstance) {
  defineApiResource(app, stockResource, {
    table: stocks,
    defaultSort: [asc(stocks.name), asc(stocks.id)],
    filters: (q) => [q.unit ? eq(stocks.unit_organizational_id, q.unit) : undefined, q.isActive ? eq(stocks.is_active, true) : undefined],
    searchOf: (r) => searchText(r.name as string, r.code as string, r.address as string),
    refs: { unit_organizational_id: { table: unitsOrganizational, noun: unitOrganizationalEntity, owner: true } },
    unitScope: (ids) => inArray(stocks.unit_organizational_id, ids),
    unitField: 'unit_organizational_id',
    unique: { code: 'o código' },
    counts: { section_count: sections.stock_id },
    guardDelete: [
      [sections, sections.stock_id, 'seção', 'seções'],
      [patrimonies, patrimonies.stock_id, 'item de patrimônio', 'itens de patrimônio'],
      [consumableBalances, consumableBalances.stock_id, 'saldo de consumível', 'saldos de consumíveis'],
      [movements, [movements.from_stock_id, movements.to_stock_id], 'movimentação', 'movimentações'],
      [patrimonySolicitations, patrimonySolicitations.stock_id, 'solicitação', 'solicitações'],
    ],
  });
}
