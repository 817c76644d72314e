import { createHmac } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { HttpError } from '../../core/errors';
import { usersWithPermission, notify } from '../../core/notify';
import type { SecretBox } from '../../core/secrets';
import { type AllowList, safeFetch } from '../data-source';
import { kicks } from './outbox';
import { webhookDeliveries, webhooks } from './schema';

const BATCH = 20;
const TIMEOUT_MS = 10_000;
/** A claimed delivery is someone's for this long (longer than a send): a process that dies mid-send leaves it to another after that. */
const LEASE_MS = 60_000;
const BACKOFF_BASE_MS = 30_000;
const BACKOFF_CAP_MS = 3600_000;
/** Consecutive failed attempts after which a webhook is switched off and its managers told. */
export const MAX_CONSECUTIVE_FAILURES = 50;
const POLL_MS = 2_000;

export const signatureOf = (secret: string, body: Buffer | string) => `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;
export const backoffMs = (attempts: number) => Math.min(BACKOFF_BASE_MS * 2 ** Math.max(0, attempts - 1), BACKOFF_CAP_MS);

type Delivery = typeof webhookDeliveries.$inferSelect;
type Hook = typeof webhooks.$inferSelect;

/**
 * Sends the queued deliveries: each batch is claimed with `FOR UPDATE SKIP LOCKED` and leased
 * (its next attempt pushed past the send), so several API processes on one PostgreSQL never send
 * one delivery twice. Runs on a short poll and right after a change queues something.
 */
export function startWebhookDispatcher(app: FastifyInstance, box: SecretBox, allow: AllowList) {
  let running: Promise<void> | undefined;
  let again = false;
  let closed = false;
  let timer: NodeJS.Timeout | undefined;

  async function claim(): Promise<Delivery[]> {
    const result = await app.db.execute(sql`
      update webhook_delivery d set next_attempt_at = now() + make_interval(secs => ${LEASE_MS / 1000}), updated_at = now()
      where d.id in (
        select id from webhook_delivery
        where status = 'pendente' and next_attempt_at <= now()
        order by id
        limit ${BATCH}
        for update skip locked)
      returning d.id`);
    const ids = (result.rows as { id: number }[]).map((r) => Number(r.id));
    if (ids.length === 0) return [];
    return app.db.select().from(webhookDeliveries).where(inArray(webhookDeliveries.id, ids)).orderBy(asc(webhookDeliveries.id));
  }

  /** One attempt; true when it switched the webhook off. */
  async function send(d: Delivery, hook: Hook): Promise<boolean> {
    const body = Buffer.from(JSON.stringify(d.payload));
    const started = Date.now();
    let status: number | null = null;
    let response: string | null = null;
    let error: string | null = null;
    try {
      const res = await safeFetch(hook.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'content-length': String(body.length),
          'user-agent': 'Operacoes-Webhook/1',
          'x-operacoes-event': d.event,
          'x-operacoes-delivery': String(d.id),
          'x-operacoes-signature': signatureOf(box.open(hook.secret_encrypted), body),
        },
        body,
        followRedirects: false,
        signal: AbortSignal.timeout(TIMEOUT_MS),
        maxBytes: 256 * 1024,
        allow,
        tooLarge: () => new Error('Resposta grande demais (máximo 256 KB).'),
      });
      status = res.status;
      response = res.body.subarray(0, 1024).toString('utf8');
    } catch (err) {
      // In the receiver's words (the shared outbound rules speak of data sources); never internals.
      const e = err as Error & { name?: string; code?: string };
      if (e.name === 'TimeoutError' || e.name === 'AbortError') error = `Sem resposta em ${TIMEOUT_MS / 1000} s.`;
      else if (err instanceof HttpError && err.status === 422) error = 'Endereço não permitido: o destino aponta para um endereço interno.';
      else if (err instanceof HttpError) error = 'Não foi possível conectar ao destino.';
      else error = `Falha de conexão${e.code ? ` (${e.code})` : ''}.`;
    }
    const duration = Date.now() - started;
    const ok = status !== null && status >= 200 && status < 300;
    const attempts = d.attempts + 1;
    if (!ok && !error) error = `Resposta HTTP ${status}.`;
    const next = new Date(Date.now() + backoffMs(attempts));
    const giveUp = !ok && next > d.retry_until;
    const notice = await app.db.transaction(async (tx): Promise<(() => Promise<void>) | false> => {
      await tx
        .update(webhookDeliveries)
        .set({
          status: ok ? 'entregue' : giveUp ? 'falhou' : 'pendente',
          attempts,
          next_attempt_at: ok || giveUp ? null : next,
          last_status_code: status,
          last_duration_ms: duration,
          last_response: response,
          last_error: ok ? null : error,
          updated_at: new Date(),
        })
        .where(eq(webhookDeliveries.id, d.id));
      if (ok) {
        await tx.update(webhooks).set({ consecutive_failures: 0 }).where(eq(webhooks.id, hook.id));
        return false;
      }
      const [h] = await tx
        .update(webhooks)
        .set({ consecutive_failures: sql`${webhooks.consecutive_failures} + 1` })
        .where(eq(webhooks.id, hook.id))
        .returning({ failures: webhooks.consecutive_failures, is_active: webhooks.is_active });
      if (!h || !h.is_active || h.failures < MAX_CONSECUTIVE_FAILURES) return false;
      return deactivate(tx, hook);
    });
    if (!notice) return false;
    await notice().catch((err) => app.log.warn({ err }, 'webhook deactivation notice failed'));
    return true;
  }

  /** Switches a failing webhook off and parks its queue; answers the notice to the organization's managers, sent after the commit. */
  async function deactivate(tx: Parameters<Parameters<typeof app.db.transaction>[0]>[0], hook: Hook) {
    const reason = `Desativado após ${MAX_CONSECUTIVE_FAILURES} falhas consecutivas de entrega.`;
    await tx.update(webhooks).set({ is_active: false, disabled_reason: reason, updated_at: new Date() }).where(eq(webhooks.id, hook.id));
    await tx
      .update(webhookDeliveries)
      .set({ status: 'desativado', next_attempt_at: null, updated_at: new Date() })
      .where(and(eq(webhookDeliveries.webhook_id, hook.id), eq(webhookDeliveries.status, 'pendente')));
    const managers = await usersWithPermission(tx, hook.organization_id, 'DATA_SOURCE');
    return notify(app, tx, managers, 'Webhook desativado', `O webhook ${hook.url} foi desativado após ${MAX_CONSECUTIVE_FAILURES} falhas consecutivas de entrega. Corrija o destino e reative-o.`, `/organization-settings/webhook/edit/${hook.id}`);
  }

  async function batch(): Promise<number> {
    const due = await claim();
    if (due.length === 0) return 0;
    const hooks = new Map((await app.db.select().from(webhooks).where(inArray(webhooks.id, [...new Set(due.map((d) => d.webhook_id))]))).map((h) => [h.id, h]));
    for (const d of due) {
      if (closed) break;
      const hook = hooks.get(d.webhook_id);
      if (!hook || !hook.is_active) {
        // Switched off while queued: kept for the record, never sent unless resent after reactivation.
        await app.db.update(webhookDeliveries).set({ status: 'desativado', next_attempt_at: null, updated_at: new Date() }).where(eq(webhookDeliveries.id, d.id));
        continue;
      }
      // A send that switched the webhook off parks the rest of this batch too.
      if (await send(d, hook)) hook.is_active = false;
    }
    return due.length;
  }

  const run = () => {
    if (closed) return;
    if (running) {
      again = true;
      return;
    }
    running = (async () => {
      try {
        do {
          again = false;
          while (!closed && (await batch()) > 0);
        } while (again && !closed);
      } catch (err) {
        app.log.error({ err }, 'webhook dispatcher failed');
      } finally {
        running = undefined;
      }
    })();
  };

  app.addHook('onReady', async () => {
    kicks.add(run);
    timer = setInterval(run, POLL_MS);
    timer.unref();
    run();
  });
  app.addHook('onClose', async () => {
    closed = true;
    kicks.delete(run);
    clearInterval(timer);
    await running;
  });
  return { run };
}
