import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { and, asc, eq, gt, inArray, isNotNull, lt, ne, or, sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  type CalendarItem,
  type Recurrence,
  occurrenceBody,
  EVENT_END_BEFORE_START,
  MAX_WINDOW_DAYS,
  WINDOW_TOO_LONG,
  activityMoveBody,
  activityRights,
  calendarItem,
  calendarQuery,
  feedStatus,
  idParam,
  readPermissionsOf,
  reservationQuery,
  reservationRead,
  scheduleEventResource,
  unitOrganizationalEntity,
} from '@operacoes/contract';
import { type CurrentUser, allows, tokenOwner, userOf } from '../../core/access';
import { afterCommit, registerAfterCommit } from '../../core/after-commit';
import { audit } from '../../core/audit';
import { localInstant } from '../../core/dates';
import type { DbOrTx } from '../../core/db';
import { HttpError, forbidden, notFound, unprocessable } from '../../core/errors';
import { searchText } from '../../core/list';
import { notify } from '../../core/notify';
import { activePeople, registerPeopleRoute } from '../../core/people';
import { sqlList, tenancyCondition } from '../../core/resource';
import { defineApiResource, ownRoutes } from '../../core/resource-kit';
import { personRefs } from '../../core/rows';
import { unitsOrganizational, users } from '../../core/schema';
import { type ActivityRow, MOVABLE_ACTIVITY_STATUSES, activityTechnicians, activityUnitCondition, assertActivityDispatch, assistanceTypes, checkTechniciansDay, externalActivities, moveActivityWindow } from '../external-activity';
import { type Window, activityEndSql, checkReservable, clashOutcome, clashesOf, lockPeople, movedOccurrences, reservationsOf, touchesWindow, visitTouches, windowText } from './busy';
import { boardRoutes } from './board';
import { eventIcs, feedIcs } from './ics';
import { publishScheduleChanged } from '../../core/realtime/schedule-changed';
import { organizationTimeZone, withTimeZone } from '../../core/time-zone';
import { allOccurrences, boundedOccurrences, eventTimeZone, eventTimeZones, occurrencesIn, ruleText } from './recurrence';
import { type EventRow, allDayEnd, participantsOf, presentEvents, spDay } from './present';
import { patrimonyReservations, scheduleEventParticipants, scheduleEvents, scheduleFeedTokens } from './schema';
import { usersOfUnits } from '../user';

const tags = ['schedule'];
const eventLink = (id: number) => `/schedule/${id}`;
const DEFAULT_EVENT_COLOR = '#5e35b1';
/** The calendar answers at most this span (a month view with its spill-over days fits; a year does not). */
const MAX_CALENDAR_DAYS = 100;
/** At most this many events and this many activities per answer; beyond, `x-calendar-truncated: 1` asks for a filter. */
const MAX_CALENDAR_ITEMS = 2000;
const DAY = 86_400_000;

/** Midnight of a local day in a zone (the request's unless given). */
const dayStart = (day: string, zone?: string) => localInstant(day, zone);
const instant = (s: string, zone?: string) => (s.length === 10 ? dayStart(s, zone) : new Date(s));

/** The stored window of an event: an all-day event spans [first day 00:00, the day after its last 00:00) in the event's zone. */
function windowOf(start: string, end: string, allDay: boolean, zone: string) {
  if (!allDay) return { start: instant(start, zone), end: instant(end, zone) };
  const first = dayStart(start.length === 10 ? start : spDay(new Date(start), zone), zone);
  const last = dayStart(end.length === 10 ? end : spDay(new Date(end), zone), zone);
  return { start: first, end: new Date(last.getTime() + DAY) };
}

type EventInput = {
  participant_ids?: number[];
  patrimony_ids?: number[];
  force?: boolean;
  starts_at?: string;
  ends_at?: string;
  all_day?: boolean;
  recurrence?: Recurrence | null;
  series_id?: number;
  recurrence_id?: string;
};

/** The occurrences that hold the event's items: all of a series but the cancelled and the moved ones; a one-off's window. */
async function liveOccurrences(db: DbOrTx, row: EventRow) {
  if (!row.rrule) return [{ start: row.starts_at, end: row.ends_at }];
  const moved = (await movedOccurrences(db, [row.id])).get(row.id);
  return allOccurrences(row, await eventTimeZone(db, row)).filter((o) => !moved?.has(o.start.getTime()));
}

const canWriteSchedule = (user: CurrentUser) => allows(user, { write: 'SCHEDULE' });
const canMoveActivities = (user: CurrentUser) => canWriteSchedule(user) && allows(user, { write: 'EXTERNAL_ACTIVITY' });

export async function scheduleRoutes(fastify: FastifyInstance) {
  registerAfterCommit(fastify);
  boardRoutes(fastify);
  const e = scheduleEvents;
  const participates = (userId: number) => inArray(e.id, fastify.db.select({ id: scheduleEventParticipants.event_id }).from(scheduleEventParticipants).where(eq(scheduleEventParticipants.user_id, userId)));
  const inUnit = (unitId: number) =>
    sql`(${e.unit_organizational_id} = ${unitId} or exists (select 1 from ${scheduleEventParticipants} p join ${users} u on u.id = p.user_id where p.event_id = ${e.id} and u.unit_organizational_id = ${unitId}))`;

  const def = defineApiResource(fastify, scheduleEventResource, {
    table: e,
    defaultSort: [asc(e.starts_at), asc(e.id)],
    sortable: { title: e.title, starts_at: e.starts_at, ends_at: e.ends_at, created_at: e.created_at },
    filters: (q, user) => [
      // A series is listed while any of its occurrences is (its last ends at series_until).
      q.from ? or(gt(e.ends_at, instant(q.from)), gt(e.series_until, instant(q.from))) : undefined,
      q.to ? lt(e.starts_at, q.to.length === 10 ? new Date(dayStart(q.to).getTime() + DAY) : new Date(q.to)) : undefined,
      q.participant ? participates(q.participant) : undefined,
      q.unit ? inUnit(q.unit) : undefined,
      q.mine ? or(participates(user.id), eq(e.created_by, user.id)) : undefined,
    ],
    searchOf: (r) => searchText(r.title as string, r.location as string | null, r.description as string | null),
    refs: { unit_organizational_id: { table: unitsOrganizational, noun: unitOrganizationalEntity } },
    // An event is its unit's and its participants' units'.
    unitScope: (ids) => sql`(${e.unit_organizational_id} in (${sqlList(ids)}) or exists (select 1 from ${scheduleEventParticipants} p where p.event_id = ${e.id} and p.user_id in ${usersOfUnits(ids)}))`,
    unitField: 'unit_organizational_id',
    present: (rows, db) => presentEvents(rows as EventRow[], db),
    async onDelete(row, { tx, user, app }) {
      const event = row as unknown as EventRow;
      // Deleting a moved occurrence cancels it: the series must not show it back at its original time.
      if (event.series_id && event.recurrence_id) await tx.update(e).set({ exdates: sql`array_append(${e.exdates}, ${event.recurrence_id.toISOString()}::timestamptz)` }).where(eq(e.id, event.series_id));
      afterCommit(user, () => publishScheduleChanged(app, event.organization_id));
      return undefined;
    },

    async toValues(values, { tx, user }, existingRow) {
      const existing = existingRow as EventRow | undefined;
      const input = values as Record<string, unknown> & EventInput;
      const organizationId = (existing?.organization_id ?? values.organization_id ?? user.organizationId) as number;
      const { participant_ids, patrimony_ids, force } = input;
      delete values.participant_ids;
      delete values.patrimony_ids;
      delete values.force;
      // `input` is `values` itself: the series fields are read before they leave it.
      const series = { recurrence: input.recurrence, series_id: input.series_id, recurrence_id: input.recurrence_id };
      delete values.recurrence;
      delete values.series_id;
      delete values.recurrence_id;
      // The event's days and rule are read in its own zone (its unit's, else its organization's), not the writer's.
      const unitId = values.unit_organizational_id !== undefined ? (values.unit_organizational_id as number | null) : (existing?.unit_organizational_id ?? null);
      const zone = await eventTimeZone(tx, { organization_id: organizationId, unit_organizational_id: unitId });
      const zoneBefore = existing ? await eventTimeZone(tx, existing) : zone;
      // The form sends the rule with every save: only a different one counts as a change (and re-checks the windows).
      const typedRule = series.recurrence === undefined ? undefined : series.recurrence ? ruleText(series.recurrence, zone) : null;
      const ruleGiven = typedRule !== undefined && typedRule !== (existing?.rrule ?? null);

      const allDay = (values.all_day as boolean | undefined) ?? existing?.all_day ?? false;
      const shown = (d: Date, end: boolean) => (existing?.all_day ? (end ? allDayEnd(d, zoneBefore) : spDay(d, zoneBefore)) : d.toISOString());
      // An all-day event moved to a unit in another zone keeps its days: its midnights are those of the new zone.
      const daysRezoned = !!existing?.all_day && zone !== zoneBefore;
      const windowMoved = !existing || ruleGiven || daysRezoned || values.starts_at !== undefined || values.ends_at !== undefined || (values.all_day !== undefined && values.all_day !== existing.all_day);
      let w: Window = windowMoved
        ? windowOf((values.starts_at as string) ?? shown(existing!.starts_at, false), (values.ends_at as string) ?? shown(existing!.ends_at, true), allDay, zone)
        : { start: existing!.starts_at, end: existing!.ends_at };
      if (w.end.getTime() <= w.start.getTime()) throw unprocessable([{ propertyPath: 'ends_at', message: EVENT_END_BEFORE_START }]);
      if (w.end.getTime() - w.start.getTime() > MAX_WINDOW_DAYS * DAY) throw unprocessable([{ propertyPath: 'ends_at', message: WINDOW_TOO_LONG }]);
      // A series: its first occurrence is the event's window (a rule "on Mondays" typed from a Tuesday
      // starts on the next Monday, as iCalendar readers count DTSTART as the first occurrence).
      const rrule = typedRule !== undefined ? typedRule : (existing?.rrule ?? null);
      if (rrule && (existing?.series_id || series.series_id)) throw unprocessable([{ propertyPath: 'recurrence', message: 'Uma ocorrência movida de uma série não se repete' }]);
      let occurrences: Window[] = [w];
      if (rrule) {
        const all = boundedOccurrences({ starts_at: w.start, ends_at: w.end, rrule }, zone);
        w = all[0];
        values.series_until = all[all.length - 1].end;
        const cancelled = new Set((existing?.exdates ?? []).map((d) => d.getTime()));
        const moved = existing ? (await movedOccurrences(tx, [existing.id])).get(existing.id) : undefined;
        occurrences = all.filter((o) => !cancelled.has(o.start.getTime()) && !moved?.has(o.start.getTime()));
      } else if (existing?.rrule) {
        values.series_until = null;
        values.exdates = [];
      }
      if (ruleGiven || !existing) values.rrule = rrule;
      values.starts_at = w.start;
      values.ends_at = w.end;

      // A moved occurrence: one of the series' (not cancelled, not moved already) in this organization.
      if (!existing && series.series_id !== undefined) {
        const [parent] = await tx.select().from(e).where(and(eq(e.id, series.series_id), eq(e.organization_id, organizationId))).for('update');
        if (!parent?.rrule) throw unprocessable([{ propertyPath: 'series_id', message: 'Série não encontrada' }]);
        if (!series.recurrence_id) throw unprocessable([{ propertyPath: 'recurrence_id', message: 'Informe a ocorrência a mover' }]);
        const original = instant(series.recurrence_id, zone);
        if (!(await liveOccurrences(tx, parent)).some((o) => o.start.getTime() === original.getTime())) throw unprocessable([{ propertyPath: 'recurrence_id', message: 'Esta ocorrência não existe na série (ou já foi cancelada ou movida)' }]);
        values.series_id = parent.id;
        values.recurrence_id = original;
      } else if (series.recurrence_id !== undefined) {
        throw unprocessable([{ propertyPath: 'recurrence_id', message: 'Só uma ocorrência nova de uma série leva a ocorrência original' }]);
      }

      const before = existing ? (await participantsOf(tx, [existing.id])).map((p) => p.user_id) : [];
      const people = participant_ids ? await activePeople(tx, participant_ids, organizationId, 'participant_ids') : before;
      const heldBefore = existing ? (await tx.select({ id: patrimonyReservations.patrimony_id }).from(patrimonyReservations).where(eq(patrimonyReservations.event_id, existing.id))).map((r) => r.id) : [];
      const items = patrimony_ids ?? heldBefore;
      const added = people.filter((id) => !before.includes(id));

      // Busy people: checked when the window moves or someone joins, under each person's lock.
      if (windowMoved || added.length) {
        await lockPeople(tx, people);
        values.clash_note = clashOutcome(await clashesOf(tx, organizationId, people, occurrences, { eventId: existing?.id }), force);
      }
      if (windowMoved || patrimony_ids) await checkReservable(tx, items, organizationId, occurrences, existing?.id);
      if (!existing) values.created_by = user.id;
      return values;
    },

    async afterWrite(row, input, { tx, user, app }, existing) {
      const event = row as unknown as EventRow;
      const body = input as EventInput;
      const before = existing ? (await participantsOf(tx, [event.id])).map((p) => p.user_id) : [];
      const plan = {
        people: body.participant_ids ? [...new Set(body.participant_ids)] : before,
        windowMoved: body.starts_at !== undefined || body.ends_at !== undefined || body.all_day !== undefined || (body.recurrence !== undefined && event.rrule !== (existing?.rrule ?? null)),
      };
      const removed = before.filter((id) => !plan.people.includes(id));
      if (removed.length) await tx.delete(scheduleEventParticipants).where(and(eq(scheduleEventParticipants.event_id, event.id), inArray(scheduleEventParticipants.user_id, removed)));
      const added = plan.people.filter((id) => !before.includes(id));
      if (added.length) await tx.insert(scheduleEventParticipants).values(added.map((user_id) => ({ event_id: event.id, user_id })));
      // One reservation row per item and occurrence (schema.ts): rewritten whenever the items or the windows change.
      if (body.patrimony_ids || plan.windowMoved) {
        const itemIds = body.patrimony_ids ? [...new Set(body.patrimony_ids)] : [...new Set((await tx.select({ id: patrimonyReservations.patrimony_id }).from(patrimonyReservations).where(eq(patrimonyReservations.event_id, event.id))).map((r) => r.id))];
        if (existing) await tx.delete(patrimonyReservations).where(eq(patrimonyReservations.event_id, event.id));
        const windows = await liveOccurrences(tx, event);
        const rows = itemIds.flatMap((patrimony_id) => windows.map((o) => ({ organization_id: event.organization_id, event_id: event.id, patrimony_id, starts_at: o.start, ends_at: o.end })));
        for (let i = 0; i < rows.length; i += 1000) await tx.insert(patrimonyReservations).values(rows.slice(i, i + 1000));
      }
      // A moved occurrence's items are its own: the series no longer holds them at the original time.
      if (!existing && event.series_id && event.recurrence_id) await tx.delete(patrimonyReservations).where(and(eq(patrimonyReservations.event_id, event.series_id), eq(patrimonyReservations.starts_at, event.recurrence_id)));
      afterCommit(user, () => publishScheduleChanged(app, event.organization_id));
      const zone = await eventTimeZone(tx, event);
      const [first, last] = [spDay(event.starts_at, zone), allDayEnd(event.ends_at, zone)].map((d) => d.split('-').reverse().join('/'));
      const when = event.all_day ? `${first}${last !== first ? ` a ${last}` : ''} (dia inteiro)` : windowText(event.starts_at, event.ends_at);
      const invited = added.filter((id) => id !== user.id);
      if (invited.length) afterCommit(user, await notify(app, tx, invited, `Você foi incluído em "${event.title}"`, when, eventLink(event.id), user));
      const told = existing && plan.windowMoved ? plan.people.filter((id) => id !== user.id && !added.includes(id)) : [];
      if (told.length) afterCommit(user, await notify(app, tx, told, `"${event.title}" mudou de horário`, when, eventLink(event.id), user));
    },
  });

  const { app, read, write } = ownRoutes(fastify, scheduleEventResource);

  app.get(
    '/schedule/calendar',
    {
      config: { access: read },
      schema: {
        tags,
        summary: 'Agenda: eventos e atividades externas de um período',
        description: `Os eventos da organização e as atividades externas agendadas (cor do tipo de atendimento) que se sobrepõem a [from, to] (até ${MAX_CALENDAR_DAYS} dias). Filtros: mine, technician, unit, assistance_type (este deixa só atividades). Até ${MAX_CALENDAR_ITEMS} eventos e ${MAX_CALENDAR_ITEMS} atividades, em ordem de início; além disso o cabeçalho \`x-calendar-truncated: 1\` pede um filtro.`,
        querystring: calendarQuery,
        response: { 200: z.array(calendarItem) },
      },
    },
    async (req, reply) => {
      const user = userOf(req);
      const q = req.query;
      const from = instant(q.from);
      const to = q.to.length === 10 ? new Date(dayStart(q.to).getTime() + DAY) : new Date(q.to);
      if (to.getTime() <= from.getTime()) throw unprocessable([{ propertyPath: 'to', message: 'O fim do período deve ser depois do início' }]);
      if (to.getTime() - from.getTime() > MAX_CALENDAR_DAYS * DAY) throw unprocessable([{ propertyPath: 'to', message: `Período longo demais (máximo ${MAX_CALENDAR_DAYS} dias)` }]);
      const organizationId = user.organizationId;
      const items: CalendarItem[] = [];

      if (!q.assistance_type) {
        const rows = await app.db
          .select()
          .from(e)
          .where(
            and(
              tenancyCondition(def, user),
              touchesWindow(from, to),
              q.mine ? or(participates(user.id), eq(e.created_by, user.id)) : undefined,
              q.technician ? participates(q.technician) : undefined,
              q.unit ? inUnit(q.unit) : undefined,
            ),
          )
          .orderBy(asc(e.starts_at))
          .limit(MAX_CALENDAR_ITEMS);
        if (rows.length === MAX_CALENDAR_ITEMS) reply.header('x-calendar-truncated', '1');
        const people = await participantsOf(app.db, rows.map((r) => r.id));
        const held = rows.length ? await app.db.select({ event_id: patrimonyReservations.event_id, patrimony_id: patrimonyReservations.patrimony_id }).from(patrimonyReservations).where(inArray(patrimonyReservations.event_id, rows.map((r) => r.id))) : [];
        const names = await personRefs(app.db, people.map((p) => p.user_id));
        const editable = canWriteSchedule(user);
        // A series answers each of its occurrences in the window (cancelled and moved ones left out: a moved one is its own row).
        const moved = await movedOccurrences(app.db, rows.filter((r) => r.rrule).map((r) => r.id));
        const zoneOf = await eventTimeZones(app.db, rows);
        let count = 0;
        for (const r of rows) {
          const zone = zoneOf(r);
          for (const o of occurrencesIn(r, from, to, zone, moved.get(r.id))) {
          if (++count > MAX_CALENDAR_ITEMS) {
            reply.header('x-calendar-truncated', '1');
            break;
          }
          items.push({
            key: r.rrule ? `event-${r.id}-${o.start.toISOString()}` : `event-${r.id}`,
            kind: 'event',
            id: r.id,
            occurrence: r.rrule ? o.start.toISOString() : null,
            title: r.title,
            start: r.all_day ? spDay(o.start, zone) : o.start.toISOString(),
            end: r.all_day ? spDay(o.end, zone) : o.end.toISOString(),
            all_day: r.all_day,
            color: r.color ?? DEFAULT_EVENT_COLOR,
            people: people.filter((p) => p.event_id === r.id).map((p) => ({ id: p.user_id, name: names.get(p.user_id)?.name || names.get(p.user_id)?.username || '' })),
            location: r.location,
            code: null,
            status: null,
            assistance_type: null,
            reserved_items: new Set(held.filter((h) => h.event_id === r.id).map((h) => h.patrimony_id)).size,
            // An occurrence moves alone from the event's page ("Somente esta ocorrência"), not by dragging the series.
            editable: editable && !r.rrule,
          });
          }
        }
      }

      const a = externalActivities;
      const t = activityTechnicians;
      const end = await activityEndSql(app.db, organizationId);
      // A semi-join from the window's few days of activities (`= any(array(…))` tested each of them against
      // the technician's whole history: 121 ms for a week among 500,000 orders; docs/benchmarks-schedule.md).
      const assigned = (userId: number) => sql`exists (select 1 from ${t} where ${t.activity_id} = ${a.id} and ${t.user_id} = ${userId})`;
      const activities = await app.db
        .select({ activity: a, type: { id: assistanceTypes.id, name: assistanceTypes.name, color: assistanceTypes.color }, end })
        .from(a)
        .innerJoin(assistanceTypes, eq(assistanceTypes.id, a.assistance_type_id))
        .where(
          and(
            user.superAdmin ? undefined : eq(a.organization_id, organizationId),
            isNotNull(a.scheduled_start),
            ne(a.status, 'cancelada'),
            visitTouches(end, from, to),
            activityUnitCondition(user),
            q.mine ? assigned(user.id) : undefined,
            q.technician ? assigned(q.technician) : undefined,
            q.unit ? sql`exists (select 1 from ${t} join ${users} u on u.id = ${t.user_id} where ${t.activity_id} = ${a.id} and u.unit_organizational_id = ${q.unit})` : undefined,
            q.assistance_type ? eq(a.assistance_type_id, q.assistance_type) : undefined,
          ),
        )
        .orderBy(asc(a.scheduled_start))
        .limit(MAX_CALENDAR_ITEMS);
      if (activities.length === MAX_CALENDAR_ITEMS) reply.header('x-calendar-truncated', '1');
      const techs = activities.length ? await app.db.select().from(t).where(inArray(t.activity_id, activities.map((x) => x.activity.id))) : [];
      const techNames = await personRefs(app.db, techs.map((x) => x.user_id));
      const movable = canMoveActivities(user);
      for (const { activity: r, type, end: until } of activities) {
        items.push({
          key: `activity-${r.id}`,
          kind: 'activity',
          id: r.id,
          title: `${r.code} · ${r.client_name}`,
          start: new Date(r.scheduled_start!).toISOString(),
          end: new Date(until).toISOString(),
          all_day: false,
          color: type.color,
          people: techs.filter((x) => x.activity_id === r.id).map((x) => ({ id: x.user_id, name: techNames.get(x.user_id)?.name || techNames.get(x.user_id)?.username || '' })),
          location: r.address,
          code: r.code,
          status: r.status,
          assistance_type: { id: type.id, name: type.name },
          reserved_items: 0,
          // Another technician's order moves only for a dispatcher (contract external-activity/rights.ts).
          editable: movable && MOVABLE_ACTIVITY_STATUSES.includes(r.status) && activityRights(user, { technician_ids: techs.filter((x) => x.activity_id === r.id).map((x) => x.user_id) }).dispatch,
        });
      }
      return items;
    },
  );

  registerPeopleRoute(app, {
    url: '/schedule/people',
    access: read,
    tag: 'schedule',
    operationId: 'listSchedulePeople',
    summary: 'Pessoas para convidar',
    description: 'Usuários ativos da organização (um super admin escolhe a organização), para os participantes de um evento e o filtro por técnico.',
  });

  app.post(
    '/schedule/activity/:id/move',
    {
      config: { access: write },
      schema: {
        tags,
        summary: 'Mover uma atividade externa na agenda',
        description:
          'Reagenda a janela de uma atividade aberta ou agendada (registrado na linha do tempo). Exige também EXTERNAL_ACTIVITY. 409 quando um técnico já está ocupado na nova janela (reenvie com `force` para manter; o conflito fica registrado).',
        params: idParam,
        body: activityMoveBody,
        response: { 200: z.object({ id: z.number(), scheduled_start: z.string(), scheduled_end: z.string() }) },
      },
    },
    async (req) => {
      const user = userOf(req);
      if (!canMoveActivities(user)) throw forbidden();
      const start = instant(req.body.scheduled_start);
      const end = instant(req.body.scheduled_end);
      const moved = await app.db.transaction(async (tx) => {
        const [row] = (await tx
          .select()
          .from(externalActivities)
          .where(and(eq(externalActivities.id, req.params.id), user.superAdmin ? undefined : eq(externalActivities.organization_id, user.organizationId), activityUnitCondition(user)))
          .for('update')) as ActivityRow[];
        if (!row) throw notFound({ label: 'Atividade externa', gender: 'f' });
        await assertActivityDispatch(tx, user, row.id, 'reagendar');
        const technicians = (await tx.select({ id: activityTechnicians.user_id }).from(activityTechnicians).where(eq(activityTechnicians.activity_id, row.id))).map((x) => x.id);
        // The same question as "Agendar" on the order: the technicians' day and the SLA deadline.
        const kept = await checkTechniciansDay(tx, row, technicians, { start, end }, { force: req.body.force, sla: true });
        return moveActivityWindow(app, tx, user, row, start, end, kept ?? undefined);
      });
      return { id: moved.id, scheduled_start: new Date(moved.scheduled_start!).toISOString(), scheduled_end: new Date(moved.scheduled_end!).toISOString() };
    },
  );

  app.post(
    '/schedule/:id/cancel-occurrence',
    {
      config: { access: write },
      schema: {
        tags,
        summary: 'Cancelar uma ocorrência de um evento recorrente',
        description: 'A ocorrência (pelo seu início original) sai da série (EXDATE no iCalendar) e libera os itens reservados para ela; uma ocorrência movida é excluída. O resto da série continua.',
        params: idParam,
        body: occurrenceBody,
        response: { 200: scheduleEventResource.schemas.read },
      },
    },
    async (req) => {
      const user = userOf(req);
      const id = await app.db.transaction(async (tx) => {
        const [row] = await tx.select().from(e).where(and(eq(e.id, req.params.id), tenancyCondition(def, user))).for('update');
        if (!row) throw notFound({ label: 'Evento', gender: 'm' });
        if (!row.rrule) throw unprocessable([{ propertyPath: 'occurrence', message: 'Este evento não se repete: exclua-o' }]);
        const zone = await eventTimeZone(tx, row);
        const original = instant(req.body.occurrence, zone);
        const movedOut = await tx.select({ id: e.id }).from(e).where(and(eq(e.series_id, row.id), eq(e.recurrence_id, original)));
        const known = movedOut.length > 0 || allOccurrences(row, zone).some((o) => o.start.getTime() === original.getTime());
        if (!known) throw unprocessable([{ propertyPath: 'occurrence', message: 'Esta ocorrência não existe na série (ou já foi cancelada)' }]);
        if (movedOut.length) await tx.delete(e).where(eq(e.id, movedOut[0].id));
        const exdates = [...row.exdates, original];
        await tx.update(e).set({ exdates, updated_at: new Date() }).where(eq(e.id, row.id));
        await tx.delete(patrimonyReservations).where(and(eq(patrimonyReservations.event_id, row.id), eq(patrimonyReservations.starts_at, original)));
        await audit(tx, user, { entity: def.entity, entityId: row.id, organizationId: row.organization_id, action: 'update', changes: { exdates: [row.exdates.map((d) => d.toISOString()), exdates.map((d) => d.toISOString())] } });
        afterCommit(user, () => publishScheduleChanged(app, row.organization_id));
        return row.id;
      });
      const [row] = await app.db.select().from(e).where(eq(e.id, id));
      return (await presentEvents([row], app.db))[0];
    },
  );

  app.get(
    '/schedule/reservation',
    {
      config: { access: { read: 'PATRIMONY' } },
      schema: {
        tags,
        summary: 'Reservas de um item de patrimônio',
        description: 'As reservas (eventos da agenda) de um item; `upcoming` deixa só as que ainda não terminaram.',
        querystring: reservationQuery,
        response: { 200: z.array(reservationRead) },
      },
    },
    async (req) => {
      const user = userOf(req);
      if (!req.query.patrimony) throw unprocessable([{ propertyPath: 'patrimony', message: 'Informe o item de patrimônio' }]);
      const rows = await reservationsOf(app.db, { patrimonyId: req.query.patrimony, upcoming: req.query.upcoming });
      const visible = user.superAdmin ? rows : rows.length ? await onlyOrganization(app.db, rows, user.organizationId) : rows;
      return visible.map((r) => ({ ...r, starts_at: r.starts_at.toISOString(), ends_at: r.ends_at.toISOString() }));
    },
  );

  app.get(
    '/schedule/:id/ics',
    { config: { access: read }, schema: { tags, summary: 'Exportar o evento (.ics)', params: idParam, produces: ['text/calendar'] } },
    async (req, reply) => {
      const user = userOf(req);
      const [row] = await app.db.select().from(e).where(and(eq(e.id, req.params.id), tenancyCondition(def, user)));
      if (!row) throw notFound({ label: 'Evento', gender: 'm' });
      const moved = row.rrule ? await app.db.select().from(e).where(eq(e.series_id, row.id)).orderBy(asc(e.recurrence_id)) : [];
      const [event, ...occurrences] = await presentEvents([row, ...moved], app.db);
      return reply.type('text/calendar; charset=utf-8').header('content-disposition', `attachment; filename="evento-${row.id}.ics"`).send(eventIcs(event, app.config.publicUrl, occurrences));
    },
  );

  // The personal feed: its URL carries a secret; only its hash is stored.
  const feedUrl = (token: string) => `${app.config.publicUrl}/api/schedule/feed/${token}.ics`;
  const hash = (token: string) => createHash('sha256').update(token).digest('hex');
  app.get('/schedule/feed', { config: { access: read }, schema: { tags, summary: 'Meu link de calendário (iCal): situação', response: { 200: feedStatus } } }, async (req) => {
    const [row] = await app.db.select().from(scheduleFeedTokens).where(eq(scheduleFeedTokens.user_id, userOf(req).id));
    return { active: !!row, created_at: row ? row.created_at.toISOString() : null, url: null };
  });
  app.post(
    '/schedule/feed',
    { config: { access: read }, schema: { tags, summary: 'Criar (ou trocar) meu link de calendário', description: 'Um novo link secreto; o anterior deixa de funcionar. O link só aparece nesta resposta.', response: { 200: feedStatus } } },
    async (req) => {
      const user = userOf(req);
      const token = randomBytes(24).toString('base64url');
      const [{ password_hash }] = await app.db.select({ password_hash: users.password_hash }).from(users).where(eq(users.id, user.id));
      const password_fingerprint = hash(password_hash ?? '');
      const [row] = await app.db
        .insert(scheduleFeedTokens)
        .values({ user_id: user.id, token_hash: hash(token), password_fingerprint })
        .onConflictDoUpdate({ target: scheduleFeedTokens.user_id, set: { token_hash: hash(token), password_fingerprint, created_at: new Date() } })
        .returning();
      return { active: true, created_at: row.created_at.toISOString(), url: feedUrl(token) };
    },
  );
  app.delete('/schedule/feed', { config: { access: read }, schema: { tags, summary: 'Revogar meu link de calendário' } }, async (req, reply) => {
    await app.db.delete(scheduleFeedTokens).where(eq(scheduleFeedTokens.user_id, userOf(req).id));
    return reply.code(204).send();
  });
  app.get(
    '/schedule/feed/:token',
    {
      config: { access: 'public' },
      schema: { tags, security: [], summary: 'Calendário pessoal (iCal) por link secreto', description: 'Eventos de que a pessoa participa e suas atividades externas, de 30 dias atrás a 180 dias à frente.', params: z.object({ token: z.string().max(100) }), produces: ['text/calendar'] },
    },
    async (req, reply) => {
      const token = req.params.token.replace(/\.ics$/, '');
      const [owner] = await tokenOwner(
        app.db,
        scheduleFeedTokens,
        {
          id: users.id,
          organization_id: users.organization_id,
          is_active: users.is_active,
          super_admin: users.super_admin,
          permissions: users.permissions,
          password_hash: users.password_hash,
          fingerprint: scheduleFeedTokens.password_fingerprint,
        },
        hash(token),
      );
      // The link lives only while its owner could read the schedule with a login of today: active,
      // in an active organization, still holding SCHEDULE, and with the password it was made under.
      const valid =
        owner &&
        owner.is_active &&
        owner.org_active &&
        (owner.super_admin || readPermissionsOf('SCHEDULE').some((p) => owner.permissions.includes(p))) &&
        (owner.fingerprint === null || owner.fingerprint === hash(owner.password_hash ?? ''));
      if (!valid) throw new HttpError(404, 'Link de calendário inválido ou revogado.');
      // A public link has no session zone: the owner's organization's, for its all-day dates and series.
      return withTimeZone(await organizationTimeZone(app.db, owner.organization_id!), async () => {
        const from = new Date(Date.now() - 30 * DAY);
        const to = new Date(Date.now() + 180 * DAY);
        const rows = await app.db
          .select()
          .from(e)
          .where(and(eq(e.organization_id, owner.organization_id!), touchesWindow(from, to), participates(owner.id)))
          .orderBy(asc(e.starts_at))
          .limit(2000);
        const a = externalActivities;
        const end = await activityEndSql(app.db, owner.organization_id!);
        const activities = await app.db
          .select({ id: a.id, code: a.code, client: a.client_name, address: a.address, status: a.status, start: a.scheduled_start, end, type: assistanceTypes.name })
          .from(a)
          .innerJoin(assistanceTypes, eq(assistanceTypes.id, a.assistance_type_id))
          .where(and(inArray(a.id, app.db.select({ id: activityTechnicians.activity_id }).from(activityTechnicians).where(eq(activityTechnicians.user_id, owner.id))), isNotNull(a.scheduled_start), ne(a.status, 'cancelada'), visitTouches(end, from, to)))
          .limit(2000);
        const events = await presentEvents(rows, app.db);
        return reply.type('text/calendar; charset=utf-8').header('cache-control', 'private, max-age=300').send(feedIcs(events, activities.map((x) => ({ ...x, start: new Date(x.start!), end: new Date(x.end) })), app.config.publicUrl));
      });
    },
  );
}

/** Only the reservations of this organization's events. */
async function onlyOrganization<T extends { event_id: number }>(db: DbOrTx, rows: T[], organizationId: number) {
  const mine = new Set((await db.select({ id: scheduleEvents.id }).from(scheduleEvents).where(and(inArray(scheduleEvents.id, rows.map((r) => r.event_id)), eq(scheduleEvents.organization_id, organizationId)))).map((r) => r.id));
  return rows.filter((r) => mine.has(r.event_id));
}
