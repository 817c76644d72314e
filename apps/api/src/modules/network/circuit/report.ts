import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, asc, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import { type SlaItem, circuitResource, percentText, slaLetterQuery, slaQuery, slaReport } from '@operacoes/contract';
import { userOf } from '../../../core/access';
import type { DbOrTx } from '../../../core/db';
import { HttpError } from '../../../core/errors';
import { brDateTime, drawTable, newPdf } from '../../../core/pdf';
import { preparedRead } from '../../../core/prepared';
import { type ResourceDef, tenancyCondition } from '../../../core/resource';
import { organizations } from '../../../core/schema';
import { type Cell, csv, EXPORT_TYPES, XLSX_TYPE, xlsx } from '../../../core/spreadsheet';
import { brl } from '../../../core/money';
import { currentTimeZone, zoneOf } from '../../../core/time-zone';
import { type SlaPeriod, monthBounds, slaReportOf, sumMoney } from './sla';
import { circuitUnavailabilities, circuits } from './schema';

type Period = SlaPeriod & { circuit_id: number; cause: string; protocol: string | null };
type ReportCircuitRow = { id: number; carrier: string; designation: string; sla_percent: string; monthly_cost: string; credit_factor: string };

/** Whose circuits a report covers: one organization's (null: every one, for a super admin), of one carrier or all. */
type SlaScope = { organizationId: number | null; carrier?: string };

const circuitColumns = { id: circuits.id, carrier: circuits.carrier, designation: circuits.designation, sla_percent: circuits.sla_percent, monthly_cost: circuits.monthly_cost, credit_factor: circuits.credit_factor };
const periodColumns = {
  circuit_id: circuitUnavailabilities.circuit_id,
  started_at: circuitUnavailabilities.started_at,
  ended_at: circuitUnavailabilities.ended_at,
  counts_for_sla: circuitUnavailabilities.counts_for_sla,
  cause: circuitUnavailabilities.cause,
  protocol: circuitUnavailabilities.protocol,
};
const scopeWhere = (s: SlaScope) =>
  and(s.organizationId !== null ? eq(circuits.organization_id, sql.placeholder('org')) : undefined, s.carrier ? sql`lower(${circuits.carrier}) = lower(${sql.placeholder('carrier')})` : undefined);

/**
 * The month's report: every circuit of the scope, with the counted periods touching the month read
 * in one indexed statement and the math done in TypeScript (`sla.ts`). Both statements are prepared
 * once per scope shape (`core/prepared.ts`): thousands of rows per report make drizzle's per-row
 * mapping the largest part of the request's CPU otherwise.
 */
export async function slaOf(db: DbOrTx, scope: SlaScope, month: string, now = Date.now(), zone = currentTimeZone()) {
  const bounds = monthBounds(month, zone);
  const shape = `${scope.organizationId !== null ? 'org' : 'all'}-${scope.carrier ? 'carrier' : 'any'}`;
  const values = { org: scope.organizationId, carrier: scope.carrier, start: new Date(bounds.start), end: new Date(bounds.end) };
  const [rows, found] = await Promise.all([
    preparedRead<ReportCircuitRow>(db, `sla-circuits-${shape}`, 'sla_circuits', (d) =>
      d.select(circuitColumns).from(circuits).where(scopeWhere(scope)).orderBy(asc(circuits.carrier), asc(circuits.designation), asc(circuits.id)),
    ).execute(values),
    preparedRead<Period>(db, `sla-periods-${shape}`, 'sla_periods', (d) =>
      d
        .select(periodColumns)
        .from(circuitUnavailabilities)
        .innerJoin(circuits, eq(circuits.id, circuitUnavailabilities.circuit_id))
        .where(
          and(
            scopeWhere(scope),
            eq(circuitUnavailabilities.counts_for_sla, true),
            lt(circuitUnavailabilities.started_at, sql.placeholder('end')),
            or(isNull(circuitUnavailabilities.ended_at), gt(circuitUnavailabilities.ended_at, sql.placeholder('start'))),
          ),
        )
        .orderBy(asc(circuitUnavailabilities.started_at)),
    ).execute(values),
  ]);
  return slaReportOf(rows, found, bounds, now);
}

const MONTHS = ['janeiro', 'fevereiro', 'março', 'abril', 'maio', 'junho', 'julho', 'agosto', 'setembro', 'outubro', 'novembro', 'dezembro'];
const monthName = (month: string) => `${MONTHS[Number(month.slice(5)) - 1]} de ${month.slice(0, 4)}`;
const cnpjText = (d: string | null) => (d && d.length === 14 ? `${d.slice(0, 2)}.${d.slice(2, 5)}.${d.slice(5, 8)}/${d.slice(8, 12)}-${d.slice(12)}` : (d ?? 'não informado'));
const minutesText = (m: number) => `${Math.floor(m / 60)}h${String(m % 60).padStart(2, '0')}min`;

const EXPORT_HEADER = ['Operadora', 'Designação', 'Minutos no mês', 'Minutos indisponível', 'Disponibilidade (%)', 'SLA (%)', 'SLA violado', 'Incidentes', 'MTTR (min)', 'Custo mensal (R$)', 'Crédito (R$)'];
const WIDTHS = [20, 22, 14, 18, 18, 10, 12, 11, 11, 16, 14];
const exportRow = (i: SlaItem): Cell[] => [i.carrier, i.designation, i.minutes_in_month, i.downtime_minutes, i.availability_percent, i.sla_percent, i.breached ? 'Sim' : 'Não', i.incidents, i.mttr_minutes, Number(i.monthly_cost), Number(i.credit)];

/** The carrier's letter asking for the month's SLA credits ("pedido de desconto"). */
export async function letterPdf(opts: { organization: { fantasy_name: string; legal_name: string; cnpj: string | null }; carrier: string; month: string; items: SlaItem[]; periods: Map<number, Period[]>; today?: Date }): Promise<Buffer> {
  const { organization: org, carrier, month, items, periods } = opts;
  const breached = items.filter((i) => i.breached);
  const total = sumMoney(breached.map((i) => i.credit));
  const { doc, bytes } = newPdf(`Pedido de desconto · ${carrier} · ${month}`);
  const today = (opts.today ?? new Date()).toLocaleDateString('pt-BR', { timeZone: currentTimeZone(), day: 'numeric', month: 'long', year: 'numeric' });
  doc.font('Helvetica-Bold').fontSize(12).text(org.legal_name || org.fantasy_name);
  doc.font('Helvetica').fontSize(10).text(`${org.fantasy_name} · CNPJ ${cnpjText(org.cnpj)}`);
  doc.moveDown(1).text(today, { align: 'right' });
  doc.moveDown(1).text(`À ${carrier}`);
  doc.text('Setor de atendimento corporativo / faturamento');
  doc.moveDown(1).font('Helvetica-Bold').fontSize(12).text(`Assunto: pedido de desconto por descumprimento de SLA — ${monthName(month)}`);
  doc.font('Helvetica').fontSize(10).moveDown(0.8);
  if (breached.length === 0) {
    doc.text(`Nenhum circuito da ${carrier} contratado por ${org.fantasy_name} ficou abaixo do SLA em ${monthName(month)}. Não há desconto a pedir neste mês.`);
  } else {
    doc.text(
      `Prezados, em ${monthName(month)} os circuitos abaixo, contratados por ${org.fantasy_name}, ficaram indisponíveis por tempo superior ao previsto no nível de serviço (SLA) contratado. ` +
        'Conforme o contrato, solicitamos o desconto proporcional na próxima fatura, no valor total indicado ao final desta carta.',
      { align: 'justify' },
    );
    for (const i of breached) {
      doc.moveDown(1).font('Helvetica-Bold').fontSize(11).text(`Circuito ${i.designation}`);
      doc.font('Helvetica').fontSize(10);
      doc.text(`SLA contratado: ${percentText(i.sla_percent)} · Disponibilidade apurada: ${percentText(i.availability_percent)} · Indisponibilidade: ${minutesText(i.downtime_minutes)} (${i.downtime_minutes} min de ${i.minutes_in_month})`);
      doc.text(`Custo mensal: ${brl(i.monthly_cost)} · Crédito: ${brl(i.credit)}`);
      doc.moveDown(0.4);
      const rows = (periods.get(i.circuit_id) ?? []).map((p) => [brDateTime(p.started_at), p.ended_at ? brDateTime(p.ended_at) : 'em andamento', p.protocol ?? '—', p.cause]);
      drawTable(doc, ['Início', 'Fim', 'Protocolo', 'Causa'], [95, 95, 90, 235], rows);
    }
    doc.moveDown(1).font('Helvetica-Bold').fontSize(12).text(`Total do desconto solicitado: ${brl(total)}`);
    doc.font('Helvetica').fontSize(10);
  }
  doc.moveDown(2).text('Atenciosamente,');
  doc.moveDown(2).text('______________________________________');
  doc.text(org.legal_name || org.fantasy_name);
  doc.end();
  return bytes;
}

/** `GET /api/circuit/sla` (JSON, CSV, XLSX) and `GET /api/circuit/sla/letter` (PDF). */
export async function slaRoutes(fastify: FastifyInstance, circuitDef: ResourceDef) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['circuit'];

  app.get(
    '/circuit/sla',
    {
      config: { access: circuitResource.access.read },
      schema: {
        tags,
        summary: 'Relatório de SLA das operadoras',
        description:
          'Por circuito e mês (limites no fuso horário da organização): minutos do mês, minutos indisponível (períodos que contam para o SLA, recortados ao mês, sobreposições contadas uma vez, em andamento até agora), disponibilidade, violação, incidentes, MTTR e crédito (só quando violado). Totais por operadora. `format=csv|xlsx` exporta.',
        querystring: slaQuery,
        response: { 200: slaReport },
        produces: ['application/json', ...EXPORT_TYPES],
      },
      // The report is built by slaReportOf (typed as the contract's shape) and can hold thousands of
      // circuits: written as it is, without a second pass of the schema over every item.
      serializerCompiler: () => (data) => JSON.stringify(data),
    },
    async (req, reply) => {
      const user = userOf(req);
      const { report } = await slaOf(app.db, { organizationId: tenancyCondition(circuitDef, user) ? user.organizationId : null, carrier: req.query.carrier }, req.query.month, Date.now(), zoneOf(req));
      if (req.query.format === 'csv' || req.query.format === 'xlsx') {
        const rows = report.items.map(exportRow);
        for (const c of report.carriers) rows.push([`Total ${c.carrier}`, `${c.circuits} circuito(s)`, null, c.downtime_minutes, null, null, null, null, null, null, Number(c.credit)]);
        const name = `sla-operadoras-${req.query.month}`;
        if (req.query.format === 'csv') return reply.type('text/csv; charset=utf-8').header('content-disposition', `attachment; filename="${name}.csv"`).send(csv(EXPORT_HEADER, rows) as never);
        return reply
          .type(XLSX_TYPE)
          .header('content-disposition', `attachment; filename="${name}.xlsx"`)
          .send(xlsx(`SLA ${req.query.month}`, EXPORT_HEADER, rows, WIDTHS) as never);
      }
      return report;
    },
  );

  app.get(
    '/circuit/sla/letter',
    {
      config: { access: circuitResource.access.read },
      schema: {
        tags,
        summary: 'Carta de pedido de desconto (PDF)',
        description: 'A carta à operadora pedindo o desconto do mês: organização (nome e CNPJ), cada circuito com SLA violado, seus períodos, protocolos e crédito, e o total. Sempre da organização de quem pede; 409 quando nenhum circuito da operadora violou o SLA no mês.',
        querystring: slaLetterQuery,
        produces: ['application/pdf'],
      },
    },
    async (req, reply) => {
      const user = userOf(req);
      const [org] = await app.db.select({ fantasy_name: organizations.fantasy_name, legal_name: organizations.legal_name, cnpj: organizations.cnpj }).from(organizations).where(eq(organizations.id, user.organizationId));
      const { report, periods } = await slaOf(app.db, { organizationId: user.organizationId, carrier: req.query.carrier }, req.query.month);
      if (report.items.length === 0) throw new HttpError(404, `Nenhum circuito da operadora "${req.query.carrier}" nesta organização.`);
      // A letter asking for a discount with nothing to discount would only embarrass whoever sends it.
      if (!report.items.some((i) => i.breached)) throw new HttpError(409, `Nenhum circuito da ${report.items[0].carrier} ficou abaixo do SLA em ${monthName(req.query.month)}: não há desconto a pedir.`);
      const pdf = await letterPdf({ organization: org, carrier: report.items[0].carrier, month: req.query.month, items: report.items, periods });
      const file = `pedido-de-desconto-${report.items[0].carrier.toLowerCase().normalize('NFD').replace(/[^a-z0-9]+/g, '-')}-${req.query.month}.pdf`;
      return reply.type('application/pdf').header('content-disposition', `attachment; filename="${file}"`).send(pdf);
    },
  );
}
