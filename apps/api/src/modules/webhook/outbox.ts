import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { WEBHOOK_ACTIONS, WEBHOOK_STATUS_ENTITIES, workflowEventsOf } from '@operacoes/contract';
import type { AuditEntry, AuditListener, AuditProbe } from '../../core/audit';
import type { Tx } from '../../core/db';
import { answerOf } from '../../core/resource';
import { personDisplayName } from '../../core/people';
import { persons, users } from '../../core/schema';
import { webhookDeliveries, webhooks } from './schema';

/** Columns that never leave the server in a payload (credentials, internal search text). */
const HIDDEN = new Set(['password_hash', 'search_text', 'token_version']);
const RETRY_WINDOW_MS = 24 * 3600_000;

/** A row as data for a payload: dates as ISO text, secrets and hashes left out. */
export function publicRecord(row: Record<string, unknown> | null | undefined): Record<string, unknown> | null {
  if (!row) return null;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(row)) {
    if (HIDDEN.has(k) || k.endsWith('_hash') || k.endsWith('_encrypted')) continue;
    out[k] = v instanceof Date ? v.toISOString() : v;
  }
  return out;
}

/** Work for the dispatchers of this process: called after a delivery is queued, so it goes out within moments of the commit. */
export const kicks = new Set<() => void>();
let kickTimer: NodeJS.Timeout | undefined;
function kickSoon() {
  if (kickTimer) return;
  // After the transaction that queued it has (most likely) committed; the dispatcher's poll catches a late one.
  kickTimer = setTimeout(() => {
    kickTimer = undefined;
    for (const kick of kicks) kick();
  }, 50);
  kickTimer.unref();
}

/** The events an audited change raises, or none (changes of no organization, and of webhooks themselves). */
function eventsOf(entry: AuditEntry) {
  if (entry.organizationId === null || entry.entity === 'webhook') return [];
  const events = [`${entry.entity}.${WEBHOOK_ACTIONS[entry.action]}`];
  if (entry.action === 'update' && 'status' in entry.changes && WEBHOOK_STATUS_ENTITIES.has(entry.entity)) events.push(`${entry.entity}.status_changed`);
  events.push(...workflowEventsOf(entry));
  return events;
}

const subscribed = (organizationId: number, events: string[]) =>
  and(eq(webhooks.organization_id, organizationId), eq(webhooks.is_active, true), sql`${webhooks.events} && ${sql.param(events)}::text[]`);

/** Asked in the revision's own statement (`onAudit`'s probe): the active webhooks subscribed to the change's events, as JSON. */
export const subscribedWebhooks: AuditProbe = (entry) => {
  const events = eventsOf(entry);
  if (!events.length) return undefined;
  return sql`select coalesce(json_agg(json_build_object('id', ${webhooks.id}, 'events', ${webhooks.events})), '[]'::json) from ${webhooks} where ${subscribed(entry.organizationId!, events)}`;
};

/**
 * The transactional outbox: each audited change of an organization's record queues one delivery per
 * active webhook subscribed to its event, in the change's own transaction (a rolled-back write
 * queues nothing). The payload is fixed here, so every retry sends the same bytes.
 */
export const enqueueWebhookDeliveries: AuditListener = async (tx, user, entry, probed) => {
  const events = eventsOf(entry);
  // The subscribers come from the probe (`subscribedWebhooks`), asked whenever the change raises events.
  const targets = (probed ?? []) as { id: number; events: string[] }[];
  if (!events.length || targets.length === 0) return;
  let actor: { id: number; name: string } | null = null;
  if (user) {
    const [p] = await tx
      .select({ full_name: persons.full_name, nickname: persons.nickname, username: users.username })
      .from(users)
      .innerJoin(persons, eq(persons.id, users.person_id))
      .where(eq(users.id, user.id));
    actor = { id: user.id, name: p ? personDisplayName(p.full_name, p.nickname, p.username) : (user.username ?? '') };
  }
  const stored = entry.action === 'delete' ? entry.before : entry.after;
  // The record as the API answers it (the kit's read of it, in this transaction); else the stored row without credentials.
  const answer = answerOf(entry.entity);
  // In a savepoint: a read that failed must not abort the change's own transaction (PostgreSQL would refuse the rest).
  const answered =
    answer && (stored || entry.action !== 'delete') ? await (tx as Tx).transaction((sp) => answer({ ...(stored ?? {}), id: entry.entityId }, sp, user)).catch(() => undefined) : undefined;
  const record = (answered as Record<string, unknown> | undefined) ?? publicRecord(stored);
  const occurred_at = new Date().toISOString();
  // One event id per event: every webhook subscribed to it receives the same id.
  const payloads = new Map(
    events.map((event) => [event, { id: randomUUID(), event, occurred_at, organization_id: entry.organizationId, actor, data: { ...(record ?? {}), id: entry.entityId }, changes: entry.changes }]),
  );
  const now = new Date();
  await tx.insert(webhookDeliveries).values(
    targets.flatMap((t) =>
      events
        .filter((event) => t.events.includes(event))
        .map((event) => ({
          organization_id: entry.organizationId!,
          webhook_id: t.id,
          event,
          payload: payloads.get(event)!,
          next_attempt_at: now,
          retry_until: new Date(now.getTime() + RETRY_WINDOW_MS),
        })),
    ),
  );
  kickSoon();
};
