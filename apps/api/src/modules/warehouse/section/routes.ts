import type { FastifyInstance } from 'fastify';
import { and, asc, eq, ne, or, sql } from 'drizzle-orm';
import { sectionInput, sectionListQuery, sectionRead, sectionUpdate } from '@operacoes/contract';
import type { DbOrTx } from '../../../core/db';
import { HttpError, conflict } from '../../../core/errors';
import { searchText } from '../../../core/list';
import { byIds, registerResource } from '../../../core/resource';
import { countWhere, iso, referenced, referencesMessage } from '../../../core/rows';
import { consumableBalances } from '../consumable/schema';
import { movements } from '../movement/schema';
import { patrimonies } from '../patrimony/schema';
import { sections } from './schema';
import { stocks } from '../stock/schema';

type SectionRow = typeof sections.$inferSelect;
type SectionInput = Partial<{ stock_id: number; name: string; code: string; description: string | null; is_active: boolean }>;

export async function presentSections(rows: SectionRow[], db: DbOrTx) {
  const stockMap = await byIds<typeof stocks.$inferSelect>(db, stocks, rows.map((r) => r.stock_id));
  return rows.map((r) => {
    const stock = stockMap.get(r.stock_id);
    return {
      id: r.id,
      organization_id: r.organization_id,
      stock_id: r.stock_id,
      stock: stock ? { id: stock.id, code: stock.code, name: stock.name } : null,
      name: r.name,
      code: r.code,
      description: r.description,
      is_active: r.is_active,
      created_at: iso(r.created_at)!,
      updated_at: iso(r.updated_at)!,
    };
  });
}

async function sectionContents(db: DbOrTx, id: number) {
  return referencesMessage([
    [await countWhere(db, patrimonies, eq(patrimonies.section_id, id)), 'item de patrimônio', 'itens de patrimônio'],
    [await countWhere(db, consumableBalances, eq(consumableBalances.section_id, id)), 'saldo de consumível', 'saldos de consumíveis'],
  ]);
}

export async function sectionRoutes(app: FastifyInstance) {
  registerResource(app, {
    entity: 'section',
    label: 'Seção',
    gender: 'f',
    path: '/section',
    table: sections,
    access: { read: { read: 'SECTION' }, write: { write: 'SECTION' } },
    tenancy: 'organization',
    schemas: { read: sectionRead, create: sectionInput, update: sectionUpdate, query: sectionListQuery },
    sortable: { id: sections.id, name: sections.name, code: sections.code, stock_id: sections.stock_id, is_active: sections.is_active, created_at: sections.created_at },
    defaultSort: [asc(sections.name), asc(sections.id)],
    filters: (q) => [q.stock ? eq(sections.stock_id, q.stock) : undefined, q.isActive ? eq(sections.is_active, true) : undefined],
    searchOf: (r) => searchText(r.name as string, r.code as string),
    present: (rows, db) => presentSections(rows as SectionRow[], db),
    async toValues(input: SectionInput, { user, tx }, existing) {
      const values: Record<string, unknown> = { ...input };
      let stockId = existing?.stock_id as number | undefined;
      let organizationId = (existing?.organization_id as number | undefined) ?? user.organizationId;
      if (input.stock_id !== undefined && input.stock_id !== stockId) {
        const stock = await referenced<typeof stocks.$inferSelect>(tx, stocks, input.stock_id, existing ? organizationId : user.superAdmin ? null : user.organizationId, 'stock_id', { label: 'Estoque', gender: 'm' });
        if (existing) {
          const contents = await sectionContents(tx, existing.id);
          if (contents) throw conflict(`A seção não pode mudar de estoque: contém ${contents}. Transfira-os antes.`);
        }
        stockId = stock.id;
        organizationId = stock.organization_id;
        if (!existing) values.organization_id = stock.organization_id;
      }
      const code = input.code ?? (existing?.code as string | undefined);
      if (code !== undefined && (input.code !== undefined || input.stock_id !== undefined)) {
        const [dup] = await tx
          .select({ id: sections.id })
          .from(sections)
          .where(and(eq(sections.stock_id, stockId!), sql`lower(${sections.code}) = lower(${code})`, existing ? ne(sections.id, existing.id) : undefined));
        if (dup) throw conflict(`Já existe uma seção com o código "${code}" neste estoque.`);
      }
      return values;
    },
    async onDelete(row, { tx }) {
      const refs = referencesMessage([
        [await countWhere(tx, patrimonies, eq(patrimonies.section_id, row.id)), 'item de patrimônio', 'itens de patrimônio'],
        [await countWhere(tx, consumableBalances, eq(consumableBalances.section_id, row.id)), 'saldo de consumível', 'saldos de consumíveis'],
        [await countWhere(tx, movements, or(eq(movements.from_section_id, row.id), eq(movements.to_section_id, row.id))), 'movimentação', 'movimentações'],
      ]);
      if (refs) throw new HttpError(409, `A seção "${row.name}" não pode ser excluída: é referenciada por ${refs}. Desative-a em vez de excluí-la.`);
      return undefined;
    },
  });
}
