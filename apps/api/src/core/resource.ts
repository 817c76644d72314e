import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { type AnyColumn, type SQL, and, desc, eq, getTableColumns, getTableName, like, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { idParam, listOf, listQuery, pageSizeParam } from '@operacoes/contract';
import { type Access, type CurrentUser, unitScopeOf, userOf } from './access';
import { audit } from './audit';
import { answeringStale, ifMatchOf, refuseStale, versionOf } from './etag';
import type { DbOrTx, Tx } from './db';
import { type HttpError, notFound, unprocessable } from './errors';
import { type Prepared, fastRead, preparedRead, statementName } from './prepared';
import { countAll, listResult, paging, searchPatterns, sortColumn, sortOrder } from './list';

/** The answer of a delete that did something else instead (patrimony written off, a user with history deactivated). */
const deleteOutcome = z.object({ message: z.string().describe('O que foi feito em vez da exclusão, em pt-BR.') }).loose();

type Row = Record<string, unknown> & { id: number };
type ResourceTable = PgTable & { id: AnyColumn; organization_id?: AnyColumn; search_text?: AnyColumn };

export type ResourceContext = { user: CurrentUser; tx: DbOrTx; app: FastifyInstance };

/**
 * One declaration gives a module list/get/create/update/delete with permission check,
 * organization scoping, paging, accent-insensitive search, sort, filters, audit and
 * clear errors (DESIGN §2). A module writes only what differs, through the hooks.
 */
export type ResourceDef<TQuery extends z.ZodObject = z.ZodObject, TCreate extends z.ZodType = z.ZodType, TUpdate extends z.ZodType = z.ZodType> = {
  /** snake_case entity name used in the audit log and OpenAPI tags. */
  entity: string;
  /** pt-BR name, for messages ("Usuário não encontrado."). */
  label: string;
  /** Grammatical gender of `label`, so messages agree ("Fonte de dados não encontrada."). */
  gender: 'm' | 'f';
  path: string;
  table: ResourceTable;
  /** `create`/`delete` default to `write`. */
  access: { read: Access; write: Access; create?: Access; delete?: Access };
  /** `organization`: rows belong to an organization (DESIGN §3 tenancy); `global`: shared by all. */
  tenancy: 'organization' | 'global';
  /** The column holding the owning organization; default `organization_id` (`id` for organizations themselves). */
  tenancyColumn?: AnyColumn;
  /**
   * Where a record belongs among the organization's units: the condition "belongs to one of these
   * units". A user whose permission is scoped to some units reaches only such rows (lists, reads,
   * writes; 404 outside, as for another organization). Without it, a scoped permission reaches nothing.
   */
  unitScope?: (unitIds: number[]) => SQL;
  /** The input field that places a record in a unit (the error's `propertyPath` when a write leaves the user's units). */
  unitField?: string;
  schemas: { read: z.ZodType; create: TCreate; update: TUpdate; query?: TQuery };
  maxPageSize?: number;
  /** The kit's routes to register (default all); e.g. records born of a workflow have no plain create. */
  routes?: ('list' | 'get' | 'create' | 'update' | 'delete')[];
  /** The sort fields (`?sort=name`, `-name`); default: every column the list shows. */
  sortable?: Record<string, AnyColumn>;
  defaultSort?: SQL[];
  /** Module filters from the list query. */
  filters?: (query: z.infer<TQuery>, user: CurrentUser) => (SQL | undefined)[];
  /** The folded text a row is found by; kept in `search_text`. */
  searchOf?: (row: Record<string, unknown>) => string;
  /** Input → table values (hash a password, insert a related row…). `existing` is set on update. */
  toValues?: (input: never, ctx: ResourceContext, existing?: Row) => Promise<Record<string, unknown>>;
  /** Rows → read shapes, in batch, for the user who asked (workflow `steps`). Default: the row without internal columns. */
  present?: (rows: Row[], db: DbOrTx, user?: CurrentUser) => Promise<unknown[]>;
  /** Custom delete (e.g. deactivate a user with history): a body to answer 200 with, `null` when it deleted the row itself (204), or undefined to let the kit delete it. */
  onDelete?: (row: Row, ctx: ResourceContext) => Promise<unknown | undefined>;
  /** A write that hit unique index `index`: the error to answer (kit v2's `unique` slot). */
  duplicate?: (index: string, input: Record<string, unknown>) => HttpError | undefined;
  /** Runs after a create/update inside the transaction (memberships, side rows). `existing` is set on update. */
  afterWrite?: (row: Row, input: unknown, ctx: ResourceContext, existing?: Row) => Promise<void>;
};

/** The unique index a PostgreSQL error names, if it is a duplicate (23505). */
function duplicateIndex(err: unknown): string | undefined {
  const e = err as { code?: string; constraint?: string; cause?: { code?: string; constraint?: string } };
  const pg = e?.cause && typeof e.cause === 'object' ? e.cause : e;
  return pg?.code === '23505' ? (pg.constraint ?? '') : undefined;
}

/** Runs a write; a duplicate on a unique index becomes the resource's 409 when it names the field. */
async function mappingDuplicates<T>(def: Pick<ResourceDef, 'duplicate'>, input: Record<string, unknown> | (() => Record<string, unknown>), write: () => Promise<T>): Promise<T> {
  if (!def.duplicate) return write();
  try {
    return await write();
  } catch (err) {
    const index = duplicateIndex(err);
    throw (index !== undefined && def.duplicate(index, typeof input === 'function' ? input() : input)) || err;
  }
}

const INTERNAL = new Set(['search_text', 'password_hash', 'token_version']);
const TOTAL = '__total';


export function plainPresent(rows: Row[]): unknown[] {
  return rows.map((r) => {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(r)) if (!INTERNAL.has(k)) out[k] = v instanceof Date ? v.toISOString() : v;
    return out;
  });
}

export function tenancyCondition(def: Pick<ResourceDef, 'table' | 'tenancy' | 'tenancyColumn'> & Partial<Pick<ResourceDef, 'access' | 'unitScope' | 'entity'>>, user: CurrentUser): SQL | undefined {
  if (def.tenancy !== 'organization' || user.superAdmin) return undefined;
  return and(eq(def.tenancyColumn ?? def.table.organization_id!, user.organizationId), def.access ? unitCondition(def as ScopedDef, user) : undefined);
}

type ScopedDef = Pick<ResourceDef, 'access' | 'unitScope'> & { entity?: string };
/** Each kit entity's `unitScope`, so a hand-written route reading the entity (`{ ...stockResource, table }`) applies it too. */
const unitScopes = new Map<string, (unitIds: number[]) => SQL>();

/** `3, 4, 7` for an SQL `in (…)` of a unit scope's subquery (`unitScope` declarations). */
export const sqlList = (ids: number[]): SQL => sql.join(ids.map((id) => sql`${id}`), sql`, `);
/** The permission a resource's writes need ("STOCK"): its scope is the resource's. */
const permissionOf = (def: ScopedDef) => (typeof def.access.write === 'object' && 'write' in def.access.write ? def.access.write.write : undefined);

/** "Belongs to the user's units" when the resource's permission is scoped for this user, else undefined. */
export function unitCondition(def: ScopedDef, user: CurrentUser): SQL | undefined {
  const permission = permissionOf(def);
  const units = permission ? unitScopeOf(user, permission) : undefined;
  if (!units) return undefined;
  const scope = def.unitScope ?? (def.entity ? unitScopes.get(def.entity) : undefined);
  return scope ? scope(units) : sql`false`;
}

/** What `findVisible` needs of a resource: its table, tenancy and name (and, for unit scopes, its access and `unitScope`). */
export type VisibleDef = Pick<ResourceDef, 'table' | 'tenancy' | 'tenancyColumn' | 'label' | 'gender'> & Partial<Pick<ResourceDef, 'access' | 'unitScope' | 'entity'>>;

/** Loads one row the user may see (404 otherwise), optionally locking it for update. */
export async function findVisible<T = Row>(def: VisibleDef, db: DbOrTx, user: CurrentUser, id: number, lock = false): Promise<T> {
  const [row] = (await visibleRows(def, db, user, id, lock)) as T[];
  if (!row) throw notFound(def);
  return row;
}

/** The row `id` if the user may see it (none otherwise): a prepared statement unless a unit scope applies. */
export function visibleRows(def: Omit<VisibleDef, 'label' | 'gender'>, db: DbOrTx, user: CurrentUser, id: number, lock = false): Promise<Row[]> {
  const scoped = def.tenancy === 'organization' && !user.superAdmin;
  if (!(scoped && def.access && unitCondition(def as ScopedDef, user))) {
    const tenancyColumn = scoped ? (def.tenancyColumn ?? def.table.organization_id!) : undefined;
    const key = `visible:${getTableName(def.table as PgTable)}:${tenancyColumn?.name ?? ''}:${lock}`;
    return preparedRead<Row>(db, key, `${getTableName(def.table as PgTable)}_visible`, (handle) => {
      const q = handle
        .select()
        .from(def.table as PgTable)
        .where(and(eq(def.table.id, sql.placeholder('id')), tenancyColumn ? eq(tenancyColumn, sql.placeholder('organization')) : undefined))
        .$dynamic();
      return lock ? q.for('update') : q;
    }).execute({ id, organization: user.organizationId });
  }
  const q = db
    .select()
    .from(def.table as PgTable)
    .where(and(eq(def.table.id, id), tenancyCondition(def, user)))
    .$dynamic();
  return (lock ? q.for('update') : q) as unknown as Promise<Row[]>;
}

/** Every resource registered through the kit (entity and path), e.g. for the test that each one has a generic suite. */
export const registeredResources: { entity: string; path: string }[] = [];
/** The kit resources whose records belong to units (`unitScope`), with the permission their scope is read from, e.g. for the unit-scope matrix test. */
export const scopedResources: { entity: string; path: string; permission: string; unitField?: string; routes: readonly string[] }[] = [];

/**
 * How each kit entity is answered (its read schema over its `present`), by entity, for records written
 * outside a request's answer: a webhook's payload carries the record as the API's GET gives it. The
 * latest app to register an entity answers for it (`db` is passed in: the caller's transaction).
 */
const answerers = new Map<string, (row: Row, db: DbOrTx, user?: CurrentUser) => Promise<unknown>>();
export const answerOf = (entity: string) => answerers.get(entity);

/** A kit resource's update, by entity: the revision log's revert goes through the resource's own rules. */
export type KitUpdate = {
  def: ResourceDef;
  /** Locks row `id` (404 when the user cannot see it), builds the input from it, writes and audits; 412 when `ifMatch` is stale. */
  update: (user: CurrentUser, id: number, input: (tx: Tx, existing: Row) => Record<string, unknown> | Promise<Record<string, unknown>>, ifMatch?: string) => Promise<Row>;
  present: (row: Row, user: CurrentUser) => Promise<unknown>;
};
/** Per app (keyed by its database handle, shared by every plugin context of one app): entity → its kit update. */
const kitUpdateRegistry = new WeakMap<object, Map<string, KitUpdate>>();
/** The kit updates of the app owning `db`, by entity (the first resource registered for an entity). */
export function kitUpdatesOf(db: object): Map<string, KitUpdate> {
  let found = kitUpdateRegistry.get(db);
  if (!found) kitUpdateRegistry.set(db, (found = new Map()));
  return found;
}

/** A non-super-admin body naming another organization is refused (422), never silently moved to the user's own. */
async function refuseForeignOrganization(req: FastifyRequest) {
  const body = req.body as { organization_id?: unknown } | undefined;
  const user = userOf(req);
  if (!user.superAdmin && body && typeof body === 'object' && 'organization_id' in body && body.organization_id !== undefined && body.organization_id !== user.organizationId) {
    throw unprocessable([{ propertyPath: 'organization_id', message: 'Organização inválida.' }]);
  }
}

export function registerResource<TQuery extends z.ZodObject, TCreate extends z.ZodType, TUpdate extends z.ZodType>(
  fastify: FastifyInstance,
  def: ResourceDef<TQuery, TCreate, TUpdate>,
) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const d = def as unknown as ResourceDef;
  registeredResources.push({ entity: def.entity, path: def.path });
  if (def.unitScope) unitScopes.set(def.entity, def.unitScope);
  if (def.unitScope) scopedResources.push({ entity: def.entity, path: def.path, permission: permissionOf(d) ?? '', unitField: def.unitField, routes: def.routes ?? ['list', 'get', 'create', 'update', 'delete'] });
  const preValidation = def.tenancy === 'organization' ? refuseForeignOrganization : undefined;
  const present = async (rows: Row[], db: DbOrTx, user?: CurrentUser) => (def.present ? def.present(rows, db, user) : plainPresent(rows));
  answerers.set(def.entity, async (given, db, user) => {
    // An audit of a change without its rows (a derived state, a workflow step) names only the id: read the row.
    const row = Object.keys(given).length > 1 ? given : (await byIds(db, def.table as never, [given.id as number])).get(given.id as number);
    if (!row) return undefined;
    const [shown] = await present([row], db, user);
    const read = (def.schemas.read as z.ZodType).safeParse(shown);
    return read.success ? read.data : shown;
  });
  const columns = getTableColumns(def.table as PgTable) as Record<string, AnyColumn>;
  // Lists never read secrets or the search column.
  const listColumns = Object.fromEntries(Object.entries(columns).filter(([k]) => !INTERNAL.has(k)));
  // By default a list sorts by any column it shows (never by a secret or the search text).
  const sortable = def.sortable ?? listColumns;
  // The resource's page maximum is in its query schema: documented, and a 422 naming it when exceeded.
  const baseQuery = (def.schemas.query ?? listQuery) as z.ZodObject;
  const query = def.maxPageSize && baseQuery instanceof z.ZodObject ? baseQuery.extend({ pageSize: pageSizeParam(def.maxPageSize) }) : baseQuery;
  const tags = [def.entity];
  const orgOf = (row: Row): number | null =>
    def.tenancy !== 'organization' ? null : ((def.tenancyColumn ? row[def.tenancyColumn.name] : row.organization_id) as number | null) ?? null;

  const withSearch = (values: Record<string, unknown>, existing?: Row) => {
    if (!def.searchOf || !('search_text' in columns)) return values;
    return { ...values, search_text: def.searchOf({ ...(existing ?? {}), ...values }) };
  };

  const wanted = new Set(def.routes ?? ['list', 'get', 'create', 'update', 'delete']);

  /** A write by a user scoped to some units must leave the record in them (checked on the written row, in the write's transaction). */
  async function refuseOutOfScope(tx: Tx, user: CurrentUser, id: number) {
    const scope = unitCondition(d, user);
    if (!scope) return;
    const [inside] = await tx.select({ id: sql<number>`${def.table.id}` }).from(def.table as PgTable).where(and(eq(def.table.id, id), scope));
    if (!inside) throw unprocessable([{ propertyPath: def.unitField ?? '', message: 'Fora das unidades em que você tem esta permissão.' }]);
  }

  // The list and get statements are built once per shape and prepared (named statements): no SQL
  // building, parsing or planning per request. A list with a module filter set builds its own.
  const tenancyColumn = def.tenancy === 'organization' ? (def.tenancyColumn ?? def.table.organization_id!) : undefined;
  const searchColumn = def.table.search_text;
  const fallbackSort = def.defaultSort ?? [desc(def.table.id)];
  const listSelection = { ...listColumns, [TOTAL]: sql<number>`(count(*) over ())::int` };
  const listStatements = new Map<string, Prepared<Row & { [TOTAL]: number }>>();
  const listStatement = (scoped: boolean, words: number, sort: string | undefined) => {
    const key = `${scoped ? 1 : 0}:${words}:${sort ?? ''}`;
    let statement = listStatements.get(key);
    if (!statement) {
      const where = and(
        scoped ? eq(tenancyColumn!, sql.placeholder('organization')) : undefined,
        ...Array.from({ length: words }, (_, i) => like(searchColumn!, sql.placeholder(`w${i}`))),
      );
      statement = fastRead<Row & { [TOTAL]: number }>(
        fastify.db
          .select(listSelection)
          .from(def.table as PgTable)
          .where(where)
          .orderBy(...sortOrder(sort, sortable, fallbackSort))
          .limit(sql.placeholder('limit'))
          .offset(sql.placeholder('offset')),
        statementName(`${def.entity}_list`),
      );
      listStatements.set(key, statement);
    }
    return statement;
  };

  if (wanted.has('list')) app.get(
    def.path,
    { config: { access: def.access.read }, schema: { tags, querystring: query, response: { 200: listOf(def.schemas.read) } } },
    async (req) => {
      const user = userOf(req);
      const q = req.query as z.infer<typeof listQuery>;
      const { page, pageSize, offset } = paging(q, def.maxPageSize);
      if (q.sort) sortColumn(q.sort, sortable); // 422 for a field the resource does not sort by
      const scoped = tenancyColumn !== undefined && !user.superAdmin;
      const patterns = searchColumn ? searchPatterns(q.search) : [];
      const filters = def.filters ? def.filters(q as never, user).filter((f) => f !== undefined) : [];
      let found: (Row & { [TOTAL]: number })[];
      // The prepared statement knows the organization only: a filter, or a permission scoped to units
      // (tenancyCondition adds it), builds its own.
      if (filters.length === 0 && !unitCondition(d, user)) {
        const values: Record<string, unknown> = { organization: user.organizationId, limit: pageSize, offset };
        patterns.forEach((p, i) => (values[`w${i}`] = p));
        found = await listStatement(scoped, patterns.length, q.sort).execute(values);
      } else {
        found = (await fastify.db
          .select(listSelection)
          .from(def.table as PgTable)
          .where(and(tenancyCondition(d, user), ...patterns.map((p) => like(searchColumn!, p)), ...filters))
          .orderBy(...sortOrder(q.sort, sortable, fallbackSort))
          .limit(pageSize)
          .offset(offset)) as (Row & { [TOTAL]: number })[];
      }
      // Rows and total in one statement (the search runs once); a page past the end counts apart.
      const total = found.length
        ? found[0][TOTAL]
        : offset === 0
          ? 0
          : (
              await fastify.db
                .select({ total: countAll })
                .from(def.table as PgTable)
                .where(and(tenancyCondition(d, user), ...patterns.map((p) => like(searchColumn!, p)), ...filters))
            )[0].total;
      const rows = found.map(({ [TOTAL]: _total, ...row }) => row as Row);
      return listResult(await present(rows, fastify.db, user), total, page, pageSize);
    },
  );

  const getStatements = new Map<boolean, Prepared<Row>>();
  const getStatement = (scoped: boolean) => {
    let statement = getStatements.get(scoped);
    if (!statement) {
      statement = fastRead<Row>(
        fastify.db
          .select()
          .from(def.table as PgTable)
          .where(and(eq(def.table.id, sql.placeholder('id')), scoped ? eq(tenancyColumn!, sql.placeholder('organization')) : undefined)),
        statementName(`${def.entity}_get`),
      );
      getStatements.set(scoped, statement);
    }
    return statement;
  };

  if (wanted.has('get')) app.get(
    `${def.path}/:id`,
    { config: { access: def.access.read, etag: true }, schema: { tags, params: idParam, response: { 200: def.schemas.read } } },
    async (req, reply) => {
      const user = userOf(req);
      const id = (req.params as { id: number }).id;
      const [row] = unitCondition(d, user) ? [await findVisible(d, fastify.db, user, id)] : await getStatement(tenancyColumn !== undefined && !user.superAdmin).execute({ id, organization: user.organizationId });
      if (!row) throw notFound(def);
      reply.header('etag', versionOf(row));
      return (await present([row], fastify.db, user))[0];
    },
  );

  if (wanted.has('create')) app.post(
    def.path,
    { config: { access: def.access.create ?? def.access.write }, preValidation, schema: { tags, body: def.schemas.create, response: { 201: def.schemas.read } } },
    async (req, reply) => {
      const user = userOf(req);
      const input = req.body as Record<string, unknown>;
      const row = await mappingDuplicates(def, input, () => fastify.db.transaction(async (tx: Tx) => {
        const ctx = { user, tx, app: fastify };
        let values = def.toValues ? await def.toValues(input as never, ctx) : { ...input };
        if (def.tenancy === 'organization' && 'organization_id' in columns && (values.organization_id === undefined || !user.superAdmin)) {
          values.organization_id = user.organizationId;
        }
        values = withSearch(values);
        const [created] = (await tx.insert(def.table).values(values as never).returning()) as Row[];
        await refuseOutOfScope(tx, user, created.id as number);
        if (def.afterWrite) await def.afterWrite(created, input, ctx);
        await audit(tx, user, {
          entity: def.entity,
          entityId: created.id,
          organizationId: orgOf(created),
          action: 'create',
          after: created,
        });
        return created;
      }));
      reply.status(201);
      return (await present([row], fastify.db, user))[0];
    },
  );

  /**
   * The kit's update, also run by the revision log's revert: the row is locked, checked against
   * `ifMatch` (412 when stale), then `input(tx, existing)` goes through the resource's own rules
   * (toValues: references, tenancy; unique indexes: 409 naming the field) and is audited.
   */
  async function update(user: CurrentUser, id: number, input: (tx: Tx, existing: Row) => Record<string, unknown> | Promise<Record<string, unknown>>, ifMatch?: string): Promise<Row> {
    let body: Record<string, unknown> = {};
    return mappingDuplicates(def, () => body, () => fastify.db.transaction(async (tx: Tx) => {
      const ctx = { user, tx, app: fastify };
      const existing = await findVisible(d, tx, user, id, true);
      await refuseStale(tx, ifMatch, versionOf(existing), { entity: def.entity, entityId: id, current: async () => (await present([existing], tx, user))[0] });
      body = await input(tx, existing);
      let values = def.toValues ? await def.toValues(body as never, ctx, existing) : { ...body };
      if (def.tenancy === 'organization' && !user.superAdmin) delete values.organization_id;
      values = withSearch(values, existing);
      if ('updated_at' in columns) values.updated_at = new Date();
      // A PUT changes only the fields it carries (the update schemas keep omitted fields); an empty one changes nothing.
      const [updated] = Object.keys(values).length
        ? ((await tx.update(def.table).set(values as never).where(eq(def.table.id, id)).returning()) as Row[])
        : [existing];
      if (def.afterWrite) await def.afterWrite(updated, body, ctx, existing);
      await refuseOutOfScope(tx, user, id);
      await audit(tx, user, {
        entity: def.entity,
        entityId: id,
        organizationId: orgOf(updated),
        action: 'update',
        before: existing,
        after: updated,
      });
      return updated;
    }));
  }

  if (wanted.has('update')) {
    // (A route recorder without a database, as some tests pass, registers nothing.)
    const updates = fastify.db ? kitUpdatesOf(fastify.db) : undefined;
    if (updates && !updates.has(def.entity)) updates.set(def.entity, { def: d, update, present: async (row, user) => (await present([row], fastify.db, user))[0] });
    app.put(
      `${def.path}/:id`,
      { config: { access: def.access.write, etag: true }, preValidation, schema: { tags, params: idParam, body: def.schemas.update, response: { 200: def.schemas.read } } },
      async (req, reply) =>
        answeringStale(reply, async () => {
          const user = userOf(req);
          const row = await update(user, (req.params as { id: number }).id, () => req.body as Record<string, unknown>, ifMatchOf(req));
          // The new version: a client that keeps editing sends it as its next If-Match.
          reply.header('etag', versionOf(row));
          return (await present([row], fastify.db, user))[0];
        }),
    );
  }

  if (wanted.has('delete')) app.delete(
    `${def.path}/:id`,
    {
      config: { access: def.access.delete ?? def.access.write },
      // A custom delete may answer what it did instead (a write-off, a deactivation): a pt-BR message and the record.
      schema: { tags, params: idParam, ...(def.onDelete ? { response: { 200: deleteOutcome } } : {}) },
    },
    async (req, reply) => {
      const user = userOf(req);
      const id = (req.params as { id: number }).id;
      const answer = await fastify.db.transaction(async (tx: Tx) => {
        const existing = await findVisible(d, tx, user, id, true);
        const custom = def.onDelete ? await def.onDelete(existing, { user, tx, app: fastify }) : undefined;
        if (custom !== undefined) return custom;  // null: handled and deleted
        await tx.delete(def.table).where(eq(def.table.id, id));
        await audit(tx, user, {
          entity: def.entity,
          entityId: id,
          organizationId: orgOf(existing),
          action: 'delete',
          before: existing,
        });
        return undefined;
      });
      if (answer === undefined || answer === null) return reply.status(204).send();
      return answer;
    },
  );
}

/** Loads rows by id in one query, keyed by id (one prepared `id = any($1)` statement per table). */
export async function byIds<T extends Row>(db: DbOrTx, table: ResourceTable, ids: number[]): Promise<Map<number, T>> {
  if (ids.length === 0) return new Map();
  const statement = preparedRead<T>(db, table, `by_ids_${getTableName(table)}`, (handle) =>
    handle
      .select()
      .from(table as PgTable)
      .where(sql`${table.id} = any(${sql.placeholder('ids')})`),
  );
  const rows = await statement.execute({ ids: [...new Set(ids)] });
  return new Map(rows.map((r) => [r.id, r]));
}
