import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, desc, eq, isNotNull, isNull, ne } from 'drizzle-orm';
import { circuitEntity, type CircuitRealtimeMessage, type UnavailabilityRead, idParam, listOf, listQuery, unavailabilityNested, unavailabilityRead, unavailabilityResource } from '@operacoes/contract';
import { type CurrentUser, userOf } from '../../../core/access';
import { afterCommit } from '../../../core/after-commit';
import type { DbOrTx } from '../../../core/db';
import { HttpError, unprocessable } from '../../../core/errors';
import { searchText } from '../../../core/list';
import { notify, usersWithPermission } from '../../../core/notify';
import { brDateTime } from '../../../core/pdf';
import { type ResourceDef, findVisible } from '../../../core/resource';
import { defineApiResource, listPage } from '../../../core/resource-kit';
import { organizationTopic } from '../../../core/tokens';
import { circuitUnavailabilities, circuits } from './schema';
import { presentUnavailabilities } from './present';

type Row = typeof circuitUnavailabilities.$inferSelect;
type CircuitRow = typeof circuits.$inferSelect;

const circuitName = (c: Pick<CircuitRow, 'carrier' | 'designation'>) => `${c.carrier} ${c.designation}`;

/** Tells the organization's circuit lists (and dashboards) that a circuit went down or came back, after commit. */
function announce(app: FastifyInstance, user: CurrentUser, circuit: Pick<CircuitRow, 'id' | 'organization_id'>, down: boolean) {
  afterCommit(user, () => app.realtime.publish([{ topic: organizationTopic(circuit.organization_id), data: { type: 'circuit', circuit_id: circuit.id, down } satisfies CircuitRealtimeMessage }]));
}

/** Notifies the circuit's watchers (the OPERATOR_CIRCUIT holders of its organization, the author aside) after commit. */
async function notifyWatchers(app: FastifyInstance, tx: DbOrTx, user: CurrentUser, circuit: CircuitRow, period: Row, opened: boolean) {
  const watchers = await usersWithPermission(tx, circuit.organization_id, 'OPERATOR_CIRCUIT', user.id);
  const title = opened ? `Circuito fora do ar: ${circuitName(circuit)}` : `Circuito normalizado: ${circuitName(circuit)}`;
  const message = opened
    ? `Indisponibilidade aberta desde ${brDateTime(period.started_at)}. Causa: ${period.cause}${period.protocol ? ` · Protocolo ${period.protocol}` : ''}.`
    : `Indisponibilidade de ${brDateTime(period.started_at)} encerrada em ${brDateTime(period.ended_at)}. Causa: ${period.cause}.`;
  const deliver = await notify(app, tx, watchers, title, message, `/circuit/unavailability/edit/${period.id}`, user);
  afterCommit(user, deliver);
  announce(app, user, circuit, opened);
}

/**
 * Unavailability periods: the kit at `/api/circuit/unavailability[/{id}]`, and the circuit's own
 * `GET/POST /api/circuit/{id}/unavailability`. Rules: no start or end in the future, no end before
 * the start (422, every violation at once), one ongoing period per circuit (409; the circuit row is
 * locked, so two racing openings cannot both win), counts_for_sla defaults to "the carrier's fault".
 */
export async function unavailabilityRoutes(fastify: FastifyInstance, circuitDef: ResourceDef) {
  const def = defineApiResource(fastify, unavailabilityResource, {
    table: circuitUnavailabilities,
    defaultSort: [desc(circuitUnavailabilities.started_at), desc(circuitUnavailabilities.id)],
    filters: (q) => [
      q.circuit ? eq(circuitUnavailabilities.circuit_id, q.circuit) : undefined,
      q.ongoing === undefined ? undefined : q.ongoing ? isNull(circuitUnavailabilities.ended_at) : isNotNull(circuitUnavailabilities.ended_at),
    ],
    searchOf: (r) => searchText(r.cause as string, r.protocol as string | null, r.notes as string | null),
    refs: { circuit_id: { table: circuits, noun: circuitEntity, owner: true, show: ['id', 'carrier', 'designation'] } },
    present: (rows, db) => presentUnavailabilities(rows as Row[], db),
    async toValues(values, { tx }, existing) {
      const circuitId = (existing?.circuit_id ?? values.circuit_id) as number;
      // The circuit's row lock serialises the periods of one circuit (the ongoing rule below).
      await tx.select({ id: circuits.id }).from(circuits).where(eq(circuits.id, circuitId)).for('update');
      const started = values.started_at !== undefined ? new Date(values.started_at as string) : (existing!.started_at as Date);
      const ended = 'ended_at' in values ? (values.ended_at ? new Date(values.ended_at as string) : null) : ((existing?.ended_at as Date | null | undefined) ?? null);
      if (ended && ended < started) throw unprocessable([{ propertyPath: 'ended_at', message: 'O fim deve ser depois do início' }]);
      if (values.started_at !== undefined) values.started_at = started;
      if ('ended_at' in values) values.ended_at = ended;
      if (!existing && values.counts_for_sla === undefined) values.counts_for_sla = values.responsibility === 'operadora';
      if (ended === null && (!existing || existing.ended_at !== null)) {
        const [open] = await tx
          .select({ id: circuitUnavailabilities.id, started_at: circuitUnavailabilities.started_at })
          .from(circuitUnavailabilities)
          .where(and(eq(circuitUnavailabilities.circuit_id, circuitId), isNull(circuitUnavailabilities.ended_at), existing ? ne(circuitUnavailabilities.id, existing.id) : undefined));
        if (open) {
          throw new HttpError(409, `O circuito já tem uma indisponibilidade em andamento (desde ${brDateTime(open.started_at)}). Encerre-a antes de abrir outra.`, [{ propertyPath: 'ended_at', message: 'Já existe uma indisponibilidade em andamento' }]);
        }
      }
      return values;
    },
    async afterWrite(row, _input, { tx, user, app }, existing) {
      const period = row as unknown as Row;
      const wasOpen = existing ? existing.ended_at === null : false;
      const isOpen = period.ended_at === null;
      if (wasOpen === isOpen) return;
      const [circuit] = await tx.select().from(circuits).where(eq(circuits.id, period.circuit_id));
      // A period recorded already closed is history, not news.
      if (!existing && !isOpen) return;
      await notifyWatchers(app, tx, user, circuit, period, isOpen);
    },
    async onDelete(row, { tx, user, app }) {
      if (row.ended_at === null) {
        const [circuit] = await tx.select().from(circuits).where(eq(circuits.id, row.circuit_id as number));
        announce(app, user, circuit, false);
      }
      return undefined;
    },
  });

  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = [unavailabilityResource.entity];

  app.get(
    '/circuit/:id/unavailability',
    {
      config: { access: unavailabilityResource.access.read },
      schema: { tags, summary: 'Indisponibilidades do circuito', description: 'Os períodos de indisponibilidade do circuito, do mais recente ao mais antigo.', params: idParam, querystring: listQuery, response: { 200: listOf(unavailabilityRead) } },
    },
    async (req) => {
      const user = userOf(req);
      const circuit = await findVisible<CircuitRow>(circuitDef, app.db, user, req.params.id);
      return listPage<Row, UnavailabilityRead>(
        app.db,
        {
          table: circuitUnavailabilities,
          where: eq(circuitUnavailabilities.circuit_id, circuit.id),
          query: req.query,
          sortable: { started_at: circuitUnavailabilities.started_at, ended_at: circuitUnavailabilities.ended_at, responsibility: circuitUnavailabilities.responsibility, id: circuitUnavailabilities.id },
          defaultSort: def.defaultSort!,
        },
        (rows) => presentUnavailabilities(rows, app.db),
      );
    },
  );

  app.post(
    '/circuit/:id/unavailability',
    {
      config: { access: unavailabilityResource.access.write },
      schema: { tags, summary: 'Registrar indisponibilidade', description: 'Abre (sem `ended_at`) ou registra um período de indisponibilidade do circuito.', params: idParam, body: unavailabilityNested, response: { 201: unavailabilityRead } },
    },
    async (req, reply) => {
      const user = userOf(req);
      await findVisible(circuitDef, app.db, user, req.params.id);
      // The same create as `POST /api/circuit/unavailability` (one set of rules), with the circuit from the path.
      const res = await fastify.inject({
        method: 'POST',
        url: `/api${unavailabilityResource.apiPath}`,
        headers: { authorization: req.headers.authorization ?? '', 'content-type': 'application/json' },
        payload: JSON.stringify({ ...req.body, circuit_id: req.params.id }),
      });
      return reply.status(res.statusCode as 201).type('application/json; charset=utf-8').send(res.body as never);
    },
  );
}
