/**
 * The carrier SLA math, pure and exact (no floats where money or a breach is decided).
 *
 * - A month runs from its first midnight to the next month's first midnight in the organization's
 *   zone (a unit's when the circuit's unit overrides it; the request's zone by default).
 * - Time is counted in whole minutes: a period [start, end) covers the minutes whose first instant
 *   lies inside it (10:00:30–10:02:10 covers 10:01 and 10:02). An ongoing period (end null) runs
 *   until `now`. Periods are clipped to the month and merged, so an overlapped minute counts once.
 * - availability = 100 × (1 − downtime / minutes_in_month), rounded to 6 decimals (at least four).
 * - breached = availability below the SLA, decided exactly on integers, not on the rounded number.
 * - credit = monthly_cost × downtime / minutes_in_month × credit_factor, half-up to cents, only when
 *   breached; money travels as decimal strings ("1234.50") and is computed in integer cents.
 * - incidents: counted periods touching the month; mttr: mean full duration (minutes, 2 decimals) of
 *   the month's closed counted periods, null when none.
 */
import { localWallClock } from '../../../core/dates';
import { currentTimeZone } from '../../../core/time-zone';

export type SlaPeriod = { started_at: Date; ended_at: Date | null; counts_for_sla: boolean };
export type SlaCircuit = { sla_percent: string | number; monthly_cost: string; credit_factor: string | number };
export type SlaFigures = {
  minutes_in_month: number;
  downtime_minutes: number;
  availability_percent: number;
  breached: boolean;
  incidents: number;
  mttr_minutes: number | null;
  credit: string;
};

const MINUTE = 60_000;

/** Milliseconds the zone's wall clock is ahead of UTC at instant `t` (negative: Manaus −4 h = −14 400 000). */
const offsetAt = (t: number, zone: string): number => localWallClock(t, zone) - Math.floor(t / 1000) * 1000;

/** The UTC instant of the zone's first midnight of day 1 of `month` (0-based) of `year`. */
export function monthStartUtc(year: number, month: number, zone = currentTimeZone()): number {
  const wall = Date.UTC(year, month, 1);
  let t = wall - offsetAt(wall, zone);
  t = wall - offsetAt(t, zone);
  // Where midnight did not exist (old daylight-saving starts), the day began at the first instant after it.
  return offsetAt(t, zone) + t < wall ? t + 3_600_000 : t;
}

/** "2026-03" → the month's bounds in ms (in the zone) and its length in minutes. */
export function monthBounds(month: string, zone = currentTimeZone()): { start: number; end: number; minutes: number } {
  const m = /^(\d{4})-(\d{2})$/.exec(month);
  if (!m) throw new Error(`invalid month ${month}`);
  const year = Number(m[1]);
  const index = Number(m[2]) - 1;
  const start = monthStartUtc(year, index, zone);
  const end = monthStartUtc(index === 11 ? year + 1 : year, (index + 1) % 12, zone);
  return { start, end, minutes: Math.round((end - start) / MINUTE) };
}

/** The first whole minute at or after `t` (ms), as a minute number. */
const ceilMinute = (t: number) => Math.ceil(t / MINUTE);

/** Whole minutes covered by the union of `[start, end)` intervals (ms), within `[from, to)`. */
export function coveredMinutes(intervals: [number, number][], from: number, to: number): number {
  const clipped = intervals
    .map(([s, e]) => [Math.max(ceilMinute(s), ceilMinute(from)), Math.min(ceilMinute(e), ceilMinute(to))] as [number, number])
    .filter(([s, e]) => e > s)
    .sort((a, b) => a[0] - b[0]);
  let total = 0;
  let curStart = -Infinity;
  let curEnd = -Infinity;
  for (const [s, e] of clipped) {
    if (s > curEnd) {
      if (curEnd > curStart) total += curEnd - curStart;
      curStart = s;
      curEnd = e;
    } else if (e > curEnd) curEnd = e;
  }
  if (curEnd > curStart) total += curEnd - curStart;
  return total;
}

/** A decimal string or number → a bigint scaled by 10^scale, truncating extra places ("99.5", 4 → 995000n). */
export function scaled(value: string | number, scale: number): bigint {
  const s = typeof value === 'number' ? value.toFixed(scale + 2) : value.trim();
  const m = /^(-?)(\d*)(?:\.(\d*))?$/.exec(s);
  if (!m) throw new Error(`invalid decimal ${value}`);
  const frac = (m[3] ?? '').padEnd(scale, '0').slice(0, scale);
  const n = BigInt((m[2] || '0') + frac);
  return m[1] ? -n : n;
}

/** Cents → "1234.50". */
export function centsToMoney(cents: bigint): string {
  const negative = cents < 0n;
  const abs = negative ? -cents : cents;
  return `${negative ? '-' : ''}${abs / 100n}.${String(abs % 100n).padStart(2, '0')}`;
}

/** num/den rounded half-up (away from zero for the positive values used here). */
const divHalfUp = (num: bigint, den: bigint) => (2n * num + den) / (2n * den);

/** The SLA figures of one circuit for one month. `periods` may hold any periods of the circuit. */
export function slaFigures(circuit: SlaCircuit, periods: SlaPeriod[], month: { start: number; end: number; minutes: number }, now: number): SlaFigures {
  const intervals: [number, number][] = [];
  let incidents = 0;
  let closedCount = 0;
  let closedMs = 0;
  for (const p of periods) {
    if (!p.counts_for_sla) continue;
    const s = p.started_at.getTime();
    const e = p.ended_at ? p.ended_at.getTime() : Math.max(s, now);
    if (s >= month.end || e <= month.start || e <= s) continue;
    incidents++;
    intervals.push([s, e]);
    if (p.ended_at) {
      closedCount++;
      closedMs += e - s;
    }
  }
  const downtime = coveredMinutes(intervals, month.start, month.end);
  const minutes = BigInt(month.minutes);
  const up = minutes - BigInt(downtime);
  // availability × 10^6, half-up.
  const availabilityMicro = divHalfUp(100n * 1_000_000n * up, minutes);
  // breached ⇔ 100·up/minutes < sla ⇔ 100·up·10^4 < sla·10^4·minutes (sla with up to 4 places).
  const breached = 100n * up * 10_000n < scaled(circuit.sla_percent, 4) * minutes;
  let credit = 0n;
  if (breached && downtime > 0) {
    const cost = scaled(circuit.monthly_cost, 2);
    const factor = scaled(circuit.credit_factor, 4);
    credit = divHalfUp(cost * BigInt(downtime) * factor, minutes * 10_000n);
  }
  return {
    minutes_in_month: month.minutes,
    downtime_minutes: downtime,
    availability_percent: Number(availabilityMicro) / 1_000_000,
    breached,
    incidents,
    mttr_minutes: closedCount ? Math.round((closedMs / closedCount / MINUTE) * 100) / 100 : null,
    credit: centsToMoney(credit),
  };
}

/** Sums money strings exactly. */
export const sumMoney = (values: string[]) => centsToMoney(values.reduce((a, v) => a + scaled(v, 2), 0n));

/** The current month "YYYY-MM" in the zone. */
export function currentMonth(now = Date.now(), zone = currentTimeZone()): string {
  const d = new Date(now + offsetAt(now, zone));
  return `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
}

type ReportCircuit = SlaCircuit & { id: number; carrier: string; designation: string; sla_percent: string; monthly_cost: string };
type ReportPeriod = SlaPeriod & { circuit_id: number };
type ReportItem = SlaFigures & { circuit_id: number; carrier: string; designation: string; sla_percent: number; monthly_cost: string };

/**
 * The report of a month (the SLA route's answer shape) from the circuits (in their order) and their
 * counted periods touching the month: items and the carriers' totals; `periods` by circuit for the letter.
 */
export function slaReportOf<P extends ReportPeriod>(circuits: ReportCircuit[], found: P[], bounds: { start: number; end: number; minutes: number }, now: number) {
  const periods = new Map<number, P[]>();
  for (const p of found) {
    const list = periods.get(p.circuit_id) ?? [];
    list.push(p);
    periods.set(p.circuit_id, list);
  }
  const items: ReportItem[] = circuits.map((c) => {
    const f = slaFigures(c, periods.get(c.id) ?? [], bounds, now);
    // Key order as the contract lists it.
    return {
      circuit_id: c.id,
      carrier: c.carrier,
      designation: c.designation,
      minutes_in_month: f.minutes_in_month,
      downtime_minutes: f.downtime_minutes,
      availability_percent: f.availability_percent,
      sla_percent: Number(c.sla_percent),
      breached: f.breached,
      incidents: f.incidents,
      mttr_minutes: f.mttr_minutes,
      monthly_cost: c.monthly_cost,
      credit: f.credit,
    };
  });
  const totals = new Map<string, { circuits: number; downtime_minutes: number; cents: bigint }>();
  for (const i of items) {
    const t = totals.get(i.carrier) ?? { circuits: 0, downtime_minutes: 0, cents: 0n };
    t.circuits++;
    t.downtime_minutes += i.downtime_minutes;
    t.cents += scaled(i.credit, 2);
    totals.set(i.carrier, t);
  }
  const carriers = [...totals].map(([carrier, t]) => ({ carrier, circuits: t.circuits, downtime_minutes: t.downtime_minutes, credit: centsToMoney(t.cents) }));
  return { report: { items, carriers }, periods };
}
