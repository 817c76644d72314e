import { type SQL, sql } from 'drizzle-orm';
import type { CurrentUser } from './access';
import type { DbOrTx } from './db';
import { revisions } from './schema';

/** Fields never copied into the audit log. */
const HIDDEN = new Set(['password_hash', 'search_text', 'token_version', 'updated_at', 'created_at', 'token_encrypted']);

const norm = (v: unknown): unknown => (v instanceof Date ? v.toISOString() : v === undefined ? null : v);
const same = (a: unknown, b: unknown) => JSON.stringify(norm(a)) === JSON.stringify(norm(b));

/** `{field: [old, new]}` for each changed field; a password change is shown without its value. */
export function diff(before: Record<string, unknown> | null, after: Record<string, unknown> | null): Record<string, [unknown, unknown]> {
  const out: Record<string, [unknown, unknown]> = {};
  const keys = new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})]);
  for (const k of keys) {
    // Secrets: show that they changed, never their values.
    if (k === 'password_hash' && before && after && before[k] !== after[k]) out.password = ['***', '***'];
    // Sealed credentials (a data source's token, a webhook's signing secret): only that they changed.
    if (k.endsWith('_encrypted')) {
      if (before && after && before[k] !== after[k]) out[k.slice(0, -'_encrypted'.length)] = [before[k] ? '***' : null, after[k] ? '***' : null];
      continue;
    }
    if (HIDDEN.has(k)) continue;
    // Link hashes (a shipment's receiving link, a proposal's public link) are credentials too.
    if (k.endsWith('_hash')) {
      const [a, b] = [before?.[k] ?? null, after?.[k] ?? null];
      if (a !== b) out[k] = [a === null ? null : '***', b === null ? null : '***'];
      continue;
    }
    const a = before ? before[k] : null;
    const b = after ? after[k] : null;
    if (!same(a, b)) out[k] = [norm(a), norm(b)];
  }
  return out;
}

export type AuditEntry = {
  entity: string;
  entityId: number;
  organizationId: number | null;
  action: 'create' | 'update' | 'delete';
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
  changes: Record<string, [unknown, unknown]>;
};
/**
 * Work done in the transaction of every audited change (the webhooks' outbox); a rollback undoes it with
 * the change. `probed` is the answer of the listener's probe, when it registered one.
 */
export type AuditListener = (tx: DbOrTx, user: CurrentUser | undefined, entry: AuditEntry, probed?: unknown) => Promise<void>;
/**
 * A question a listener asks of every audited change (a scalar subquery, e.g. a JSON list), or nothing:
 * it is answered by the revision's own insert statement, which saves the write a round trip.
 */
export type AuditProbe = (entry: AuditEntry) => SQL | undefined;
const listeners = new Map<AuditListener, AuditProbe | undefined>();
/** Registers a listener once (the same function twice is one listener): core names no module, the module subscribes. */
export function onAudit(listener: AuditListener, probe?: AuditProbe) {
  listeners.set(listener, probe);
}

/** Writes one revision row; call it inside the transaction of the change. */
export async function audit(
  tx: DbOrTx,
  user: CurrentUser | undefined,
  /** Without `changes`, they are the difference of `before` and `after`. */
  entry: Omit<AuditEntry, 'changes'> & { changes?: AuditEntry['changes'] },
) {
  const changes = entry.changes ?? diff(entry.before ?? null, entry.after ?? null);
  if (entry.action === 'update' && Object.keys(changes).length === 0) return;
  const full: AuditEntry = { ...entry, changes };
  const asked = [...listeners].map(([listener, probe], i) => ({ listener, probe: probe?.(full), alias: `p${i}` }));
  const inserted = sql`insert into ${revisions} (organization_id, user_id, entity, entity_id, action, changes, via_token)
    values (${entry.organizationId}, ${user?.id ?? null}, ${entry.entity}, ${entry.entityId}, ${entry.action}, ${JSON.stringify(changes)}::jsonb, ${user?.viaToken?.name ?? null})`;
  const probes = asked.filter((a) => a.probe);
  let answers: Record<string, unknown> = {};
  if (probes.length === 0) await tx.execute(inserted);
  else {
    const result = await tx.execute(sql`with inserted as (${inserted} returning 1) select ${sql.join(probes.map((a) => sql`(${a.probe}) as ${sql.identifier(a.alias)}`), sql`, `)} from inserted`);
    answers = (result.rows[0] ?? {}) as Record<string, unknown>;
  }
  for (const a of asked) await a.listener(tx, user, full, a.probe ? answers[a.alias] : undefined);
}
