import type { FastifyInstance } from 'fastify';
import { asc, eq } from 'drizzle-orm';
import { sectionResource, stockEntity } from '@operacoes/contract';
import { conflict } from '../../../core/errors';
import { searchText } from '../../../core/list';
import { type Guard, defineApiResource, referencesOf } from '../../../core/resource-kit';
import { consumableBalances } from '../consumable/schema';
import { movements } from '../movement/schema';
import { patrimonies } from '../patrimony/schema';
import { stocks } from '../stock/schema';
import { sections } from './schema';

/** What a section holds: it cannot move to another stock while it holds anything. */
const contents: Guard[] = [
  [patrimonies, patrimonies.section_id, 'item de patrimônio', 'itens de patrimônio'],
  [consumableBalances, consumableBalances.section_id, 'saldo de consumível', 'saldos de consumíveis'],
];

/** A section (a place inside a stock). */
export async function sectionRoutes(app: FastifyInstance) {
  defineApiResource(app, sectionResource, {
    table: sections,
    sortable: { id: sections.id, name: sections.name, code: sections.code, stock_id: sections.stock_id, is_active: sections.is_active, created_at: sections.created_at },
    defaultSort: [asc(sections.name), asc(sections.id)],
    filters: (q) => [q.stock ? eq(sections.stock_id, q.stock) : undefined, q.isActive ? eq(sections.is_active, true) : undefined],
    searchOf: (r) => searchText(r.name as string, r.code as string),
    refs: { stock_id: { table: stocks, noun: stockEntity, owner: true, show: ['id', 'code', 'name'] } },
    unique: { code: 'o código' },
    guardDelete: [...contents, [movements, [movements.from_section_id, movements.to_section_id], 'movimentação', 'movimentações']],
    async toValues(values, { tx }, existing) {
      const held = existing && values.stock_id !== undefined && values.stock_id !== existing.stock_id ? await referencesOf(tx, contents, existing.id) : undefined;
      if (held) throw conflict(`A seção não pode mudar de estoque: contém ${held}. Transfira-os antes.`);
      return values;
    },
  });
}
