import { eq } from 'drizzle-orm';
import type { DemoContext } from '../../core/demo-context';
import { stocks } from './stock/schema';

type Row = { id: number };
type Item = { id: number; tag: string };

/** Serials that read like a vendor's: a prefix and a zero-padded counter. */
const serials = (prefix: string, from: number, n: number) => Array.from({ length: n }, (_, i) => `${prefix}${String(from + i).padStart(6, '0')}`);
const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);

/**
 * The warehouse of the demo organization: two stocks with sections, a dozen telecom products
 * (some consumables below their minimum), ~50 patrimony items in every status, out-requests
 * waiting, approved, delivered, refused and being returned, each step with its movements, and the
 * technician Luiz's van (drop cable, connectors and two ONUs).
 * Idempotent: skipped when the organization already has a stock.
 */
export async function seedWarehouseDemo(ctx: DemoContext): Promise<boolean> {
  const [existing] = await ctx.app.db.select({ id: stocks.id }).from(stocks).where(eq(stocks.organization_id, ctx.organizationId)).limit(1);
  if (existing) return false;
  const gestor = ctx.as('gestor');
  const almoxarife = ctx.as('almoxarife');
  const tecnico = ctx.as('tecnico');

  // Stocks and sections
  const central = await gestor<Row>('POST', '/stock', { name: 'Almoxarifado Central', code: 'ALM-CWB', unit_organizational_id: ctx.unitId.ALM, address: 'Rua XV de Novembro, 1000 — Curitiba/PR', description: 'Estoque principal da rede FTTH.' });
  const regional = await gestor<Row>('POST', '/stock', { name: 'Estoque Regional São Paulo', code: 'EST-SP', unit_organizational_id: ctx.unitId.SP, address: 'Av. Paulista, 2000 — São Paulo/SP' });
  const section = async (stock: Row, code: string, name: string, description?: string) => gestor<Row>('POST', '/section', { stock_id: stock.id, code, name, description });
  const shelfA = await section(central, 'A1', 'Prateleira A1 — CPE', 'ONUs e roteadores de cliente');
  const shelfB = await section(central, 'B1', 'Prateleira B1 — óptica', 'Módulos SFP e placas de OLT');
  const cables = await section(central, 'C1', 'Bobinas e consumíveis', 'Cabos, conectores e acessórios de emenda');
  const bench = await section(central, 'LAB', 'Bancada de testes', 'Equipamentos em teste ou manutenção');
  const cage = await section(regional, 'G1', 'Gaiola 1');
  await section(regional, 'REC', 'Recebimento', 'Itens recebidos de Curitiba');

  // Products: patrimony (one item each) and consumables (quantities)
  const product = (body: Record<string, unknown>) => gestor<Row>('POST', '/product', body);
  const onu = await product({ code: 'ONU-EG8145', name: 'ONU GPON Huawei EG8145V5', category: 'CPE', tracking: 'patrimonio', manufacturer: 'Huawei', model: 'EG8145V5', price: '289.90', minimum_quantity: 10 });
  const hex = await product({ code: 'RB750GR3', name: 'Roteador MikroTik hEX', category: 'CPE', tracking: 'patrimonio', manufacturer: 'MikroTik', model: 'RB750Gr3', price: '459.00', minimum_quantity: 3 });
  const sfp = await product({ code: 'SFP-GPON-CPLUS', name: 'Módulo SFP GPON classe C+', category: 'Óptica', tracking: 'patrimonio', manufacturer: 'Huawei', model: 'C+', price: '320.00', minimum_quantity: 4 });
  const sfp10 = await product({ code: 'SFP-10G-LR', name: 'Módulo SFP+ 10G LR 1310 nm', category: 'Óptica', tracking: 'patrimonio', manufacturer: 'FiberHome', price: '180.00' });
  const olt = await product({ code: 'OLT-GPHF', name: 'Placa OLT GPON 16 portas (GPHF)', category: 'OLT', tracking: 'patrimonio', manufacturer: 'Huawei', model: 'H901GPHF', price: '14500.00', minimum_quantity: 1 });
  const fusion = await product({ code: 'FUS-41S', name: 'Fusionadora de fibra óptica', category: 'Ferramentas', tracking: 'patrimonio', manufacturer: 'Fujikura', model: '41S+', price: '38900.00' });
  const otdr = await product({ code: 'OTDR-715B', name: 'OTDR EXFO MaxTester', category: 'Ferramentas', tracking: 'patrimonio', manufacturer: 'EXFO', model: 'MAX-715B', price: '42000.00' });
  const meter = await product({ code: 'PM-1310', name: 'Power meter óptico', category: 'Ferramentas', tracking: 'patrimonio', manufacturer: 'Fiberlink', price: '650.00' });
  const drop = await product({ code: 'DROP-1F', name: 'Cabo drop 1 fibra', category: 'Cabos', tracking: 'consumivel', unit_of_measure: 'm', price: '0.62', minimum_quantity: 2000 });
  const connector = await product({ code: 'CON-SCAPC', name: 'Conector SC/APC de campo', category: 'Conectores', tracking: 'consumivel', unit_of_measure: 'un', price: '3.90', minimum_quantity: 200 });
  const sleeve = await product({ code: 'TUB-45', name: 'Tubete protetor de emenda 45 mm', category: 'Emenda', tracking: 'consumivel', unit_of_measure: 'un', price: '0.15', minimum_quantity: 300 });
  const strap = await product({ code: 'ABR-200', name: 'Abraçadeira de nylon 200 mm', category: 'Acessórios', tracking: 'consumivel', unit_of_measure: 'pc', price: '0.08', minimum_quantity: 500 });
  const splitter = await product({ code: 'SPL-1X8', name: 'Splitter PLC 1x8 SC/APC', category: 'Óptica', tracking: 'consumivel', unit_of_measure: 'un', price: '38.50', minimum_quantity: 20 });

  // Patrimony entries (each with its "entrada" movement)
  const bulk = async (p: Row, s: Row, list: string[], extra: Record<string, unknown>) => (await almoxarife<{ items: Item[] }>('POST', '/patrimony/bulk', { product_id: p.id, section_id: s.id, serials: list, ...extra })).items;
  const nf = (n: number, supplier: string, days: number) => ({ invoice_number: String(n), supplier, acquisition_date: daysAgo(days) });
  const onus = await bulk(onu, shelfA, serials('48575443A', 1001, 20), { ...nf(45871, 'Huawei do Brasil', 60), acquisition_value: '289.90' });
  const hexes = await bulk(hex, shelfA, serials('HEX7A0', 301, 8), { ...nf(45902, 'MikroTik Distribuidora', 45), acquisition_value: '459.00' });
  const sfps = await bulk(sfp, shelfB, serials('SFPC', 5501, 8), { ...nf(45911, 'Huawei do Brasil', 40), acquisition_value: '320.00' });
  const sfp10s = await bulk(sfp10, shelfB, serials('FH10G', 71, 4), nf(45990, 'FiberHome', 20));
  await bulk(olt, cage, serials('GPHF21', 11, 2), { ...nf(45520, 'Huawei do Brasil', 120), condition: 'bom' });
  const meters = await bulk(meter, bench, serials('PM13', 901, 2), nf(45330, 'Fiberlink', 200));
  const create = (body: Record<string, unknown>) => almoxarife<Item>('POST', '/patrimony', body);
  // With a holder from the start ("em uso"), and in maintenance on the test bench
  await create({ product_id: fusion.id, serial: 'FSM41S-20981', holder_user_id: ctx.userId.tecnico, condition: 'bom', ...nf(44120, 'Fujikura Brasil', 400), notes: 'Kit completo com clivador CT-50.' });
  await create({ product_id: fusion.id, serial: 'FSM41S-21544', section_id: bench.id, condition: 'regular', status: 'manutencao', notes: 'Arco elétrico instável: enviada para calibração.', ...nf(44120, 'Fujikura Brasil', 400) });
  // The splicer in the cage: the schedule's splicing job reserves it (the other two are out).
  await create({ product_id: fusion.id, serial: 'FSM41S-22310', section_id: cage.id, condition: 'novo', notes: 'Reserve na agenda antes de levar a campo.', ...nf(45710, 'Fujikura Brasil', 90) });
  await create({ product_id: otdr.id, serial: 'EXFO-715B-66120', holder_user_id: ctx.userId.gestor, condition: 'bom', ...nf(44380, 'EXFO', 300) });
  await create({ product_id: otdr.id, serial: 'EXFO-715B-66121', section_id: bench.id, status: 'manutencao', condition: 'danificado', notes: 'Conector do módulo de testes quebrado.', ...nf(44380, 'EXFO', 300) });
  await create({ product_id: hex.id, serial: 'HEX7A0000299', holder_user_id: ctx.userId.gestor, condition: 'bom', notes: 'Roteador do laboratório da matriz.' });

  // Consumables: entries with invoices, a transfer, an inventory count and a loss
  const entry = (p: Row, s: Row, quantity: number, invoice: string, supplier: string, unit_price?: string) => almoxarife('POST', '/consumable/entry', { product_id: p.id, section_id: s.id, quantity, invoice_number: invoice, supplier, unit_price });
  await entry(drop, cables, 1500, '46010', 'Furukawa', '0.62');
  await entry(connector, cables, 150, '46011', 'Furukawa', '3.90');
  await entry(sleeve, cables, 1000, '46011', 'Furukawa', '0.15');
  await entry(strap, cables, 2000, '46012', 'Hellermann', '0.08');
  await entry(splitter, cables, 12, '46013', 'Furukawa', '38.50');
  await entry(drop, cage, 800, '46020', 'Furukawa', '0.62');
  await almoxarife('POST', '/consumable/transfer', { product_id: sleeve.id, from_section_id: cables.id, to_section_id: cage.id, quantity: 200, reason: 'Reposição da regional SP' });
  await almoxarife('POST', '/consumable/adjustment', { product_id: connector.id, section_id: cables.id, counted_quantity: 148, reason: 'Inventário mensal: 2 conectores a menos' });
  await almoxarife('POST', '/consumable/write-off', { product_id: strap.id, section_id: cables.id, quantity: 50, reason: 'Lote ressecado, descartado' });

  // Out-requests (tecnico asks; gestor decides; almoxarife delivers)
  const ask = (reason: string, items: unknown[], extra: Record<string, unknown> = {}) => tecnico<Row>('POST', '/patrimony-solicitation', { reason, stock_id: central.id, items, ...extra });
  const delivered = await ask('Ativações FTTH da semana no bairro Água Verde', [...onus.slice(0, 3).map((i) => ({ patrimony_id: i.id })), { product_id: drop.id, quantity: 300 }, { product_id: connector.id, quantity: 20 }]);
  await gestor('POST', `/patrimony-solicitation/${delivered.id}/approve`, { reason: 'Ordem de serviço confirmada' });
  await almoxarife('POST', `/patrimony-solicitation/${delivered.id}/deliver`, { note: 'Retirado no balcão' });
  await tecnico('POST', `/my-patrimony/${onus[0].id}/confirm`);
  const kit = await ask('Kit de emergência para manutenção de backbone', [{ patrimony_id: sfps[0].id }, { patrimony_id: sfps[1].id }, { patrimony_id: meters[0].id }], { destination_type: 'unidade', destination_unit_id: ctx.unitId.SP });
  await gestor('POST', `/patrimony-solicitation/${kit.id}/approve`);
  await almoxarife('POST', `/patrimony-solicitation/${kit.id}/deliver`);
  await almoxarife('POST', `/patrimony-solicitation/${kit.id}/return`, { note: 'Devolvido após a manutenção do backbone' });
  const approved = await ask('Troca de CPE de clientes corporativos', [{ patrimony_id: hexes[0].id }, { patrimony_id: hexes[1].id }]);
  await gestor('POST', `/patrimony-solicitation/${approved.id}/approve`, { reason: 'Aprovado: retirar até sexta' });
  await ask('Ampliação do POP Centro: novas portas PON', [{ patrimony_id: sfps[2].id }, { patrimony_id: sfps[3].id }, { patrimony_id: onus[3].id }, { product_id: sleeve.id, quantity: 50 }], { destination_note: 'POP Centro, rack 3' });
  await ask('Substituição de ONU com defeito (cliente 10482)', [{ patrimony_id: onus[4].id }]);
  const refused = await ask('Roteador reserva para uso pessoal em home office', [{ patrimony_id: hexes[2].id }]);
  await gestor('POST', `/patrimony-solicitation/${refused.id}/refuse`, { reason: 'Equipamento reservado para clientes' });
  const cancelled = await ask('Teste de atenuação no anel sul', [{ patrimony_id: meters[1].id }]);
  await tecnico('POST', `/patrimony-solicitation/${cancelled.id}/cancel`, { reason: 'Atividade reagendada' });
  // The holder gives one item back (a return waiting to be received)
  await tecnico('POST', `/my-patrimony/${onus[2].id}/return`, { reason: 'Cliente cancelou a instalação' });

  // Luiz's van: his own stock on the road, loaded from the central warehouse (a movement per product and item);
  // the first free ONUs (the logistics demo ships the last ones of the central stock)
  const van = await gestor<Row>('POST', '/section', { stock_id: central.id, code: 'VAN-LUIZ', name: 'Van do Luiz', description: 'Fiorino placa BRA2E19', technician_id: ctx.userId.tecnico });
  await almoxarife('POST', `/van/${van.id}/transfer`, { from_section_id: cables.id, consumables: [{ product_id: drop.id, quantity: 200 }, { product_id: connector.id, quantity: 30 }], reason: 'Carga semanal da van' });
  await almoxarife('POST', `/van/${van.id}/transfer`, { from_section_id: shelfA.id, patrimony_ids: [onus[5].id, onus[6].id], reason: 'Carga semanal da van' });

  // Written off (baixa), with its movement
  await almoxarife('DELETE', `/patrimony/${onus[19].id}`);
  await almoxarife('DELETE', `/patrimony/${sfp10s[3].id}`);
  return true;
}
