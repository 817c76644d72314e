import type { FastifyInstance } from 'fastify';
import { and, eq, sql } from 'drizzle-orm';
import type { CurrentUser } from './access';
import type { DbOrTx } from './db';
import type { PgTable } from 'drizzle-orm/pg-core';
import { type ResourceDef, unitCondition } from './resource';
import { users } from './schema';

/** The record a notice is about: a recipient whose permission on it is scoped to units must reach it. */
export type NoticeRecord = { resource: Pick<ResourceDef, 'table' | 'access'> & Partial<Pick<ResourceDef, 'unitScope' | 'entity'>>; id: number };

type Holder = { id: number; scopes: Record<string, number[]> };

/** Active users of the organization holding a permission, with their unit scopes. */
export async function holdersOf(db: DbOrTx, organizationId: number, permission: string): Promise<Holder[]> {
  return db
    .select({ id: users.id, scopes: users.permission_scopes })
    .from(users)
    .where(and(eq(users.organization_id, organizationId), eq(users.is_active, true), sql`${users.permissions} @> ARRAY[${permission}]::text[]`));
}

/**
 * The holders who can see the record: a user whose permission on the record's resource is scoped
 * to units outside the record's is left out. One question per distinct scope (most holders share
 * none, or the same one).
 */
export async function holdersReaching(db: DbOrTx, holders: Holder[], about: NoticeRecord): Promise<number[]> {
  const reaches = new Map<string, Promise<boolean>>();
  const reach = (scopes: Record<string, number[]>) => {
    const condition = unitCondition(about.resource, { superAdmin: false, scopes } as CurrentUser);
    if (!condition) return Promise.resolve(true);
    const key = JSON.stringify(scopes);
    if (!reaches.has(key)) reaches.set(key, db.select({ id: sql<number>`${about.resource.table.id}` }).from(about.resource.table as PgTable).where(and(eq(about.resource.table.id, about.id), condition)).then((found) => found.length > 0));
    return reaches.get(key)!;
  };
  const seen = await Promise.all(holders.map((h) => reach(h.scopes ?? {})));
  return holders.filter((_, i) => seen[i]).map((h) => h.id);
}

/**
 * Active users of the organization holding a permission (approvers: WAREHOUSE; warehouse staff:
 * PATRIMONY), but `except`. With `about`, only those who can see that record (`holdersReaching`).
 */
export async function usersWithPermission(db: DbOrTx, organizationId: number, permission: string, except?: number, about?: NoticeRecord): Promise<number[]> {
  const holders = (await holdersOf(db, organizationId, permission)).filter((h) => h.id !== except);
  return about ? holdersReaching(db, holders, about) : holders.map((h) => h.id);
}

/** Notifies after the transaction commits (the returned function pushes and mails). */
export async function notify(app: FastifyInstance, tx: DbOrTx, userIds: number[], title: string, message: string, link: string, actor?: CurrentUser) {
  const { deliver } = await app.notifier.create(tx, userIds, { title, message, link, createdBy: actor?.id ?? null });
  return deliver;
}
