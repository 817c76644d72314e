import { eq } from 'drizzle-orm';
import type { DemoContext } from '../../core/demo-context';
import { products } from '../warehouse';
import { viabilityTemplates } from './schema';

type Row = { id: number; code?: string; public_hash?: string | null };

/**
 * Viability studies of the demo organization, through the API: three unit templates
 * (FTTH, radio, third-party circuit; FTTH is the default), a bakery whose shop near the Curitiba
 * POP was accepted through its public link, a clinic with a unit that needs extra build and one
 * out of reach, and a new request with no unit yet. Seller: gestor (Marina).
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

  const ftth = await gestor<Row>('POST', '/viability/unit/template', {
    name: 'FTTH empresarial',
    medium: 'fibra_propria',
    items: [
      { product_id: product('DROP-1F'), quantity: 1.1, per_meter: true },
      { product_id: product('CON-SCAPC'), quantity: 2 },
      { product_id: product('TUB-45'), quantity: 2 },
      { product_id: product('ABR-200'), quantity: 0.05, per_meter: true },
      { product_id: product('ONU-EG8145'), quantity: 1 },
    ],
    labour_cost: '180.00',
    labour_per_meter: '0.90',
    notes: 'Drop a partir da CTO mais próxima do POP; ONU em comodato.',
  });
  await gestor('POST', '/viability/unit/template', {
    name: 'Rádio PTP 5 GHz',
    medium: 'radio',
    items: [{ product_id: product('RB750GR3'), quantity: 1 }],
    labour_cost: '450.00',
    notes: 'Enlace ponto a ponto com visada até a torre; exige vistoria de visada.',
  });
  const l2l = await gestor<Row>('POST', '/viability/unit/template', {
    name: 'Circuito de terceiro (L2L)',
    medium: 'circuito_terceiro',
    items: [{ product_id: product('RB750GR3'), quantity: 1 }],
    labour_cost: '300.00',
    monthly_cost: '850.00',
    notes: 'Última milha contratada de operadora parceira.',
  });
  await gestor('PUT', '/organization-settings/viability', { default_template_id: ftth.id });

  const bakery = await gestor<Row>('POST', '/viability', {
    client_name: 'Padaria Pão Quente Ltda',
    client_document: '45678901000175',
    contact_name: 'Joana Lima',
    contact_phone: '(41) 99876-5432',
    contact_email: 'joana@paoquente.com.br',
    service_type: 'internet_dedicada',
    bandwidth_mbps: 300,
    seller_id: ctx.userId.gestor,
    notes: 'Cliente pediu IP fixo e instalação antes do Natal.',
  });
  const shop = await gestor<Row>('POST', `/viability/${bakery.id}/unit`, { name: 'Loja Centro', address: 'Rua Marechal Deodoro, 235 — Centro, Curitiba/PR', latitude: -25.4302, longitude: -49.2690 });
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
  });
  await gestor('POST', `/viability/${clinic.id}/unit`, { name: 'Matriz Rebouças', address: 'Av. Getúlio Vargas, 2100 — Rebouças, Curitiba/PR', latitude: -25.4525, longitude: -49.2638 });
  await gestor('POST', `/viability/${clinic.id}/unit`, { name: 'Filial Campo Largo', address: 'Rua Xavier da Silva, 1500 — Centro, Campo Largo/PR', latitude: -25.4597, longitude: -49.5283, template_id: l2l.id });

  await gestor('POST', '/viability', {
    client_name: 'Condomínio Jardim Botânico',
    client_document: '13579246000101',
    contact_name: 'Síndica Helena',
    contact_phone: '(41) 98811-2233',
    service_type: 'internet_dedicada',
    bandwidth_mbps: 1000,
    seller_id: ctx.userId.gestor,
    notes: 'Aguardando a planta do condomínio para cadastrar as torres.',
  });
  return true;
}
