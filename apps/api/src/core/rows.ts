import { type AnyColumn, and, eq, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from './db';
import { HttpError, type Noun, agree } from './errors';
import { preparedRead } from './prepared';
import { persons, users } from './schema';

/** Small helpers every module uses to read, check and present rows. */

type OrgTable = PgTable & { id: AnyColumn; organization_id: AnyColumn };

/** Reads as a number a numeric column (drizzle answers numeric as a string). */
export const num = (v: unknown): number => (v === null || v === undefined ? 0 : Number(v));
export const iso = (d: Date | string | null | undefined) => (d ? (d instanceof Date ? d.toISOString() : new Date(d).toISOString()) : null);
/** 1.5 → "1,5"; 1000 → "1.000" (pt-BR). */
export const fmt = (n: number) => n.toLocaleString('pt-BR', { maximumFractionDigits: 3 });

/**
 * A row referenced by an input field, in the given organization; otherwise 422 with a violation on
 * that field (another organization's row is "not found", never revealed).
 */
export async function referenced<T extends Record<string, unknown>>(
  db: DbOrTx,
  table: OrgTable,
  id: number,
  organizationId: number | null,
  field: string,
  noun: Noun,
  opts: { lock?: boolean } = {},
): Promise<T> {
  let q = db
    .select()
    .from(table)
    .where(and(eq(table.id, id), organizationId === null ? undefined : eq(table.organization_id, organizationId)))
    .$dynamic();
  if (opts.lock) q = q.for('update');
  const [row] = (await q) as T[];
  if (!row) {
    const missing = `${noun.label} ${agree(noun, 'não encontrado')}`;
    throw new HttpError(422, `${missing} nesta organização.`, [{ propertyPath: field, message: missing }]);
  }
  return row;
}

export const violation = (field: string, message: string) => new HttpError(422, message, [{ propertyPath: field, message }]);


export type PersonRef = { id: number; username: string; name: string };

/** Users by id as `{id, username, name}` (the person's nickname), in one query. */
export async function personRefs(db: DbOrTx, ids: (number | null | undefined)[]): Promise<Map<number, PersonRef>> {
  const wanted = [...new Set(ids.filter((x): x is number => typeof x === 'number'))];
  if (wanted.length === 0) return new Map();
  const rows = await preparedRead<{ id: number; username: string; nickname: string | null; full_name: string }>(db, personRefs, 'person_refs', (d) =>
    d
      .select({ id: users.id, username: users.username, nickname: persons.nickname, full_name: persons.full_name })
      .from(users)
      .innerJoin(persons, eq(persons.id, users.person_id))
      .where(sql`${users.id} = any(${sql.placeholder('ids')})`),
  ).execute({ ids: wanted });
  return new Map(rows.map((r) => [r.id, { id: r.id, username: r.username, name: r.nickname || r.full_name }]));
}



/** A reference or null. */
export const refOf = <T>(map: Map<number, T>, id: number | null | undefined): T | null => (id ? (map.get(id) ?? null) : null);
