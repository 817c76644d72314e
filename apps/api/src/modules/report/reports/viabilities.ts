import { type SQL, sql } from 'drizzle-orm';
import { formatCpfCnpj, type ReportQuery, VIABILITY_STATUS_LABELS, VIABILITY_VERDICT_LABELS, type ViabilityStatus, type ViabilityVerdict } from '@operacoes/contract';
import { persons, users } from '../../../core/schema';
import { viabilities, viabilityUnits } from '../../viability';
import type { Cell } from '../../../core/spreadsheet';
import type { ReportDefinition, ReportScope } from '../definition';
import { all, columnsOf, countRows, dateOrNull, keysetCells, newestFirst, numOrNull, optionsOf, period, personName, rowsOf, tenant } from './shared';

const where = (scope: ReportScope, q: ReportQuery): SQL =>
  all([tenant(sql`v.organization_id`, scope), ...period(sql`v.created_at`, q), q.status ? sql`v.status = ${q.status}` : undefined, q.seller ? sql`v.seller_id = ${q.seller}` : undefined]);

const VERDICTS = Object.keys(VIABILITY_VERDICT_LABELS) as ViabilityVerdict[];
/** The verdict's label in SQL (the units' list is assembled by the database). */
const VERDICT_LABEL = sql.raw(`(case u.verdict ${VERDICTS.map((v) => `when '${v}' then '${VIABILITY_VERDICT_LABELS[v]}'`).join(' ')} end)`);

type Row = {
  code: string;
  client_name: string;
  client_document: string;
  seller: string;
  status: ViabilityStatus;
  created_at: unknown;
  units: number;
  viavel: number;
  viavel_com_custo: number;
  inviavel: number;
  accepted: number;
  price: unknown;
  verdicts: string | null;
} & Record<string, unknown>;

/** Viabilities by verdict and seller. */
export const viabilitiesReport: ReportDefinition = {
  name: 'viabilities',
  title: 'Viabilidades por parecer e vendedor',
  description:
    'Estudos de viabilidade criados no período: código, cliente, vendedor, situação, quantas unidades (endereços) saíram viáveis, viáveis com custo ou inviáveis, quantas propostas o cliente aceitou, o valor das propostas e cada unidade com o seu parecer.',
  module: 'viability',
  read: ['VIABILITY'],
  filters: [{ name: 'from' }, { name: 'to' }, { name: 'seller' }, { name: 'status', options: optionsOf(VIABILITY_STATUS_LABELS) }],
  columns: columnsOf({
    code: ['Código', 'text', 12],
    client_name: ['Cliente', 'text', 28],
    client_document: ['CPF/CNPJ', 'text', 18],
    seller: ['Vendedor', 'text', 20],
    status: ['Situação', 'text', 12],
    created_at: ['Criada em', 'datetime', 18],
    units: ['Unidades', 'number', 9],
    viavel: ['Viáveis', 'number', 9],
    viavel_com_custo: ['Viáveis com custo', 'number', 11],
    inviavel: ['Inviáveis', 'number', 9],
    accepted: ['Aceitas pelo cliente', 'number', 11],
    price: ['Valor das propostas', 'money', 14],
    verdicts: ['Unidades e pareceres', 'text', 48],
  }),

  count: (scope, q) => countRows(scope.db, sql`${viabilities} v`, where(scope, q)),

  batches(scope, q, batchSize) {
    return keysetCells<Row>(
      scope.db,
      {
        ...newestFirst('v'),
        select: sql`v.code, v.client_name, v.client_document, ${personName(sql`su`, sql`sp`)} as seller, v.status, v.created_at,
                c.units, c.viavel, c.viavel_com_custo, c.inviavel, c.accepted, c.price, c.verdicts`,
        from: sql`${viabilities} v
              join ${users} su on su.id = v.seller_id
              join ${persons} sp on sp.id = su.person_id
              left join lateral (
                select count(*)::int as units,
                  (count(*) filter (where u.verdict = 'viavel'))::int as viavel,
                  (count(*) filter (where u.verdict = 'viavel_com_custo'))::int as viavel_com_custo,
                  (count(*) filter (where u.verdict = 'inviavel'))::int as inviavel,
                  (count(*) filter (where u.decision = 'aceita'))::int as accepted,
                  (sum(u.price) filter (where u.verdict <> 'inviavel'))::float8 as price,
                  string_agg(u.name || ': ' || ${VERDICT_LABEL}, '; ' order by u.id) as verdicts
                from ${viabilityUnits} u where u.viability_id = v.id
              ) c on true`,
        where: where(scope, q),
      },
      batchSize,
      (r): Cell[] => [
        r.code,
        r.client_name,
        formatCpfCnpj(r.client_document),
        r.seller,
        VIABILITY_STATUS_LABELS[r.status],
        dateOrNull(r.created_at),
        Number(r.units),
        Number(r.viavel),
        Number(r.viavel_com_custo),
        Number(r.inviavel),
        Number(r.accepted),
        numOrNull(r.price),
        r.verdicts,
      ],
    );
  },

  /** Units by verdict for each seller (the sellers with the most units first). */
  async chart(scope, q) {
    const found = await rowsOf<{ seller_id: number; seller: string; verdict: ViabilityVerdict; n: number }>(
      scope.db,
      sql`select v.seller_id, ${personName(sql`su`, sql`sp`)} as seller, u.verdict, count(*)::int as n
          from ${viabilityUnits} u join ${viabilities} v on v.id = u.viability_id
          join ${users} su on su.id = v.seller_id join ${persons} sp on sp.id = su.person_id
          where ${where(scope, q)} group by 1, 2, 3`,
    );
    const sellers = new Map<number, { name: string; total: number; by: Map<ViabilityVerdict, number> }>();
    for (const f of found) {
      const s = sellers.get(Number(f.seller_id)) ?? { name: f.seller, total: 0, by: new Map() };
      s.total += Number(f.n);
      s.by.set(f.verdict, Number(f.n));
      sellers.set(Number(f.seller_id), s);
    }
    const ordered = [...sellers.values()].sort((a, b) => b.total - a.total || a.name.localeCompare(b.name, 'pt-BR'));
    return {
      kind: 'bar',
      title: 'Unidades por parecer e vendedor',
      labels: ordered.map((s) => s.name),
      series: VERDICTS.map((v) => ({ label: VIABILITY_VERDICT_LABELS[v], data: ordered.map((s) => s.by.get(v) ?? 0) })),
      unit: 'unidades',
    };
  },
};
