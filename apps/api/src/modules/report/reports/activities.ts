import { type SQL, sql } from 'drizzle-orm';
import { ACTIVITY_PRIORITY_LABELS, ACTIVITY_STATUS_LABELS, type ActivityPriority, type ActivityStatus, type ReportQuery } from '@operacoes/contract';
import { persons, users } from '../../../core/schema';
import { activityTechnicians, assistanceTypes, externalActivities } from '../../external-activity';
import type { Cell } from '../../../core/spreadsheet';
import type { ReportDefinition, ReportScope } from '../definition';
import { all, columnsOf, countRows, dateOrNull, keysetCells, newestFirst, numOrNull, optionsOf, period, personName, rowsOf, tenant } from './shared';

/** The period is the activities' opening (`created_at`); the unit is a technician's main unit. */
const where = (scope: ReportScope, q: ReportQuery): SQL =>
  all([
    tenant(sql`a.organization_id`, scope),
    ...period(sql`a.created_at`, q),
    q.status ? sql`a.status = ${q.status}` : undefined,
    // The technicians' index first, then only those activities (as the module's own list does).
    q.technician ? sql`a.id = any(array(select activity_id from ${activityTechnicians} where user_id = ${q.technician}))` : undefined,
    q.unit
      ? sql`exists (select 1 from ${activityTechnicians} t join ${users} tu on tu.id = t.user_id where t.activity_id = a.id and tu.unit_organizational_id = ${q.unit})`
      : undefined,
  ]);

/**
 * The SLA as the module decides it (`isBreached`): a concluded activity met it when it finished by
 * its due time; an open one has breached it once the due time passed; a cancelled one has none.
 */
const slaOf = (now: SQL) => sql`(case when a.status = 'cancelada' then 'cancelada'
  when a.status = 'concluida' then (case when a.finished_at > a.due_at then 'estourado' else 'cumprido' end)
  when a.due_at < ${now} then 'estourado' else 'no_prazo' end)`;
/** The report's moment: the scope's (one for a whole export), else the database's now(). */
const nowOf = (scope: ReportScope) => (scope.asOf ? sql`${scope.asOf.toISOString()}::timestamptz` : sql`now()`);
type Sla = 'cancelada' | 'cumprido' | 'estourado' | 'no_prazo';
const SLA_LABELS: Record<Sla, string> = { cumprido: 'Cumprido', estourado: 'Estourado', no_prazo: 'No prazo', cancelada: 'Não se aplica' };

type Row = {
  code: string;
  type: string;
  priority: ActivityPriority;
  status: ActivityStatus;
  client_name: string;
  technicians: string | null;
  created_at: unknown;
  due_at: unknown;
  finished_at: unknown;
  sla: Sla;
  late_hours: unknown;
} & Record<string, unknown>;

/** The Monday (AAAA-MM-DD) of the ISO week of a day. */
const mondayOf = (day: string) => {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - ((d.getUTCDay() + 6) % 7));
  return d.toISOString().slice(0, 10);
};
const MAX_WEEKS = 260;

/** External activities by technician, type and SLA compliance. */
export const activitiesReport: ReportDefinition = {
  name: 'activities',
  title: 'Atividades externas por técnico, tipo e SLA',
  description:
    'Atividades abertas no período: tipo, prioridade, situação, cliente, técnicos, prazo do SLA, conclusão e se o SLA foi cumprido ou estourado (em aberto: estourado quando o prazo já passou). Unidade: a unidade principal de algum técnico da atividade.',
  module: 'external-activity',
  read: ['EXTERNAL_ACTIVITY'],
  filters: [{ name: 'from' }, { name: 'to' }, { name: 'technician' }, { name: 'status', options: optionsOf(ACTIVITY_STATUS_LABELS) }, { name: 'unit', label: 'Unidade do técnico' }],
  columns: columnsOf({
    code: ['Código', 'text', 12],
    type: ['Tipo', 'text', 24],
    priority: ['Prioridade', 'text', 10],
    status: ['Situação', 'text', 16],
    client_name: ['Cliente', 'text', 28],
    technicians: ['Técnicos', 'text', 28],
    created_at: ['Aberta em', 'datetime', 18],
    due_at: ['Prazo (SLA)', 'datetime', 18],
    finished_at: ['Concluída em', 'datetime', 18],
    sla: ['SLA', 'text', 12],
    late_hours: ['Atraso (horas)', 'number', 10],
  }),

  count: (scope, q) => countRows(scope.db, sql`${externalActivities} a`, where(scope, q)),

  batches(scope, q, batchSize) {
    const now = nowOf(scope);
    const SLA = slaOf(now);
    return keysetCells<Row>(
      scope.db,
      {
        ...newestFirst('a'),
        select: sql`a.code, ty.name as type, a.priority, a.status, a.client_name, a.created_at, a.due_at, a.finished_at, ${SLA} as sla,
                case when ${SLA} = 'estourado' then round((extract(epoch from coalesce(a.finished_at, ${now}) - a.due_at) / 3600)::numeric, 2)::float8 end as late_hours,
                (select string_agg(${personName(sql`tu`, sql`tp`)}, ', ' order by ${personName(sql`tu`, sql`tp`)})
                   from ${activityTechnicians} t join ${users} tu on tu.id = t.user_id join ${persons} tp on tp.id = tu.person_id where t.activity_id = a.id) as technicians`,
        from: sql`${externalActivities} a join ${assistanceTypes} ty on ty.id = a.assistance_type_id`,
        where: where(scope, q),
      },
      batchSize,
      (r): Cell[] => [
        r.code,
        r.type,
        ACTIVITY_PRIORITY_LABELS[r.priority],
        ACTIVITY_STATUS_LABELS[r.status],
        r.client_name,
        r.technicians,
        dateOrNull(r.created_at),
        dateOrNull(r.due_at),
        dateOrNull(r.finished_at),
        SLA_LABELS[r.sla],
        numOrNull(r.late_hours),
      ],
    );
  },

  /** Activities per ISO week (Monday to Sunday in the organization's zone), split by SLA; weeks without activities show as zero. */
  async chart(scope, q) {
    const SLA = slaOf(nowOf(scope));
    const found = await rowsOf<{ week: string; sla: Sla; n: number }>(
      scope.db,
      sql`select date_trunc('week', timezone(${scope.timeZone}, a.created_at))::date::text as week, ${SLA} as sla, count(*)::int as n
          from ${externalActivities} a where ${where(scope, q)} group by 1, 2`,
    );
    const present = found.map((f) => f.week).sort();
    const first = q.from ? mondayOf(q.from) : present[0];
    const lastWeek = q.to ? mondayOf(q.to) : present[present.length - 1];
    const weeks: string[] = [];
    if (first && lastWeek) {
      const d = new Date(`${first}T00:00:00Z`);
      for (let day = first; day <= lastWeek && weeks.length < MAX_WEEKS; d.setUTCDate(d.getUTCDate() + 7), day = d.toISOString().slice(0, 10)) weeks.push(day);
    }
    const count = (week: string, slas: Sla[]) => found.filter((f) => f.week === week && slas.includes(f.sla)).reduce((n, f) => n + Number(f.n), 0);
    return {
      kind: 'bar',
      title: 'Atividades por semana',
      labels: weeks.map((w) => `${w.slice(8, 10)}/${w.slice(5, 7)}`),
      series: [
        { label: 'Dentro do SLA', data: weeks.map((w) => count(w, ['cumprido', 'no_prazo'])) },
        { label: 'SLA estourado', data: weeks.map((w) => count(w, ['estourado'])) },
        { label: 'Canceladas', data: weeks.map((w) => count(w, ['cancelada'])) },
      ],
      unit: 'atividades',
    };
  },
};
