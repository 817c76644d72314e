import { type SQL, sql } from 'drizzle-orm';
import { type ReportQuery } from '@operacoes/contract';
import { circuitUnavailabilities, circuits, currentMonth, monthBounds, slaReportOf } from '../../network';
import type { Cell } from '../../../core/spreadsheet';
import type { ReportDefinition, ReportScope } from '../definition';
import { all, columnsOf, countRows, dateOrNull, type KeyPart, keysetPages, rowsOf, tenant } from './shared';

/** The circuits of the scope (a carrier compared case-insensitively, as the network module's report does). */
const where = (scope: ReportScope, q: ReportQuery): SQL => all([tenant(sql`c.organization_id`, scope), q.carrier ? sql`lower(c.carrier) = lower(${q.carrier})` : undefined]);

/** The network report's order: carrier, designation, id. */
const KEYS: KeyPart[] = [
  { expr: sql`c.carrier`, type: 'text' },
  { expr: sql`c.designation`, type: 'text' },
  { expr: sql`c.id`, type: 'int' },
];

type CircuitRow = { id: number; carrier: string; designation: string; sla_percent: string; monthly_cost: string; credit_factor: string } & Record<string, unknown>;
type PeriodRow = { circuit_id: number; started_at: unknown; ended_at: unknown; counts_for_sla: boolean };

const monthOf = (q: ReportQuery) => q.month ?? currentMonth();

/**
 * The month's figures of every circuit, batch by batch: a batch of circuits in keyset order and
 * their counted periods touching the month, through the network module's own SLA math
 * (`slaReportOf`), so this report and `/api/circuit/sla` always agree.
 */
async function* itemBatches(scope: ReportScope, q: ReportQuery, batchSize: number) {
  const bounds = monthBounds(monthOf(q));
  const now = Date.now();
  const pages = keysetPages<CircuitRow>(
    scope.db,
    {
      keys: KEYS,
      select: sql`c.id, c.carrier, c.designation, c.sla_percent::text as sla_percent, c.monthly_cost::text as monthly_cost, c.credit_factor::text as credit_factor`,
      from: sql`${circuits} c`,
      where: where(scope, q),
    },
    batchSize,
  );
  for await (const rows of pages) {
    const ids = sql`array[${sql.join(
      rows.map((r) => sql`${Number(r.id)}`),
      sql`, `,
    )}]::int[]`;
    const periods = await rowsOf<PeriodRow>(
      scope.db,
      sql`select u.circuit_id, u.started_at, u.ended_at, u.counts_for_sla from ${circuitUnavailabilities} u
          where u.circuit_id = any(${ids}) and u.counts_for_sla and u.started_at < ${new Date(bounds.end).toISOString()}::timestamptz
            and (u.ended_at is null or u.ended_at > ${new Date(bounds.start).toISOString()}::timestamptz)
          order by u.started_at`,
    );
    const { report } = slaReportOf(
      rows.map((r) => ({ ...r, id: Number(r.id) })),
      periods.map((p) => ({ circuit_id: Number(p.circuit_id), started_at: dateOrNull(p.started_at)!, ended_at: dateOrNull(p.ended_at), counts_for_sla: Boolean(p.counts_for_sla) })),
      bounds,
      now,
    );
    yield report.items;
  }
}

/** Carrier SLA (the circuits' SLA report, in the reports page): each circuit's month, availability, breach and the credit owed. */
export const carrierSlaReport: ReportDefinition = {
  name: 'carrier-sla',
  title: 'SLA das operadoras',
  description:
    'Disponibilidade mensal de cada circuito de operadora (mês no horário de Brasília; sem filtro, o mês atual): minutos indisponíveis que contam para o SLA, disponibilidade, SLA contratado, violação, incidentes, MTTR e o crédito que a operadora deve quando o SLA foi violado.',
  module: 'network',
  read: ['OPERATOR_CIRCUIT'],
  filters: [{ name: 'month' }, { name: 'carrier' }],
  columns: columnsOf({
    carrier: ['Operadora', 'text', 18],
    designation: ['Designação', 'text', 22],
    minutes_in_month: ['Minutos no mês', 'number', 12],
    downtime_minutes: ['Minutos indisponível', 'number', 14],
    availability_percent: ['Disponibilidade', 'percent', 14],
    sla_percent: ['SLA contratado', 'percent', 12],
    breached: ['SLA violado', 'text', 10],
    incidents: ['Incidentes', 'number', 10],
    mttr_minutes: ['MTTR (min)', 'number', 10],
    monthly_cost: ['Custo mensal', 'money', 14],
    credit: ['Crédito', 'money', 14],
  }),

  count: (scope, q) => countRows(scope.db, sql`${circuits} c`, where(scope, q)),

  async *batches(scope, q, batchSize) {
    for await (const items of itemBatches(scope, q, batchSize)) {
      yield items.map((i): Cell[] => [
        i.carrier,
        i.designation,
        i.minutes_in_month,
        i.downtime_minutes,
        i.availability_percent,
        i.sla_percent,
        i.breached ? 'Sim' : 'Não',
        i.incidents,
        i.mttr_minutes,
        Number(i.monthly_cost),
        Number(i.credit),
      ]);
    }
  },

  /** Each carrier's availability over its circuits: 100 × (1 − minutes down / (circuits × minutes in the month)). */
  async chart(scope, q) {
    const totals = new Map<string, { circuits: number; down: number; minutes: number }>();
    for await (const items of itemBatches(scope, q, 2000)) {
      for (const i of items) {
        const t = totals.get(i.carrier) ?? { circuits: 0, down: 0, minutes: 0 };
        t.circuits++;
        t.down += i.downtime_minutes;
        t.minutes += i.minutes_in_month;
        totals.set(i.carrier, t);
      }
    }
    const carriers = [...totals.keys()];
    return {
      kind: 'bar',
      title: `Disponibilidade por operadora (${monthOf(q).slice(5)}/${monthOf(q).slice(0, 4)})`,
      labels: carriers,
      series: [{ label: 'Disponibilidade', data: carriers.map((c) => Math.round((100 - (100 * totals.get(c)!.down) / totals.get(c)!.minutes) * 10_000) / 10_000) }],
      unit: '%',
    };
  },
};
