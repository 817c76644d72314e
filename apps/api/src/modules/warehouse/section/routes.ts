import type { FastifyInstance } from 'fastify';
import { and, asc, eq, isNotNull, isNull, ne, sql } from 'drizzle-orm';
import { sectionResource, stockEntity, userEntity } from '@operacoes/contract';
import type { DbOrTx } from '../../../core/db';
import { conflict } from '../../../core/errors';
import { searchText } from '../../../core/list';
import { byIds, plainPresent } from '../../../core/resource';
import { type Guard, defineApiResource, referencesOf } from '../../../core/resource-kit';
import { personRefs, refOf } from '../../../core/rows';
import { users } from '../../../core/schema';
import { consumableBalances } from '../consumable/schema';
import { movements } from '../movement/schema';
import { patrimonies } from '../patrimony/schema';
import { stocks } from '../stock/schema';
import { sections } from './schema';
import { stocksOfUnits } from '../shared';

/** What a section holds: it cannot move to another stock while it holds anything. */
const contents: Guard[] = [
  [patrimonies, patrimonies.section_id, 'item de patrimônio', 'itens de patrimônio'],
  [consumableBalances, consumableBalances.section_id, 'saldo de consumível', 'saldos de consumíveis'],
];

type SectionRow = typeof sections.$inferSelect;

/** Sections with their stock (id, code, name) and, for a van, its technician. */
export async function presentSections(rows: SectionRow[], db: DbOrTx) {
  const [stockRows, people] = await Promise.all([byIds<{ id: number; code: string; name: string }>(db, stocks, rows.map((r) => r.stock_id)), personRefs(db, rows.map((r) => r.technician_id))]);
  return plainPresent(rows).map((o, i) => {
    const s = stockRows.get(rows[i].stock_id);
    return { ...(o as object), stock: s ? { id: s.id, code: s.code, name: s.name } : null, technician: refOf(people, rows[i].technician_id) };
  });
}

/** A section (a place inside a stock, or a technician's van). */
export async function sectionRoutes(app: FastifyInstance) {
  defineApiResource(app, sectionResource, {
    table: sections,
    sortable: { id: sections.id, name: sections.name, code: sections.code, stock_id: sections.stock_id, is_active: sections.is_active, created_at: sections.created_at },
    defaultSort: [asc(sections.name), asc(sections.id)],
    filters: (q) => [
      q.stock ? eq(sections.stock_id, q.stock) : undefined,
      q.isActive ? eq(sections.is_active, true) : undefined,
      q.technician ? eq(sections.technician_id, q.technician) : undefined,
      q.van === undefined ? undefined : q.van ? isNotNull(sections.technician_id) : isNull(sections.technician_id),
    ],
    searchOf: (r) => searchText(r.name as string, r.code as string),
    refs: { stock_id: { table: stocks, noun: stockEntity, owner: true, show: ['id', 'code', 'name'] }, technician_id: { table: users, noun: userEntity } },
    present: (rows, db) => presentSections(rows as SectionRow[], db),
    // A section is its stock's unit's.
    unitScope: (ids) => sql`${sections.stock_id} in ${stocksOfUnits(ids)}`,
    unitField: 'stock_id',
    unique: { code: 'o código' },
    guardDelete: [...contents, [movements, [movements.from_section_id, movements.to_section_id], 'movimentação', 'movimentações']],
    async toValues(values, { tx }, existing) {
      const held = existing && values.stock_id !== undefined && values.stock_id !== existing.stock_id ? await referencesOf(tx, contents, existing.id) : undefined;
      if (held) throw conflict(`A seção não pode mudar de estoque: contém ${held}. Transfira-os antes.`);
      const technician = values.technician_id as number | null | undefined;
      if (technician && technician !== existing?.technician_id) {
        // One van per technician: the one they have is named.
        const [van] = await tx
          .select({ name: sections.name, code: sections.code })
          .from(sections)
          .where(and(eq(sections.technician_id, technician), existing ? ne(sections.id, existing.id) : undefined));
        if (van) {
          const name = refOf(await personRefs(tx, [technician]), technician)?.name ?? 'O técnico';
          throw conflict(`${name} já tem uma van: a seção "${van.name}" (${van.code}). Cada técnico tem uma só.`);
        }
      }
      return values;
    },
  });
}
