import { eq } from 'drizzle-orm';
import type { DemoContext } from '../../core/demo-context';
import { svcs } from '../network';
import { products } from '../warehouse';
import { viabilityTemplates } from './schema';

type Row = { id: number; code?: string; public_hash?: string | null };

/**
 * Viability studies of the demo organization, through the API: three unit templates
 * (FTTH, radio, third-party circuit; FTTH is the default), the plans the ISP sells (dedicated
 * internet on fibre, radio and a carrier's L2L, with real prices), a bakery whose shop near the
 * Curitiba POP was accepted through its public link (300 Mbps dedicated at R$ 1.890,00/mês), a
 * clinic with a fibre unit that needs extra build and a branch served by a carrier's circuit, a
 * cooperative in Ponta Grossa with a radio unit 2,2 km from the tower and one beyond its reach, and
 * a new request with no unit yet; three fibre boxes (CTOs) with ports held by the demo's services,
 * one of them beside the bakery (whose accept reserved a port). Seller: gestor (Marina).
 */
export async function seedViabilityDemo(ctx: DemoContext): Promise<boolean> {
  const [existing] = await ctx.app.db.select({ id: viabilityTemplates.id }).from(viabilityTemplates).where(eq(viabilityTemplates.organization_id, ctx.organizationId)).limit(1);
  if (existing) return false;
  const gestor = ctx.as('gestor');
  const catalogue = await ctx.app.db.select({ id: products.id, code: products.code }).from(products).where(eq(products.organization_id, ctx.organizationId));
  const product = (code: string) => {
    const found = catalogue.find((p) => p.code === code);
    if (!found) throw new Error(`demo product ${code} is missing`);
    return found.id;
  };

  const template = (name: string, medium: string, items: [string, number, boolean?][], costs: Record<string, string>, notes: string) =>
    gestor<Row>('POST', '/viability/unit/template', { name, medium, items: items.map(([code, quantity, per_meter]) => ({ product_id: product(code), quantity, per_meter })), ...costs, notes });
  const ftth = await template(
    'FTTH empresarial',
    'fibra_propria',
    [['DROP-1F', 1.1, true], ['CON-SCAPC', 2], ['TUB-45', 2], ['ABR-200', 0.05, true], ['ONU-EG8145', 1]],
    { labour_cost: '180.00', labour_per_meter: '0.90' },
    'Drop a partir da CTO mais próxima do POP; ONU em comodato.',
  );
  const radio = await template('Rádio PTP 5 GHz', 'radio', [['RB750GR3', 1]], { labour_cost: '450.00' }, 'Enlace ponto a ponto com visada até a torre; exige vistoria de visada.');
  const l2l = await template('Circuito de terceiro (L2L)', 'circuito_terceiro', [['RB750GR3', 1]], { labour_cost: '300.00', monthly_cost: '850.00' }, 'Última milha contratada de operadora parceira.');
  await gestor('PUT', '/organization-settings/viability', { default_template_id: ftth.id });

  const plan = (body: Record<string, unknown>) => gestor<Row>('POST', '/viability/plan', body);
  const dedicated300 = await plan({ name: 'Internet dedicada 300 Mbps', medium: 'fibra_propria', bandwidth_mbps: 300, monthly_fee: '1890.00', installation_fee: '990.00', contract_months: 24 });
  const dedicated500 = await plan({ name: 'Internet dedicada 500 Mbps', medium: 'fibra_propria', bandwidth_mbps: 500, monthly_fee: '2690.00', installation_fee: '990.00', contract_months: 24 });
  await plan({ name: 'Internet dedicada 1 Gbps', medium: 'fibra_propria', bandwidth_mbps: 1000, monthly_fee: '4490.00', installation_fee: '1490.00', contract_months: 36 });
  const radio100 = await plan({ name: 'Rádio dedicado 100 Mbps', medium: 'radio', bandwidth_mbps: 100, monthly_fee: '1290.00', installation_fee: '1500.00', contract_months: 24, notes: 'Enlace PTP 5 GHz; instalação após vistoria de visada.' });
  const l2l500 = await plan({ name: 'L2L 500 Mbps (operadora parceira)', medium: 'circuito_terceiro', bandwidth_mbps: 500, monthly_fee: '3900.00', installation_fee: '0.00', contract_months: 36 });

  // Fibre boxes near the demo's addresses: the bakery's shop is 60 m from a box with free ports (its
  // accept reserves one), the clinic's box is full (the clinic needs a new build from the POP), and a
  // box in Ponta Grossa. Some ports are held by the demo's services.
  const svcIds = new Map((await ctx.app.db.select({ id: svcs.id, code: svcs.code }).from(svcs).where(eq(svcs.organization_id, ctx.organizationId))).map((r) => [r.code, r.id]));
  const cto = async (body: Record<string, unknown>, held: [number, string][]) => {
    const box = await gestor<Row>('POST', '/site', { type: 'cto', status: 'ativo', ...body });
    for (const [port, code] of held) if (svcIds.has(code)) await gestor('PUT', `/viability/cto/${box.id}/port/${port}`, { svc_id: svcIds.get(code) });
    return box;
  };
  await cto({ code: 'CTO-CWB-01', name: 'CTO Marechal Deodoro', address: 'Rua Marechal Deodoro, 260 — Centro, Curitiba/PR', latitude: -25.4306, longitude: -49.2695, splitter_ratio: '1:16', port_count: 16 }, [[1, 'SVC-0004'], [2, 'SVC-0005']]);
  await cto({ code: 'CTO-CWB-02', name: 'CTO Getúlio Vargas', address: 'Av. Getúlio Vargas, 2000 — Rebouças, Curitiba/PR', latitude: -25.4514, longitude: -49.264, splitter_ratio: '1:2', port_count: 2 }, [[1, 'SVC-0003'], [2, 'SVC-0001']]);
  await cto({ code: 'CTO-PG-12', name: 'CTO Uvaranas 12', address: 'Av. Carlos Cavalcanti, 4748 — Uvaranas, Ponta Grossa/PR', latitude: -25.0905, longitude: -50.1063, splitter_ratio: '1:16', port_count: 16 }, [[1, 'SVC-0002']]);

  const bakery = await gestor<Row>('POST', '/viability', {
    client_name: 'Padaria Pão Quente Ltda',
    client_document: '45678901000175',
    contact_name: 'Joana Lima',
    contact_phone: '(41) 99876-5432',
    contact_email: 'joana@paoquente.com.br',
    service_type: 'internet_dedicada',
    bandwidth_mbps: 300,
    seller_id: ctx.userId.gestor,
    unit_organizational_id: ctx.unitId.CWB,
    notes: 'Cliente pediu IP fixo e instalação antes do Natal.',
  });
  const shop = await gestor<Row>('POST', `/viability/${bakery.id}/unit`, { name: 'Loja Centro', address: 'Rua Marechal Deodoro, 235 — Centro, Curitiba/PR', latitude: -25.4302, longitude: -49.2690, plan_id: dedicated300.id });
  const answer = await ctx.app.inject({ method: 'POST', url: `/api/viability/unit/viewer/${shop.public_hash}/accept`, payload: { name: 'Joana Lima', comment: 'Podem agendar a instalação.' } });
  if (answer.statusCode !== 200) throw new Error(`demo seed: accepting the bakery's proposal answered ${answer.statusCode} ${answer.body}`);

  const clinic = await gestor<Row>('POST', '/viability', {
    client_name: 'Clínica São Lucas',
    client_document: '98765432000198',
    contact_name: 'Dr. Ricardo Menezes',
    contact_phone: '(41) 3322-1100',
    contact_email: 'ti@clinicasaolucas.com.br',
    service_type: 'l2l',
    bandwidth_mbps: 500,
    seller_id: ctx.userId.gestor,
    unit_organizational_id: ctx.unitId.CWB,
  });
  await gestor('POST', `/viability/${clinic.id}/unit`, { name: 'Matriz Rebouças', address: 'Av. Getúlio Vargas, 2100 — Rebouças, Curitiba/PR', latitude: -25.4525, longitude: -49.2638, plan_id: dedicated500.id });
  await gestor('POST', `/viability/${clinic.id}/unit`, {
    name: 'Filial Campo Largo',
    address: 'Rua Xavier da Silva, 1500 — Centro, Campo Largo/PR',
    latitude: -25.4597,
    longitude: -49.5283,
    template_id: l2l.id,
    plan_id: l2l500.id,
    carrier: 'Vivo Empresas',
    carrier_quote: 'COT-2026-0114',
    carrier_monthly_cost: '2150.00',
    carrier_installation_cost: '1200.00',
  });

  // The Ponta Grossa tower (TR-PGO-01) has a 5 GHz radio: 2,2 km north of it is in reach, Carambeí (19 km) is not.
  const cooperative = await gestor<Row>('POST', '/viability', {
    client_name: 'Cooperativa Agrícola Campos Gerais',
    client_document: '24681357000140',
    contact_name: 'Eng. Paulo Kowalski',
    contact_phone: '(42) 3220-4455',
    contact_email: 'ti@coopcamposgerais.com.br',
    service_type: 'internet_dedicada',
    bandwidth_mbps: 100,
    seller_id: ctx.userId.gestor,
    unit_organizational_id: ctx.unitId.CWB,
  });
  await gestor('POST', `/viability/${cooperative.id}/unit`, { name: 'Sede Uvaranas', address: 'Rodovia PR-151, km 2 — Uvaranas, Ponta Grossa/PR', latitude: -25.0718, longitude: -50.1066, template_id: radio.id, plan_id: radio100.id });
  await gestor('POST', `/viability/${cooperative.id}/unit`, { name: 'Armazém Carambeí', address: 'Av. do Ouro, 300 — Carambeí/PR', latitude: -24.9178, longitude: -50.0969, template_id: radio.id, plan_id: radio100.id });

  await gestor('POST', '/viability', {
    client_name: 'Condomínio Jardim Botânico',
    client_document: '13579246000101',
    contact_name: 'Síndica Helena',
    contact_phone: '(41) 98811-2233',
    service_type: 'internet_dedicada',
    bandwidth_mbps: 1000,
    seller_id: ctx.userId.gestor,
    unit_organizational_id: ctx.unitId.CWB,
    notes: 'Aguardando a planta do condomínio para cadastrar as torres.',
  });
  return true;
}
