/**
 * Kit v2: a resource is its contract descriptor (`defineResource`: entity, labels, path,
 * permission, tenancy, schemas) plus what only the API knows, declared as slots:
 * - `refs`: reference fields checked on every write (the row must exist and be visible: 422 on
 *   the field otherwise) and shown in the answer (`unit_organizational: {id, name}`); an `owner`
 *   reference decides the organization of a new row (a super admin creates where it points).
 * - `unique`: fields under a unique index; the index does the work and a duplicate answers 409
 *   naming the field ("Já existe um estoque com o código …").
 * - `counts`: counts of child rows shown in the answer (`section_count`), one grouped query.
 * - `guardDelete`: what refers to a row; a delete while anything does answers 409 naming it.
 * Everything else (paging, search, sort, tenancy, audit, OpenAPI) comes from `registerResource`.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { type AnyColumn, type SQL, count, eq, getTableColumns, inArray, or, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { ListQuery, ListResult, ResourceDescriptor } from '@operacoes/contract';
import type { CurrentUser } from './access';
import type { DbOrTx } from './db';
import { HttpError, agree, type Noun } from './errors';
import { listResult, paging, sortOrder } from './list';
import { referenced } from './rows';
import { type ResourceContext, type ResourceDef, byIds, plainPresent, registerResource } from './resource';
import type { Workflow } from './workflow';

type Row = Record<string, unknown> & { id: number };
type AnyTable = PgTable & { id: AnyColumn };

export type RefSlot = {
  table: AnyTable;
  /** The referenced entity, for the 422 message ("Estoque não encontrado nesta organização."). */
  noun: Noun;
  /** Key of the reference in the answer (default: the field without `_id`) and its columns (default id and name). */
  as?: string;
  show?: string[];
  /** The row's organization is the referenced row's (a super admin's create lands there). */
  owner?: true;
};

/** [table, the column(s) pointing at the row, singular, plural]: "2 seções". */
export type Guard = [PgTable, AnyColumn | AnyColumn[], string, string];

export type ResourceSlots<Q = never> = Pick<
  ResourceDef,
  'table' | 'maxPageSize' | 'routes' | 'sortable' | 'defaultSort' | 'searchOf' | 'present' | 'onDelete' | 'afterWrite' | 'tenancyColumn' | 'unitScope' | 'unitField'
> & {
  filters?: (query: Q, user: CurrentUser) => (SQL | undefined)[];
  refs?: Record<string, RefSlot>;
  /** field → how the message names it ("o código"). */
  unique?: Record<string, string>;
  counts?: Record<string, PgColumn>;
  guardDelete?: Guard[];
  /** Its workflow (core/workflow): `steps` join the read shape; register the routes with `registerWorkflow(app, wf, def)`. */
  workflow?: Pick<Workflow<{ id: number }, string>, 'withSteps'>;
  /** Input → values beyond the slots (clean HTML, convert a number…), after the references are checked. */
  toValues?: (input: Record<string, unknown>, ctx: ResourceContext, existing?: Row) => Record<string, unknown> | Promise<Record<string, unknown>>;
};

const hasOrganization = (table: PgTable) => 'organization_id' in getTableColumns(table);

/** A referenced row visible in `organizationId` (any organization when null); 422 on `field` otherwise. */
export async function referencedRow(db: DbOrTx, ref: RefSlot, id: number, organizationId: number | null, field: string): Promise<Row> {
  // Shared rows (no organization column) are visible to every organization.
  return referenced<Row>(db, ref.table as never, id, hasOrganization(ref.table) ? organizationId : null, field, ref.noun);
}

/** "2 seções e 1 movimentação" referring to row `id`; undefined when nothing does. */
export async function referencesOf(db: DbOrTx, guards: Guard[], id: number): Promise<string | undefined> {
  const parts: string[] = [];
  for (const [table, columns, one, many] of guards) {
    const cols = Array.isArray(columns) ? columns : [columns];
    const [{ n }] = await db.select({ n: count() }).from(table).where(or(...cols.map((c) => eq(c, id))));
    if (n > 0) parts.push(`${n} ${n === 1 ? one : many}`);
  }
  if (parts.length === 0) return undefined;
  return parts.length === 1 ? parts[0] : `${parts.slice(0, -1).join(', ')} e ${parts[parts.length - 1]}`;
}

/** Registers the kit's routes for a contract descriptor and its API slots. */
type QueryOf<D extends ResourceDescriptor> = D['schemas']['query'] extends z.ZodType ? z.infer<D['schemas']['query']> : ListQuery;

/**
 * A module's own routes beside its resource's CRUD (exports, workflows' extra steps, calendars): the typed
 * app, and the resource's read and write rules that those routes declare as theirs.
 */
export function ownRoutes<D extends ResourceDescriptor>(app: FastifyInstance, descriptor: D) {
  return { app: app.withTypeProvider<ZodTypeProvider>(), read: descriptor.access.read, write: descriptor.access.write };
}

export function defineApiResource<D extends ResourceDescriptor>(app: FastifyInstance, descriptor: D, slots: ResourceSlots<QueryOf<D>>) {
  const refs = Object.entries(slots.refs ?? {});
  const ownerRef = refs.find(([, r]) => r.owner);
  const article = descriptor.gender === 'f' ? 'uma' : 'um';
  const the = (s: string) => `${descriptor.gender === 'f' ? 'A' : 'O'} ${s}`;
  const labelLower = descriptor.label.toLowerCase();

  async function toValues(input: Record<string, unknown>, ctx: ResourceContext, existing?: Row) {
    const values: Record<string, unknown> = { ...input };
    const { user, tx } = ctx;
    // A super admin may name the organization of a new row; everyone else writes in their own.
    const named = typeof input.organization_id === 'number' ? input.organization_id : null;
    let organizationId = (existing?.organization_id as number | undefined) ?? (user.superAdmin ? named : user.organizationId);
    // The owner first: it decides the organization the other references must belong to.
    for (const [field, ref] of ownerRef ? [ownerRef, ...refs.filter((r) => r !== ownerRef)] : refs) {
      const id = input[field];
      if (typeof id !== 'number' || id === existing?.[field]) continue;
      const row = await referencedRow(tx, ref, id, organizationId, field);
      if (ref.owner && hasOrganization(ref.table)) {
        organizationId = row.organization_id as number;
        if (!existing) values.organization_id = organizationId;
      }
    }
    return slots.toValues ? slots.toValues(values, ctx, existing) : values;
  }

  async function present(rows: Row[], db: DbOrTx): Promise<unknown[]> {
    const out = plainPresent(rows) as Record<string, unknown>[];
    for (const [field, ref] of refs) {
      const found = await byIds<Row>(db, ref.table as never, rows.map((r) => r[field]).filter((v): v is number => typeof v === 'number'));
      const show = ref.show ?? ['id', 'name'];
      const as = ref.as ?? field.replace(/_id$/, '');
      out.forEach((o, i) => {
        const row = found.get(rows[i][field] as number);
        o[as] = row ? Object.fromEntries(show.map((k) => [k, row[k]])) : null;
      });
    }
    for (const [key, column] of Object.entries(slots.counts ?? {})) {
      const ids = rows.map((r) => r.id);
      const table = column.table;
      const counted = ids.length ? await db.select({ id: column, n: count() }).from(table).where(inArray(column, ids)).groupBy(column) : [];
      const byId = new Map(counted.map((c) => [c.id as number, c.n]));
      out.forEach((o) => (o[key] = byId.get(o.id as number) ?? 0));
    }
    return out;
  }

  const def: ResourceDef = {
    entity: descriptor.entity,
    label: descriptor.label,
    gender: descriptor.gender,
    path: descriptor.apiPath,
    access: descriptor.access,
    tenancy: descriptor.tenancy,
    schemas: descriptor.schemas as ResourceDef['schemas'],
    ...slots,
    filters: slots.filters as ResourceDef['filters'],
    toValues: toValues as ResourceDef['toValues'],
    present: slots.present ?? (slots.workflow ? slots.workflow.withSteps(present as (rows: Row[], db: DbOrTx) => Promise<object[]>) : present),
    // A duplicate on a unique index answers 409 naming the field and its value.
    duplicate(index, input) {
      const field = Object.keys(slots.unique ?? {}).find((f) => index.endsWith(`_${f}_unique`));
      if (!field) return undefined;
      const value = input[field];
      const message = `Já existe ${article} ${labelLower} com ${slots.unique![field]}${value !== undefined ? ` "${String(value)}"` : ''}.`;
      return new HttpError(409, message, [{ propertyPath: field, message: 'Já está em uso' }]);
    },
    async onDelete(row, ctx) {
      const refsTo = slots.guardDelete ? await referencesOf(ctx.tx, slots.guardDelete, row.id) : undefined;
      if (refsTo) {
        const name = (row.name ?? row.code ?? row.title ?? `#${row.id}`) as string;
        const deactivate = 'is_active' in row ? ` Desative-${descriptor.gender === 'f' ? 'a' : 'o'} em vez de excluí-l${descriptor.gender === 'f' ? 'a' : 'o'}.` : '';
        throw new HttpError(409, `${the(labelLower)} "${name}" não pode ser ${agree(descriptor, 'excluído')}: é ${agree(descriptor, 'referenciado')} por ${refsTo}.${deactivate}`);
      }
      return slots.onDelete ? slots.onDelete(row, ctx) : undefined;
    },
  };

  registerResource(app, def);
  return def;
}

/**
 * One page of a hand-written list with the kit's rules: paging (capped), sort restricted to
 * `sortable` (unknown or prototype fields are 422), rows and total in one statement.
 */
export async function listPage<T extends Record<string, unknown>, R>(
  db: DbOrTx,
  opts: { table: PgTable; where?: SQL; query: { page?: number; pageSize?: number; sort?: string }; sortable: Record<string, AnyColumn>; defaultSort: SQL[]; maxPageSize?: number },
  present: (rows: T[]) => R[] | Promise<R[]>,
): Promise<ListResult<R>> {
  const { page, pageSize, offset } = paging(opts.query, opts.maxPageSize);
  const found = (await db
    .select({ row: opts.table, total: sql<number>`(count(*) over ())::int` } as never)
    .from(opts.table)
    .where(opts.where)
    .orderBy(...sortOrder(opts.query.sort, opts.sortable, opts.defaultSort))
    .limit(pageSize)
    .offset(offset)) as { row: T; total: number }[];
  // A page past the end has no row to carry the total: count apart.
  const total = found.length ? found[0].total : offset === 0 ? 0 : (await db.select({ n: count() }).from(opts.table).where(opts.where))[0].n;
  return listResult(await present(found.map((f) => f.row)), total, page, pageSize);
}
