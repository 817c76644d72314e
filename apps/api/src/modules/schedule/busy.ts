import { type SQL, and, asc, eq, gt, inArray, isNotNull, isNull, lt, ne, or, sql } from 'drizzle-orm';
import { ACTIVITY_OPEN_STATUSES, MAX_VISIT_DAYS, MAX_WINDOW_DAYS } from '@operacoes/contract';
import { registerClashFinder } from '../../core/busy';
import type { DbOrTx } from '../../core/db';
import { HttpError, unprocessable } from '../../core/errors';
import { brDate, brDateTime, brTime } from '../../core/pdf';
import { personRefs } from '../../core/rows';
import { activityTechnicians, assistanceTypes, externalActivities } from '../external-activity';
import { getOrganizationSettings } from '../organization-settings';
import { patrimonies, products } from '../warehouse';
import { eventTimeZones, occurrencesIn, overlapsAny } from './recurrence';
import { patrimonyReservations, scheduleEventParticipants, scheduleEvents } from './schema';

/** The person lock and the clash 409 are core's (core/busy.ts): field service uses them too, and may not import this module. */
export { clashOutcome, lockPeople } from '../../core/busy';

/** An activity's end on a calendar: its scheduled end, else its start plus the type's (or the organization's) duration. */
export async function activityEndSql(db: DbOrTx, organizationId: number) {
  const settings = await getOrganizationSettings(db, organizationId, 'external-activity');
  const a = externalActivities;
  return sql<Date>`coalesce(${a.scheduled_end}, ${a.scheduled_start} + make_interval(mins => coalesce(${assistanceTypes.default_duration_minutes}, ${settings.default_duration_minutes})))`;
}

export type Window = { start: Date; end: Date };
/**
 * No event is longer than MAX_WINDOW_DAYS and no visit longer than MAX_VISIT_DAYS: what overlaps a window
 * started after this (an index range of the window's days, not all history).
 */
export const lookBack = (from: Date, days = MAX_WINDOW_DAYS) => new Date(from.getTime() - days * 86_400_000);
export const visitLookBack = (from: Date) => lookBack(from, MAX_VISIT_DAYS);
export const windowText = (start: Date | string, end: Date | string) => `${brDateTime(start)}–${brDateTime(end)}`;
/** "em 27/11/2026 das 14:00 às 17:00" within a day, "de 27/11/2026 22:00 a 28/11/2026 02:00" across days: a clash as people say it. */
export function spanText(start: Date | string, end: Date | string) {
  const [startDay, startHour, endDay, endHour] = [brDate(start), brTime(start), brDate(end), brTime(end)];
  return startDay === endDay ? `em ${startDay} das ${startHour} às ${endHour}` : `de ${startDay} ${startHour} a ${endDay} ${endHour}`;
}

/**
 * Does an event touch [from, to)? A one-off by its window (started at most MAX_WINDOW_DAYS before);
 * a series by its span, first start to last end (its occurrences are then expanded by the caller).
 */
/**
 * A work order's visit overlaps [from, to): its start before `to`, its end (`end`, activityEndSql) after
 * `from`, and its start no further back than the longest visit (an index range, not all history).
 */
export const visitTouches = (end: SQL, from: Date, to: Date) =>
  sql`${externalActivities.scheduled_start} < ${to.toISOString()}::timestamptz and ${externalActivities.scheduled_start} > ${visitLookBack(from).toISOString()}::timestamptz and ${end} > ${from.toISOString()}::timestamptz`;

/**
 * The technicians' visits that touch a window, earliest first: a row per order and assigned technician among
 * `people`, its calendar end from activityEndSql, with the caller's own conditions.
 */
export function technicianVisits(db: DbOrTx, end: SQL<Date>, people: number[], window: Window, ...conditions: (SQL | undefined)[]) {
  const a = externalActivities;
  const t = activityTechnicians;
  return db
    .select({ user_id: t.user_id, id: a.id, code: a.code, client: a.client_name, status: a.status, start: a.scheduled_start, end, color: assistanceTypes.color })
    .from(t)
    .innerJoin(a, eq(a.id, t.activity_id))
    .innerJoin(assistanceTypes, eq(assistanceTypes.id, a.assistance_type_id))
    .where(and(inArray(t.user_id, people), visitTouches(end, window.start, window.end), ...conditions))
    .orderBy(asc(a.scheduled_start));
}

export function touchesWindow(from: Date, to: Date) {
  const e = scheduleEvents;
  return and(lt(e.starts_at, to), or(and(isNull(e.rrule), gt(e.ends_at, from), gt(e.starts_at, lookBack(from))), and(isNotNull(e.rrule), gt(e.series_until, from))));
}

/** The original starts moved out of these series (each a one-off event of its own now), by series. */
export async function movedOccurrences(db: DbOrTx, seriesIds: number[]) {
  const out = new Map<number, Set<number>>();
  if (!seriesIds.length) return out;
  const rows = await db.select({ series_id: scheduleEvents.series_id, recurrence_id: scheduleEvents.recurrence_id }).from(scheduleEvents).where(inArray(scheduleEvents.series_id, seriesIds));
  for (const r of rows) {
    const set = out.get(r.series_id!) ?? new Set<number>();
    set.add(r.recurrence_id!.getTime());
    out.set(r.series_id!, set);
  }
  return out;
}

/** The first and last instants of some windows. */
const spanOf = (windows: Window[]): Window => ({ start: new Date(Math.min(...windows.map((x) => x.start.getTime()))), end: new Date(Math.max(...windows.map((x) => x.end.getTime()))) });

/**
 * What keeps these people busy during the window — or during any occurrence of a series being
 * written (`w` its occurrences) — other than the event (with its moved occurrences) or activity
 * being written. Series met on the way are expanded: a one-off clashes with a series on any of its
 * occurrences, and a series with a one-off on any of its own.
 */
export async function clashesOf(tx: DbOrTx, organizationId: number, people: number[], w: Window | Window[], exclude: { eventId?: number; activityId?: number } = {}) {
  const windows = Array.isArray(w) ? w : [w];
  if (!people.length || !windows.length) return [];
  const span = spanOf(windows);
  const e = scheduleEvents;
  const p = scheduleEventParticipants;
  const candidates = await tx
    .select({ id: e.id, user_id: p.user_id, title: e.title, starts_at: e.starts_at, ends_at: e.ends_at, rrule: e.rrule, exdates: e.exdates, organization_id: e.organization_id, unit_organizational_id: e.unit_organizational_id })
    .from(p)
    .innerJoin(e, eq(e.id, p.event_id))
    .where(
      and(
        inArray(p.user_id, people),
        eq(e.organization_id, organizationId),
        touchesWindow(span.start, span.end),
        exclude.eventId ? and(ne(e.id, exclude.eventId), or(isNull(e.series_id), ne(e.series_id, exclude.eventId))) : undefined,
      ),
    )
    .orderBy(asc(e.starts_at))
    .limit(1000);
  const moved = await movedOccurrences(tx, [...new Set(candidates.filter((c) => c.rrule).map((c) => c.id))]);
  const zoneOf = await eventTimeZones(tx, candidates);
  const events: { user_id: number; title: string; start: Date; end: Date }[] = [];
  for (const c of candidates) {
    if (events.length >= 20) break;
    const hit = occurrencesIn(c, span.start, span.end, zoneOf(c), moved.get(c.id)).find((o) => overlapsAny(windows, o.start, o.end));
    if (hit) events.push({ user_id: c.user_id, title: c.title, start: hit.start, end: hit.end });
  }
  const a = externalActivities;
  const t = activityTechnicians;
  const end = await activityEndSql(tx, organizationId);
  const activities = (
    await technicianVisits(tx, end, people, span, inArray(t.status, [...ACTIVITY_OPEN_STATUSES]), exclude.activityId ? ne(a.id, exclude.activityId) : undefined).limit(1000)
  )
    .filter((c) => overlapsAny(windows, new Date(c.start!), new Date(c.end)))
    .slice(0, 20);
  const names = await personRefs(tx, [...events, ...activities].map((c) => c.user_id));
  const name = (id: number) => names.get(id)?.name || names.get(id)?.username || `#${id}`;
  return [
    ...events.map((c) => `${name(c.user_id)} já tem "${c.title}" ${spanText(c.start, c.end)}`),
    ...activities.map((c) => `${name(c.user_id)} já tem ${c.code} (${c.client}) ${spanText(c.start!, new Date(c.end))}`),
  ];
}

// Field service asks core who is busy (it cannot import this module, which imports it): this module is the answer.
registerClashFinder(clashesOf);

/**
 * Locks the items and checks they may be reserved for the window (or every occurrence of a series):
 * of this organization, not written off, and not reserved by another event whose window overlaps
 * (409 naming it; no `force` here: an item cannot be in two places). A series' reservations are one
 * row per occurrence, so this meets them as it meets a one-off's.
 */
export async function checkReservable(tx: DbOrTx, ids: number[], organizationId: number, when: Window | Window[], eventId?: number) {
  const windows = Array.isArray(when) ? when : [when];
  const w = windows.length ? spanOf(windows) : { start: new Date(0), end: new Date(0) };
  const unique = [...new Set(ids)].sort((a, b) => a - b);
  if (!unique.length) return unique;
  const items = await tx
    .select({ id: patrimonies.id, tag: patrimonies.tag, status: patrimonies.status, organization_id: patrimonies.organization_id })
    .from(patrimonies)
    .where(inArray(patrimonies.id, unique))
    .orderBy(asc(patrimonies.id))
    .for('update');
  const mine = new Map(items.filter((i) => i.organization_id === organizationId).map((i) => [i.id, i]));
  const missing = unique.filter((id) => !mine.has(id));
  if (missing.length) throw unprocessable([{ propertyPath: 'patrimony_ids', message: `Item de patrimônio não encontrado nesta organização: ${missing.map((id) => `#${id}`).join(', ')}` }]);
  const writtenOff = [...mine.values()].filter((i) => i.status === 'baixado');
  if (writtenOff.length) throw unprocessable([{ propertyPath: 'patrimony_ids', message: `Item baixado não pode ser reservado: ${writtenOff.map((i) => i.tag).join(', ')}` }]);
  const r = patrimonyReservations;
  const taken = await tx
    .select({ tag: patrimonies.tag, title: scheduleEvents.title, start: r.starts_at, end: r.ends_at })
    .from(r)
    .innerJoin(scheduleEvents, eq(scheduleEvents.id, r.event_id))
    .innerJoin(patrimonies, eq(patrimonies.id, r.patrimony_id))
    .where(and(inArray(r.patrimony_id, unique), lt(r.starts_at, w.end), gt(r.ends_at, w.start), eventId ? ne(r.event_id, eventId) : undefined))
    .orderBy(asc(r.starts_at))
    .then((rows) => rows.filter((x) => overlapsAny(windows, x.start, x.end)).slice(0, 10));
  if (taken.length) {
    // Named on the field, so the event form shows it under "Itens reservados".
    const message = `Item já reservado neste horário: ${taken.map((t) => `${t.tag} para o evento "${t.title}" (${windowText(t.start, t.end)})`).join('; ')}.`;
    throw new HttpError(409, message, [{ propertyPath: 'patrimony_ids', message }]);
  }
  return unique;
}

/** The reservations of events, with the item's tag and product, in window order. */
export async function reservationsOf(db: DbOrTx, where: { eventIds?: number[]; patrimonyId?: number; upcoming?: boolean }) {
  const r = patrimonyReservations;
  return db
    .select({ id: r.id, event_id: r.event_id, event_title: scheduleEvents.title, patrimony_id: r.patrimony_id, tag: patrimonies.tag, product: products.name, starts_at: r.starts_at, ends_at: r.ends_at })
    .from(r)
    .innerJoin(scheduleEvents, eq(scheduleEvents.id, r.event_id))
    .innerJoin(patrimonies, eq(patrimonies.id, r.patrimony_id))
    .innerJoin(products, eq(products.id, patrimonies.product_id))
    .where(
      and(
        where.eventIds ? inArray(r.event_id, where.eventIds.length ? where.eventIds : [0]) : undefined,
        where.patrimonyId ? eq(r.patrimony_id, where.patrimonyId) : undefined,
        where.upcoming ? gt(r.ends_at, new Date()) : undefined,
      ),
    )
    .orderBy(asc(r.starts_at), asc(r.id));
}
