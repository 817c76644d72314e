import type { FastifyInstance } from 'fastify';
import { and, eq, sql } from 'drizzle-orm';
import type { CurrentUser } from './access';
import type { DbOrTx } from './db';
import { users } from './schema';

/** Active users of the organization holding a permission (approvers: WAREHOUSE; warehouse staff: PATRIMONY). */
export async function usersWithPermission(db: DbOrTx, organizationId: number, permission: string, except?: number): Promise<number[]> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.organization_id, organizationId), eq(users.is_active, true), sql`${users.permissions} @> ARRAY[${permission}]::text[]`));
  return rows.map((r) => r.id).filter((id) => id !== except);
}

/** Notifies after the transaction commits (the returned function pushes and mails). */
export async function notify(app: FastifyInstance, tx: DbOrTx, userIds: number[], title: string, message: string, link: string, actor?: CurrentUser) {
  const { deliver } = await app.notifier.create(tx, userIds, { title, message, link, createdBy: actor?.id ?? null });
  return deliver;
}
