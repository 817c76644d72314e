import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, asc, count, desc, eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import { listOf, listQuery, webhookDeliveryRead, webhookEventRead, webhookEvents, webhookResource, webhookSecret } from '@operacoes/contract';
import { userOf } from '../../core/access';
import { audit, onAudit } from '../../core/audit';
import { HttpError } from '../../core/errors';
import { listResult, searchText } from '../../core/list';
import { findVisible } from '../../core/resource';
import { defineApiResource } from '../../core/resource-kit';
import { SecretBox } from '../../core/secrets';
import { type AllowList, parseAllowList, vettedAddress } from '../data-source';
import { startWebhookDispatcher } from './dispatcher';
import { enqueueWebhookDeliveries, subscribedWebhooks } from './outbox';
import { webhookDeliveries, webhooks } from './schema';

type HookRow = typeof webhooks.$inferSelect;
type DeliveryRow = typeof webhookDeliveries.$inferSelect;
const PATH = '/organization-settings/webhook';

/** `whsec_` and 32 random bytes: shown once, stored sealed. */
export const newWebhookSecret = () => `whsec_${randomBytes(32).toString('base64url')}`;

const urlRefused = () =>
  new HttpError(422, 'Endereço não permitido: o webhook aponta para um endereço interno. Nada foi alterado.', [{ propertyPath: 'url', message: 'Endereço não permitido' }]);

/**
 * The address rules of outbound calls, checked when the URL is saved too: an internal address
 * (loopback, private, link-local such as 169.254.169.254) is refused unless the operator allows it.
 * A name that does not resolve now is accepted: it is checked again on every delivery.
 */
async function refuseInternalUrl(url: string, allow: AllowList) {
  try {
    await vettedAddress(new URL(url), allow);
  } catch (err) {
    if (err instanceof HttpError && err.status === 422) throw urlRefused();
  }
}

const presentDelivery = (d: DeliveryRow) => ({
  id: d.id,
  webhook_id: d.webhook_id,
  event: d.event,
  payload: d.payload,
  status: d.status,
  attempts: d.attempts,
  next_attempt_at: d.next_attempt_at?.toISOString() ?? null,
  last_status_code: d.last_status_code,
  last_duration_ms: d.last_duration_ms,
  last_response: d.last_response,
  last_error: d.last_error,
  created_at: d.created_at.toISOString(),
  updated_at: d.updated_at.toISOString(),
});

export async function webhookRoutes(fastify: FastifyInstance) {
  const box = new SecretBox(fastify.config.dataSourceKey);
  const allow = parseAllowList(fastify.config.dataSourceAllowedHosts);
  // The secret of a webhook just created, for the create's answer only (the row object is the key: nothing outlives the request).
  const fresh = new WeakMap<object, string>();

  const def = defineApiResource(fastify, webhookResource, {
    table: webhooks,
    defaultSort: [asc(webhooks.url), asc(webhooks.id)],
    sortable: { id: webhooks.id, url: webhooks.url, is_active: webhooks.is_active, created_at: webhooks.created_at },
    searchOf: (r) => searchText(r.url as string),
    async present(rows, db) {
      const list = rows as HookRow[];
      const ids = list.map((r) => r.id);
      // The last delivery of each webhook, one query per page.
      const last = ids.length
        ? await db
            .selectDistinctOn([webhookDeliveries.webhook_id], { webhook_id: webhookDeliveries.webhook_id, status: webhookDeliveries.status, status_code: webhookDeliveries.last_status_code, at: webhookDeliveries.updated_at })
            .from(webhookDeliveries)
            .where(inArray(webhookDeliveries.webhook_id, ids))
            .orderBy(webhookDeliveries.webhook_id, desc(webhookDeliveries.id))
        : [];
      const lastOf = new Map(last.map((l) => [l.webhook_id, { status: l.status, status_code: l.status_code, at: l.at.toISOString() }]));
      return list.map((r) => {
        const secret = fresh.get(r);
        return {
          id: r.id,
          organization_id: r.organization_id,
          url: r.url,
          events: r.events,
          is_active: r.is_active,
          consecutive_failures: r.consecutive_failures,
          disabled_reason: r.disabled_reason,
          last_delivery: lastOf.get(r.id) ?? null,
          ...(secret ? { secret } : {}),
          created_at: r.created_at.toISOString(),
          updated_at: r.updated_at.toISOString(),
        };
      });
    },
    async toValues(input, _ctx, existing) {
      const values: Record<string, unknown> = { ...input };
      if (typeof input.url === 'string') await refuseInternalUrl(input.url, allow);
      if (Array.isArray(input.events)) values.events = [...new Set(input.events as string[])];
      if (!existing) values.secret_encrypted = box.seal(newWebhookSecret());
      // Switched back on by hand: the failure count starts over.
      if (existing && input.is_active === true && !existing.is_active) Object.assign(values, { consecutive_failures: 0, disabled_reason: null });
      return values;
    },
    async afterWrite(row, _input, _ctx, existing) {
      if (!existing) fresh.set(row, box.open((row as unknown as HookRow).secret_encrypted));
    },
  });

  onAudit(enqueueWebhookDeliveries, subscribedWebhooks);
  const dispatcher = startWebhookDispatcher(fastify, box, allow);

  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = [webhookResource.entity];
  const params = z.object({ id: z.coerce.number().int().positive() });

  app.get(
    `${PATH}/events`,
    { config: { access: { read: 'DATA_SOURCE' } }, schema: { tags, summary: 'Eventos que um webhook pode assinar', response: { 200: z.object({ items: z.array(webhookEventRead) }) } } },
    async () => ({ items: webhookEvents() }),
  );

  app.post(
    `${PATH}/:id/rotate-secret`,
    { config: { access: { write: 'DATA_SOURCE' } }, schema: { tags, summary: 'Gera um novo segredo de assinatura', params, response: { 200: webhookSecret } } },
    async (req) => {
      const user = userOf(req);
      const secret = newWebhookSecret();
      await app.db.transaction(async (tx) => {
        const hook = await findVisible<HookRow>(def, tx, user, req.params.id, true);
        const sealed = box.seal(secret);
        await tx.update(webhooks).set({ secret_encrypted: sealed, updated_at: new Date() }).where(eq(webhooks.id, hook.id));
        await audit(tx, user, { entity: 'webhook', entityId: hook.id, organizationId: hook.organization_id, action: 'update', before: hook, after: { ...hook, secret_encrypted: sealed } });
      });
      return { secret };
    },
  );

  app.get(
    `${PATH}/:id/delivery`,
    { config: { access: { read: 'DATA_SOURCE' } }, schema: { tags, summary: 'Entregas do webhook (mais recentes primeiro)', params, querystring: listQuery.pick({ page: true, pageSize: true }), response: { 200: listOf(webhookDeliveryRead) } } },
    async (req) => {
      const hook = await findVisible<HookRow>(def, app.db, userOf(req), req.params.id);
      const { page, pageSize } = req.query;
      const where = eq(webhookDeliveries.webhook_id, hook.id);
      const [rows, [{ n }]] = await Promise.all([
        app.db.select().from(webhookDeliveries).where(where).orderBy(desc(webhookDeliveries.id)).limit(pageSize).offset((page - 1) * pageSize),
        app.db.select({ n: count() }).from(webhookDeliveries).where(where),
      ]);
      return listResult(rows.map(presentDelivery), Number(n), page, pageSize);
    },
  );

  app.post(
    `${PATH}/:id/delivery/:deliveryId/redeliver`,
    {
      config: { access: { write: 'DATA_SOURCE' } },
      schema: { tags, summary: 'Reenvia uma entrega agora', params: params.extend({ deliveryId: z.coerce.number().int().positive() }), response: { 200: webhookDeliveryRead } },
    },
    async (req) => {
      const user = userOf(req);
      const hook = await findVisible<HookRow>(def, app.db, user, req.params.id);
      if (!hook.is_active) throw new HttpError(409, 'O webhook está desativado: ative-o antes de reenviar.');
      const now = new Date();
      const [row] = await app.db
        .update(webhookDeliveries)
        .set({ status: 'pendente', next_attempt_at: now, retry_until: new Date(now.getTime() + 24 * 3600_000), updated_at: now })
        .where(and(eq(webhookDeliveries.id, req.params.deliveryId), eq(webhookDeliveries.webhook_id, hook.id)))
        .returning();
      if (!row) throw new HttpError(404, 'Entrega não encontrada.');
      dispatcher.run();
      return presentDelivery(row);
    },
  );
}

