import { and, eq } from 'drizzle-orm';
import type { DemoContext } from '../../core/demo-context';
import { patrimonies, products, sections, stocks } from '../warehouse';
import { shipmentSolicitations, shipments } from './schema';

type Row = { id: number };

/**
 * Shipments of the demo organization, from Curitiba to the São Paulo regional stock: requests
 * waiting, refused and approved, a shipment being prepared, one received through its public link
 * and one in transit whose receiving link works (logged at start). Needs the warehouse demo.
 * Idempotent: skipped when the organization already has a shipment request.
 */
export async function seedLogisticsDemo(ctx: DemoContext): Promise<{ receivingLink: string } | false> {
  const db = ctx.app.db;
  const [existing] = await db.select({ id: shipmentSolicitations.id }).from(shipmentSolicitations).where(eq(shipmentSolicitations.organization_id, ctx.organizationId)).limit(1);
  if (existing) return false;
  const byCode = async (table: typeof stocks | typeof products, code: string) => {
    const [row] = await db.select({ id: table.id }).from(table).where(and(eq(table.organization_id, ctx.organizationId), eq(table.code, code)));
    if (!row) throw new Error(`demo seed: ${code} is missing (the warehouse demo comes first)`);
    return row;
  };
  const central = await byCode(stocks, 'ALM-CWB');
  const regional = await byCode(stocks, 'EST-SP');
  const sectionOf = async (stock: Row, code: string) => (await db.select({ id: sections.id }).from(sections).where(and(eq(sections.stock_id, stock.id), eq(sections.code, code))))[0];
  const cables = await sectionOf(central, 'C1');
  const arrival = await sectionOf(regional, 'REC');
  /** Available items of a product in the central stock, oldest first. */
  const available = async (code: string, n: number) => {
    const product = await byCode(products, code);
    const rows = await db
      .select({ id: patrimonies.id })
      .from(patrimonies)
      .where(and(eq(patrimonies.product_id, product.id), eq(patrimonies.stock_id, central.id), eq(patrimonies.status, 'disponivel')))
      .orderBy(patrimonies.id);
    return rows.slice(-n).map((r) => ({ patrimony_id: r.id }));
  };
  const drop = await byCode(products, 'DROP-1F');
  const connector = await byCode(products, 'CON-SCAPC');
  const gestor = ctx.as('gestor');
  const toRegional = {
    origin_stock_id: central.id,
    destination_type: 'unidade',
    destination_unit_id: ctx.unitId.SP,
    destination_section_id: arrival.id,
    recipient_name: 'Luiz Fernando Araújo',
    recipient_email: 'tecnico@demotelecom.com.br',
  };
  const request = (justification: string, items: unknown[], extra: Record<string, unknown> = {}) => gestor<Row>('POST', '/shipment-solicitation', { ...toRegional, justification, items, ...extra });
  const approve = async (id: number) => (await gestor<{ shipment_id: number }>('POST', `/shipment-solicitation/${id}/approve`)).shipment_id;
  /** Every field of the shipment's details, so the request means the same whichever PUT rule applies. */
  const details = (id: number, d: Record<string, unknown>) =>
    gestor('PUT', `/shipment/${id}`, { carrier: null, tracking_code: null, invoice_number: null, volumes: null, weight_kg: null, expected_date: null, notes: null, ...d });
  const hashOf = async (id: number) => (await db.select({ hash: shipments.receiving_hash }).from(shipments).where(eq(shipments.id, id)))[0].hash!;

  // Received at São Paulo through the public link
  const first = await approve((await request('Abertura do estoque regional de São Paulo', [...(await available('ONU-EG8145', 2)), { product_id: connector.id, section_id: cables.id, quantity: 10 }])).id);
  await details(first, { carrier: 'Jadlog', tracking_code: 'JD0012345678', invoice_number: '7001', volumes: 1, weight_kg: 3.5, notes: 'Caixa lacrada' });
  await gestor('POST', `/shipment/${first}/dispatch`);
  const firstHash = await hashOf(first);
  const view = (await ctx.app.inject({ method: 'GET', url: `/api/receiving/${firstHash}` })).json() as { items: { id: number }[] };
  const received = await ctx.app.inject({ method: 'POST', url: `/api/receiving/${firstHash}`, payload: { name: 'Luiz Fernando Araújo', comment: 'Tudo certo.', items: view.items.map((i) => ({ id: i.id, status: 'recebido' })) } });
  if (received.statusCode !== 200) throw new Error(`demo seed: receiving answered ${received.statusCode} ${received.body}`);

  // In transit, its receiving link open
  const transit = await approve((await request('Reposição de CPE para ativações em São Paulo', [...(await available('RB750GR3', 2)), ...(await available('ONU-EG8145', 3)), { product_id: drop.id, section_id: cables.id, quantity: 200 }], { wanted_date: new Date(Date.now() + 5 * 86_400_000).toISOString().slice(0, 10) })).id);
  await details(transit, { carrier: 'Correios', tracking_code: 'BR123456789BR', invoice_number: '7002', volumes: 2, weight_kg: 12.8, expected_date: new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10), notes: 'Frágil: equipamentos ópticos' });
  await gestor('POST', `/shipment/${transit}/dispatch`);

  // Being prepared, waiting for approval, refused
  await approve((await request('Módulos ópticos para o POP Paulista', await available('SFP-GPON-CPLUS', 2))).id);
  await request('Conectores para a equipe de campo de SP', [{ product_id: connector.id, section_id: cables.id, quantity: 30 }], { wanted_date: new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10) });
  const refused = await request('Bobina extra de drop', [{ product_id: drop.id, section_id: cables.id, quantity: 500 }]);
  await gestor('POST', `/shipment-solicitation/${refused.id}/refuse`, { reason: 'O estoque de drop está abaixo do mínimo' });
  return { receivingLink: `${ctx.app.config.publicUrl}/receiving/${await hashOf(transit)}` };
}
