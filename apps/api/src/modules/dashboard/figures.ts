/**
 * The organization's key figures for managers. They read whole months of work orders, every
 * circuit's SLA (the network module's report: tens of milliseconds for 5,000 circuits) and every
 * item on hand, so a periodic job computes them once a minute for each organization whose
 * dashboard has been opened, in one process at a time, and stores them (`dashboard_figures`): a
 * dashboard reads that row, and a burst of dashboards never starts the computation (on the
 * embedded database it would hold the one connection every other request waits for). Only an
 * organization's first dashboard, or one while the job is late, computes them itself.
 * `computed_at` tells the page how old they are.
 */
import { and, eq, gte, sql } from 'drizzle-orm';
import type { DashboardFigures } from '@operacoes/contract';
import { type CurrentUser, allows } from '../../core/access';
import { localDay, localInstant } from '../../core/dates';
import { organizationTimeZone } from '../../core/time-zone';
import type { Db } from '../../core/db';
import { externalActivities } from '../external-activity';
import { slaOf } from '../network';
import { consumableBalances, patrimonies, products } from '../warehouse';
import { cached } from './cache';
import { todayBounds } from './cards';
import { dashboardFigures } from './schema';

/** How often the job refreshes the figures. */
export const FIGURES_EVERY_MS = 60_000;
/** Older than this, the job is late (stopped, or the machine too busy): a request computes them. */
const LATE_MS = 3 * FIGURES_EVERY_MS;
/** Per process, the stored row is read again at most this often (a burst of dashboards reads it once). */
const ROW_TTL_MS = 5_000;
const DAY = 86_400_000;

type Computed = Omit<DashboardFigures, 'computed_at'> & { computed_at: string };


async function compute(db: Db, organizationId: number, now: number): Promise<Computed> {
  // The organization's own "today", week and month (its zone; figures are cached per organization).
  const zone = await organizationTimeZone(db, organizationId);
  const today = todayBounds(now, zone).start.getTime();
  // Monday 00:00 local (getUTCDay of the local date: 0 = Sunday).
  const weekday = new Date(localDay(now, zone)).getUTCDay();
  const weekStart = new Date(today - ((weekday + 6) % 7) * DAY);
  const fortnightStart = new Date(today - 13 * DAY);
  const month = localDay(now, zone).slice(0, 7);
  const monthStart = localInstant(`${month}-01`, zone);
  const ea = externalActivities;
  const inOrg = eq(ea.organization_id, organizationId);

  const [perDay, sla, circuits, stock] = await Promise.all([
    db
      .select({ day: sql<string>`to_char(${ea.created_at} at time zone ${zone}, 'YYYY-MM-DD')`, n: sql<number>`count(*)::int` })
      .from(ea)
      .where(and(inOrg, gte(ea.created_at, fortnightStart)))
      .groupBy(sql`1`),
    db
      .select({ done: sql<number>`count(*)::int`, inTime: sql<number>`count(*) filter (where ${ea.finished_at} <= ${ea.due_at})::int` })
      .from(ea)
      .where(and(inOrg, eq(ea.status, 'concluida'), gte(ea.finished_at, monthStart))),
    slaOf(db, { organizationId }, month, now, zone),
    db.execute<{ value: string }>(sql`select round(
        coalesce((select sum(${consumableBalances.quantity} * ${products.price}) from ${consumableBalances} join ${products} on ${products.id} = ${consumableBalances.product_id} where ${consumableBalances.organization_id} = ${organizationId}), 0)
      + coalesce((select sum(n * ${products.price}) from (select ${patrimonies.product_id} as product_id, count(*) as n from ${patrimonies}
          where ${patrimonies.organization_id} = ${organizationId} and ${patrimonies.status} in ('disponivel', 'reservado') group by 1) x
          join ${products} on ${products.id} = x.product_id), 0), 2)::text as value`),
  ]);

  const counts = new Map(perDay.map((r) => [r.day, r.n]));
  const days = Array.from({ length: 14 }, (_, i) => localDay(fortnightStart.getTime() + 12 * 3_600_000 + i * DAY, zone));
  const weekFrom = localDay(weekStart.getTime() + 12 * 3_600_000, zone);
  const items = circuits.report.items;
  const minutes = items.reduce((a, i) => a + i.minutes_in_month, 0);
  const down = items.reduce((a, i) => a + i.downtime_minutes, 0);
  const [{ done, inTime }] = sla;
  return {
    computed_at: new Date(now).toISOString(),
    activities_week: days.filter((d) => d >= weekFrom).reduce((a, d) => a + (counts.get(d) ?? 0), 0),
    activities_per_day: days.map((date) => ({ date, count: counts.get(date) ?? 0 })),
    sla_compliance_percent: done ? Math.round((inTime / done) * 1000) / 10 : null,
    activities_concluded_month: done,
    circuit_availability_percent: minutes ? Math.round((100 - (100 * down) / minutes) * 10_000) / 10_000 : null,
    circuits_breached: items.filter((i) => i.breached).length,
    circuits: items.length,
    stock_value: stock.rows[0]?.value ?? '0.00',
  };
}

/** Computes the organization's figures and stores them. */
export async function refreshFigures(db: Db, organizationId: number, now = Date.now()): Promise<Computed> {
  const figures = await compute(db, organizationId, now);
  const row = { figures: figures as DashboardFigures, computed_at: new Date(now) };
  await db.insert(dashboardFigures).values({ organization_id: organizationId, ...row }).onConflictDoUpdate({ target: dashboardFigures.organization_id, set: row });
  return figures;
}

/** The job's run: every organization whose dashboard has been opened (it has a row), one after another. */
export async function refreshAllFigures(db: Db) {
  const known = await db.select({ id: dashboardFigures.organization_id }).from(dashboardFigures);
  for (const { id } of known) await refreshFigures(db, id);
  return known.length;
}

/** The organization's figures: the job's stored row (see the header). */
export const organizationFigures = (db: Db, organizationId: number, now = Date.now()) =>
  cached(
    db,
    `figures-${organizationId}`,
    ROW_TTL_MS,
    async () => {
      const [row] = await db.select().from(dashboardFigures).where(eq(dashboardFigures.organization_id, organizationId));
      if (row && now - row.computed_at.getTime() < LATE_MS) return row.figures as Computed;
      return refreshFigures(db, organizationId, now);
    },
    now,
  );

/**
 * Who sees which figure: managers. A super admin and an ORG holder (the organization's manager) see
 * all of them; otherwise each figure needs its module's full permission (EXTERNAL_ACTIVITY for the
 * work orders, OPERATOR_CIRCUIT for the circuits, WAREHOUSE for the stock value) — a reader
 * (`.INDEX`) follows the cards, not the organization's figures. Null when none is visible.
 */
export async function figuresFor(db: Db, user: CurrentUser): Promise<DashboardFigures | null> {
  const manager = user.superAdmin || user.permissions.includes('ORG');
  const sees = (name: string) => manager || allows(user, { write: name as never });
  const activities = sees('EXTERNAL_ACTIVITY');
  const circuits = sees('OPERATOR_CIRCUIT');
  const stock = sees('WAREHOUSE');
  if (!activities && !circuits && !stock) return null;
  const f = await organizationFigures(db, user.organizationId);
  return {
    computed_at: f.computed_at,
    activities_week: activities ? f.activities_week : null,
    activities_per_day: activities ? f.activities_per_day : null,
    sla_compliance_percent: activities ? f.sla_compliance_percent : null,
    activities_concluded_month: activities ? f.activities_concluded_month : null,
    circuit_availability_percent: circuits ? f.circuit_availability_percent : null,
    circuits_breached: circuits ? f.circuits_breached : null,
    circuits: circuits ? f.circuits : null,
    stock_value: stock ? f.stock_value : null,
  };
}
