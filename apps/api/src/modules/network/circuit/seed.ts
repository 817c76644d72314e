import { and, eq, inArray } from 'drizzle-orm';
import type { DemoContext } from '../../../core/demo-context';
import { sites } from '../site/schema';
import { circuits } from './schema';

type Row = { id: number };
const DAY = 86_400_000;
const HOUR = 3_600_000;

/**
 * Operator circuits of the demo organization between its demo sites (Embratel, Vivo, Claro, Oi, TIM),
 * with unavailability periods over this month and the last (overlapping, the customer's fault, one
 * still open so a circuit shows "fora do ar"). Written through the API; skipped when the
 * organization already has a circuit or lacks the demo sites.
 */
export async function seedCircuitDemo(ctx: DemoContext): Promise<boolean> {
  const [existing] = await ctx.app.db.select({ id: circuits.id }).from(circuits).where(eq(circuits.organization_id, ctx.organizationId)).limit(1);
  if (existing) return false;
  const found = await ctx.app.db.select({ id: sites.id, code: sites.code }).from(sites).where(and(eq(sites.organization_id, ctx.organizationId), inArray(sites.code, ['POP-CWB-01', 'DC-CWB', 'TR-PGO-01', 'POP-LDB-01', 'ARM-JOI-07', 'POP-FLN-01'])));
  const site = (code: string) => found.find((s) => s.code === code)?.id;
  if (!site('POP-CWB-01') || !site('DC-CWB')) return false;
  const gestor = ctx.as('gestor');
  const circuit = (body: Record<string, unknown>) => gestor<Row>('POST', '/circuit', body);
  const nextMonths = (n: number) => new Date(Date.now() + n * 30 * DAY).toISOString().slice(0, 10);
  const noc = (carrier: string, phone: string) => [{ name: `NOC ${carrier} (suporte empresarial)`, phone, email: null }];

  const mpls = await circuit({ carrier: 'Embratel', designation: 'CWB/IP/00123', type: 'mpls', bandwidth_mbps: 1000, site_a_id: site('POP-CWB-01'), site_b_id: site('DC-CWB'), monthly_cost: '4890.00', installed_on: '2024-02-15', contract_ends_on: nextMonths(14), sla_percent: 99.7, credit_factor: 1, support_contacts: noc('Embratel', '0800 721 1021') });
  const vivo = await circuit({ carrier: 'Vivo', designation: 'VIVO-PGO-448812', type: 'link_dedicado', bandwidth_mbps: 500, site_a_id: site('TR-PGO-01'), site_b_id: site('POP-CWB-01'), monthly_cost: '2350.00', installed_on: '2023-08-01', contract_ends_on: new Date(Date.now() + 20 * DAY).toISOString().slice(0, 10), sla_percent: 99.5, credit_factor: 1.5, support_contacts: noc('Vivo', '0800 770 8486'), notes: 'Contrato com multa de 3 mensalidades na rescisão antecipada.' });
  const claro = await circuit({ carrier: 'Claro', designation: 'CLR-FLN-IPT-0091', type: 'ip_transito', bandwidth_mbps: 2000, site_a_id: site('POP-FLN-01'), site_b_id: null, monthly_cost: '6100.00', installed_on: '2025-01-10', contract_ends_on: nextMonths(24), sla_percent: 99.9, support_contacts: noc('Claro', '0800 701 0021') });
  await circuit({ carrier: 'Oi', designation: 'OI-JOI-L2L-7781', type: 'l2l', bandwidth_mbps: 300, site_a_id: site('ARM-JOI-07'), site_b_id: site('POP-FLN-01'), monthly_cost: '1180.50', installed_on: '2022-05-20', contract_ends_on: nextMonths(6), sla_percent: 99, support_contacts: noc('Oi', '0800 031 8080') });
  await circuit({ carrier: 'TIM', designation: 'TIM-LDB-LTL-3302', type: 'lan_to_lan', bandwidth_mbps: 200, site_a_id: site('POP-LDB-01'), site_b_id: site('POP-CWB-01'), monthly_cost: '980.00', contract_ends_on: nextMonths(36), sla_percent: 98.5, status: 'em_ativacao' });

  const now = Date.now();
  const at = (msAgo: number) => new Date(Math.floor((now - msAgo) / 60_000) * 60_000).toISOString();
  const period = (c: Row, body: Record<string, unknown>) => gestor('POST', `/circuit/${c.id}/unavailability`, body);
  // Last month and this month (relative to today): long outages on Vivo, an overlap on Embratel, the customer's own fault on Claro.
  await period(vivo, { started_at: at(32 * DAY), ended_at: at(32 * DAY - 7 * HOUR), cause: 'Rompimento de fibra na PR-151 (obra da concessionária)', responsibility: 'operadora', protocol: 'VIVO-2026-558120' });
  await period(vivo, { started_at: at(9 * DAY), ended_at: at(9 * DAY - 3 * HOUR), cause: 'Falha de energia na estação da operadora', responsibility: 'operadora', protocol: 'VIVO-2026-561377' });
  await period(mpls, { started_at: at(6 * DAY), ended_at: at(6 * DAY - 90 * 60_000), cause: 'Manutenção emergencial no backbone', responsibility: 'operadora', protocol: 'EBT-INC-99812' });
  await period(mpls, { started_at: at(6 * DAY - 60 * 60_000), ended_at: at(6 * DAY - 150 * 60_000), cause: 'Reinício do PE após a manutenção (sobrepõe o anterior)', responsibility: 'operadora', protocol: 'EBT-INC-99815' });
  await period(claro, { started_at: at(4 * DAY), ended_at: at(4 * DAY - 2 * HOUR), cause: 'Queda do disjuntor do rack no POP Florianópolis', responsibility: 'propria', notes: 'Não conta para o SLA: falha nossa.' });
  await period(vivo, { started_at: at(2 * HOUR), cause: 'Circuito sem sinal óptico; chamado aberto na operadora', responsibility: 'operadora', protocol: 'VIVO-2026-563901' });
  return true;
}
