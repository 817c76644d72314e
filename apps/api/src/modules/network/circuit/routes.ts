/**
 * Operator circuits. Decisions where SPEC and DESIGN are silent:
 * - Unavailability periods are also served by the kit at `/api/circuit/unavailability` (list with
 *   `?circuit=` and `?ongoing=`, create with `circuit_id`) beside SPEC's `/api/circuit/{id}/unavailability`.
 * - A start or an end in the future is refused (60 s of clock skew tolerated): periods are recorded, not planned.
 * - A circuit with periods cannot be deleted (409): its SLA history would go with it. Cancel it instead.
 * - Opening and closing a period notify the OPERATOR_CIRCUIT holders of the organization but the
 *   author; `{type: 'circuit', circuit_id, down}` goes to the organization's realtime topic for the chips.
 * - The SLA report lists every circuit of the organization, whatever its status; the minutes of a
 *   period are the whole minutes whose first instant falls in it; MTTR is the mean full duration of
 *   the closed counted periods touching the month (sla.ts).
 * - The carrier letter is always the requester's own organization's (404 when the carrier has no
 *   circuit there); without a breach it says there is nothing to claim.
 * - Contract-end notices: at start and hourly; cancelled circuits are skipped; one per circuit and
 *   contract date, so a renewed contract is announced again. The notice (days) is the new
 *   organization-settings section `circuit` (`/organization-settings/circuit`, default 30).
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { asc, eq, or, sql } from 'drizzle-orm';
import { circuitCarriers, circuitRead, circuitResource, idParam } from '@operacoes/contract';
import { userOf } from '../../../core/access';
import { registerAfterCommit } from '../../../core/after-commit';
import { audit } from '../../../core/audit';
import { unprocessable } from '../../../core/errors';
import { searchText } from '../../../core/list';
import { findVisible, tenancyCondition } from '../../../core/resource';
import { defineApiResource } from '../../../core/resource-kit';
import { saveUpload, uploadedFile } from '../../files';
import { lmxSegments } from '../lmc/schema';
import { unionMembers } from '../union/schema';
import { contractNoticeJob } from './notices';
import { presentCircuits } from './present';
import { slaRoutes } from './report';
import { circuitUnavailabilities, circuits } from './schema';
import { unavailabilityRoutes } from './unavailability';
import { siteEndRefs } from '../site/routes';

type CircuitRow = typeof circuits.$inferSelect;

/** Operator circuits (`/api/circuit`), their unavailability periods, the SLA report and the contract-end notices. */
export async function circuitRoutes(fastify: FastifyInstance) {
  const def = defineApiResource(fastify, circuitResource, {
    table: circuits,
    defaultSort: [asc(circuits.carrier), asc(circuits.designation), asc(circuits.id)],
    filters: (q) => [
      q.carrier ? sql`lower(${circuits.carrier}) = lower(${q.carrier})` : undefined,
      q.status ? eq(circuits.status, q.status) : undefined,
      q.site ? or(eq(circuits.site_a_id, q.site), eq(circuits.site_b_id, q.site)) : undefined,
      q.down === undefined
        ? undefined
        : sql`${q.down ? sql`` : sql`not `}exists (select 1 from ${circuitUnavailabilities} u where u.circuit_id = ${circuits.id} and u.ended_at is null)`,
    ],
    searchOf: (r) => searchText(r.carrier as string, r.designation as string, r.notes as string | null),
    refs: siteEndRefs,
    unique: { designation: 'a designação' },
    guardDelete: [
      [circuitUnavailabilities, circuitUnavailabilities.circuit_id, 'período de indisponibilidade', 'períodos de indisponibilidade'],
      [lmxSegments, lmxSegments.circuit_id, 'segmento LMX', 'segmentos LMX'],
      [unionMembers, unionMembers.circuit_id, 'união', 'uniões'],
    ],
    present: (rows, db) => presentCircuits(rows as CircuitRow[], db),
    toValues(values, _ctx, existing) {
      const siteA = (values.site_a_id ?? existing?.site_a_id) as number | undefined;
      const siteB = ('site_b_id' in values ? values.site_b_id : existing?.site_b_id) as number | null | undefined;
      if (existing && siteB && siteB === siteA) throw unprocessable([{ propertyPath: 'site_b_id', message: 'A ponta B deve ser outro site' }]);
      // numeric columns take decimal strings.
      for (const k of ['sla_percent', 'credit_factor'] as const) if (typeof values[k] === 'number') values[k] = String(values[k]);
      return values;
    },
  });

  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['circuit'];

  app.get(
    '/circuit/carriers',
    {
      config: { access: circuitResource.access.read },
      schema: { tags, summary: 'Operadoras já usadas', description: 'As operadoras dos circuitos da organização (sugestões do formulário), em ordem alfabética.', response: { 200: circuitCarriers } },
    },
    async (req) => {
      const user = userOf(req);
      const rows = await app.db
        .selectDistinct({ carrier: circuits.carrier })
        .from(circuits)
        .where(tenancyCondition(def, user))
        .orderBy(asc(circuits.carrier))
        .limit(500);
      return { items: rows.map((r) => r.carrier) };
    },
  );

  app.post(
    '/circuit/:id/contract',
    {
      config: { access: circuitResource.access.write },
      schema: { tags, summary: 'Enviar o contrato (PDF)', params: idParam, consumes: ['multipart/form-data'], response: { 200: circuitRead } },
    },
    async (req) => {
      const user = userOf(req);
      const existing = await findVisible<CircuitRow>(def, app.db, user, req.params.id);
      const file = await uploadedFile(req);
      const url = await saveUpload(app, file, { kinds: ['application/pdf'], maxBytes: 10 * 1024 * 1024, organizationId: existing.organization_id });
      const row = await app.db.transaction(async (tx) => {
        const [updated] = await tx.update(circuits).set({ contract_file: url, updated_at: new Date() }).where(eq(circuits.id, existing.id)).returning();
        await audit(tx, user, { entity: 'circuit', entityId: existing.id, organizationId: updated.organization_id, action: 'update', changes: { contract_file: [existing.contract_file ?? null, url] } });
        return updated;
      });
      return (await presentCircuits([row], app.db))[0];
    },
  );

  // Notifications and realtime messages leave after the request's transaction commits.
  registerAfterCommit(fastify);
  await unavailabilityRoutes(fastify, def);
  await slaRoutes(fastify, def);
  contractNoticeJob(fastify);
}

