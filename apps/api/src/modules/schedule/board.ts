/**
 * The dispatch board (`GET /api/schedule/board`): one row per field technician (the organization's
 * active EXTERNAL_ACTIVITY holders) with the events they take part in and the orders assigned to
 * them over a day or a week, and the open orders nobody is assigned to yet. The dispatcher drops
 * an order on a technician's time through the order's own routes (assign, then schedule), so the
 * same checks and the same 409 question apply there; this route only reads.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, asc, eq, inArray, isNull, ne, notExists, or, sql } from 'drizzle-orm';
import {
  ACTIVITY_OPEN_STATUSES,
  BOARD_MAX_DAYS,
  BOARD_MAX_TECHNICIANS,
  BOARD_MAX_UNASSIGNED,
  type BoardItem,
  type BoardRead,
  activityRights,
  boardQuery,
  boardRead,
  scheduleEventResource,
} from '@operacoes/contract';
import { type CurrentUser, allows, userOf } from '../../core/access';
import { endOfDay, startOfDay } from '../../core/dates';
import { unprocessable } from '../../core/errors';
import { personDisplayName } from '../../core/people';
import { persons, users } from '../../core/schema';
import { getOrganizationSettings } from '../organization-settings';
import { activityTechnicians, activityUnitCondition, assistanceTypes, externalActivities } from '../external-activity';
import { activityEndSql, movedOccurrences, technicianVisits, touchesWindow } from './busy';
import { eventTimeZones, occurrencesIn } from './recurrence';
import { scheduleEventParticipants, scheduleEvents } from './schema';

const DAY = 86_400_000;
const DEFAULT_EVENT_COLOR = '#5e35b1';

/** Drops an order on a technician: writes the schedule and the order, and dispatches (contract external-activity/rights.ts). */
const mayAssign = (user: CurrentUser) => allows(user, { write: 'SCHEDULE' }) && allows(user, { write: 'EXTERNAL_ACTIVITY' }) && activityRights(user, { technician_ids: [] }).dispatch;

export function boardRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/schedule/board',
    {
      config: { access: scheduleEventResource.access.read },
      schema: {
        tags: ['schedule'],
        summary: 'Quadro de despacho: o dia (ou a semana) de cada técnico',
        description: `Os técnicos da organização (usuários ativos com EXTERNAL_ACTIVITY), cada um com os eventos de que participa e as atividades designadas a ele que se sobrepõem a [from, to] (até ${BOARD_MAX_DAYS} dias), e as atividades abertas sem técnico. \`can_assign\`: quem pode arrastar uma atividade para um técnico (SCHEDULE e EXTERNAL_ACTIVITY de escrita, e EXTERNAL_ACTIVITY_DISPATCH).`,
        querystring: boardQuery,
        response: { 200: boardRead },
      },
    },
    async (req): Promise<BoardRead> => {
      const user = userOf(req);
      const q = req.query;
      const from = startOfDay(q.from);
      const to = q.to.length === 10 ? new Date(endOfDay(q.to).getTime() + 1) : new Date(q.to);
      if (to.getTime() <= from.getTime()) throw unprocessable([{ propertyPath: 'to', message: 'O fim do período deve ser depois do início' }]);
      if (to.getTime() - from.getTime() > BOARD_MAX_DAYS * DAY) throw unprocessable([{ propertyPath: 'to', message: `Período longo demais (máximo ${BOARD_MAX_DAYS} dias)` }]);
      // Always the user's own organization (a super admin's too): one organization's people per board.
      const organizationId = user.organizationId;
      const db = app.db;

      const people = await db
        .select({ id: users.id, username: users.username, nickname: persons.nickname, full_name: persons.full_name })
        .from(users)
        .innerJoin(persons, eq(persons.id, users.person_id))
        .where(and(eq(users.organization_id, organizationId), eq(users.is_active, true), sql`${users.permissions} @> ARRAY['EXTERNAL_ACTIVITY']::text[]`))
        .orderBy(asc(persons.full_name), asc(users.id))
        .limit(BOARD_MAX_TECHNICIANS + 1);
      let truncated = people.length > BOARD_MAX_TECHNICIANS;
      const technicians = people.slice(0, BOARD_MAX_TECHNICIANS).map((p) => ({ id: p.id, name: personDisplayName(p.full_name, p.nickname, p.username), items: [] as BoardItem[] }));
      const row = new Map(technicians.map((t) => [t.id, t]));
      const ids = technicians.length ? technicians.map((t) => t.id) : [0];

      const e = scheduleEvents;
      const p = scheduleEventParticipants;
      const a = externalActivities;
      const t = activityTechnicians;
      const end = await activityEndSql(db, organizationId);
      const [events, orders, unassigned, settings] = await Promise.all([
        db
          .select({ user_id: p.user_id, id: e.id, title: e.title, starts_at: e.starts_at, ends_at: e.ends_at, rrule: e.rrule, exdates: e.exdates, color: e.color, organization_id: e.organization_id, unit_organizational_id: e.unit_organizational_id })
          .from(p)
          .innerJoin(e, eq(e.id, p.event_id))
          .where(and(inArray(p.user_id, ids), eq(e.organization_id, organizationId), touchesWindow(from, to)))
          .orderBy(asc(e.starts_at)),
        technicianVisits(db, end, ids, { start: from, end: to }, eq(a.organization_id, organizationId), ne(a.status, 'cancelada'), activityUnitCondition(user)),
        db
          .select({ a, type: { id: assistanceTypes.id, name: assistanceTypes.name, color: assistanceTypes.color, minutes: assistanceTypes.default_duration_minutes } })
          .from(a)
          .innerJoin(assistanceTypes, eq(assistanceTypes.id, a.assistance_type_id))
          .where(
            and(
              eq(a.organization_id, organizationId),
              inArray(a.status, [...ACTIVITY_OPEN_STATUSES]),
              activityUnitCondition(user),
              notExists(db.select({ x: sql`1` }).from(t).where(eq(t.activity_id, a.id))),
              // The period's orders: not scheduled yet, or scheduled within it.
              or(isNull(a.scheduled_start), sql`${a.scheduled_start} >= ${from.toISOString()}::timestamptz and ${a.scheduled_start} < ${to.toISOString()}::timestamptz`),
            ),
          )
          .orderBy(asc(a.due_at), asc(a.id))
          .limit(BOARD_MAX_UNASSIGNED + 1),
        getOrganizationSettings(db, organizationId, 'external-activity'),
      ]);
      truncated ||= unassigned.length > BOARD_MAX_UNASSIGNED;
      // A series shows each of its occurrences in the period (cancelled and moved ones left out: a moved one is its own row).
      const moved = await movedOccurrences(db, [...new Set(events.filter((x) => x.rrule).map((x) => x.id))]);
      const zoneOf = await eventTimeZones(db, events);
      for (const x of events)
        for (const o of occurrencesIn(x, from, to, zoneOf(x), moved.get(x.id)))
          row.get(x.user_id)?.items.push({ kind: 'event', id: x.id, title: x.title, start: o.start.toISOString(), end: o.end.toISOString(), color: x.color ?? DEFAULT_EVENT_COLOR, code: null, status: null });
      for (const x of orders)
        row.get(x.user_id)?.items.push({ kind: 'activity', id: x.id, title: `${x.code} · ${x.client}`, start: new Date(x.start!).toISOString(), end: new Date(x.end).toISOString(), color: x.color, code: x.code, status: x.status });
      for (const r of technicians) r.items.sort((x, y) => x.start.localeCompare(y.start));
      return {
        from: from.toISOString(),
        to: to.toISOString(),
        can_assign: mayAssign(user),
        technicians,
        unassigned: unassigned.slice(0, BOARD_MAX_UNASSIGNED).map(({ a: o, type }) => ({
          id: o.id,
          code: o.code,
          client_name: o.client_name,
          address: o.address,
          priority: o.priority,
          due_at: o.due_at.toISOString(),
          scheduled_start: o.scheduled_start ? new Date(o.scheduled_start).toISOString() : null,
          duration_minutes: type.minutes ?? settings.default_duration_minutes,
          assistance_type: { id: type.id, name: type.name, color: type.color },
        })),
        truncated,
      };
    },
  );
}
