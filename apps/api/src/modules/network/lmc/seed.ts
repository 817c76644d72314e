import { and, eq, inArray } from 'drizzle-orm';
import type { DemoContext } from '../../../core/demo-context';
import { networkAssets, networkInterfaces } from '../asset/schema';
import { circuits } from '../circuit/schema';
import { sites } from '../site/schema';
import { lmcs } from './schema';

type Row = { id: number; code: string };

/**
 * The paths of the demo organization: two LMCs between the Curitiba POP and the Ponta
 * Grossa tower — one over the radio link, one over Vivo's circuit (down in the circuits' demo) —
 * grouped in an active-backup union (so it shows "degradada"), and customer SVCs riding on them.
 * Written through the API; skipped when the organization already has an LMC or lacks the demo network.
 */
export async function seedPathDemo(ctx: DemoContext): Promise<boolean> {
  const db = ctx.app.db;
  const [existing] = await db.select({ id: lmcs.id }).from(lmcs).where(eq(lmcs.organization_id, ctx.organizationId)).limit(1);
  if (existing) return false;
  const siteRows = await db.select({ id: sites.id, code: sites.code }).from(sites).where(and(eq(sites.organization_id, ctx.organizationId), inArray(sites.code, ['POP-CWB-01', 'TR-PGO-01'])));
  const site = (code: string) => siteRows.find((s) => s.code === code)?.id;
  const itfRows = await db
    .select({ asset: networkAssets.id, hostname: networkAssets.hostname, id: networkInterfaces.id, name: networkInterfaces.name })
    .from(networkInterfaces)
    .innerJoin(networkAssets, eq(networkAssets.id, networkInterfaces.asset_id))
    .where(and(eq(networkAssets.organization_id, ctx.organizationId), inArray(networkAssets.hostname, ['rt-borda-cwb-01', 'radio-pgo-01', 'rt-pgo-01'])));
  const [vivo] = await db.select({ id: circuits.id }).from(circuits).where(and(eq(circuits.organization_id, ctx.organizationId), eq(circuits.designation, 'VIVO-PGO-448812')));
  const end = (hostname: string, name: string) => {
    const r = itfRows.find((i) => i.hostname === hostname && i.name === name);
    if (!r) throw new Error(`demo interface ${hostname}:${name} missing`);
    return { asset: r.asset, itf: r.id };
  };
  if (!site('POP-CWB-01') || !site('TR-PGO-01') || !vivo || itfRows.length === 0) return false;
  const gestor = ctx.as('gestor');
  const lmc = (body: Record<string, unknown>) => gestor<Row>('POST', '/lmc', { site_a_id: site('POP-CWB-01'), site_b_id: site('TR-PGO-01'), status: 'ativo', ...body });
  const segment = (lmcId: number, from: ReturnType<typeof end>, to: ReturnType<typeof end>, body: Record<string, unknown>) =>
    gestor('POST', '/lmx', { lmc_id: lmcId, from_asset_id: from.asset, from_interface_id: from.itf, to_asset_id: to.asset, to_interface_id: to.itf, ...body });

  const radio = await lmc({ code: 'LMC-CWB-PGO-01', name: 'Curitiba ⇄ Ponta Grossa (rádio)', capacity_mbps: 1000, notes: 'Caminho principal pelo enlace airFiber.' });
  await segment(radio.id, end('rt-borda-cwb-01', 'ether2'), end('radio-pgo-01', 'wlan0'), { medium: 'radio', vlan_id: 210, capacity_mbps: 900, subnet: '10.255.10.0/30', notes: 'Enlace de 5 GHz, 62 km' });
  await segment(radio.id, end('radio-pgo-01', 'eth0'), end('rt-pgo-01', 'ether1'), { medium: 'fibra_propria', vlan_id: 210, capacity_mbps: 1000, notes: 'Cordão óptico no abrigo da torre' });
  const leased = await lmc({ code: 'LMC-CWB-PGO-02', name: 'Curitiba ⇄ Ponta Grossa (Vivo)', capacity_mbps: 500, notes: 'Caminho reserva pelo circuito da Vivo.' });
  await segment(leased.id, end('rt-borda-cwb-01', 'ether3'), end('rt-pgo-01', 'ether2'), { medium: 'circuito_operadora', circuit_id: vivo.id, vlan_id: 220, capacity_mbps: 500, subnet: '10.255.10.4/30' });
  await gestor('POST', '/union', { code: 'UN-CWB-PGO', name: 'Redundância Curitiba ⇄ Ponta Grossa', mode: 'active-backup', members: [{ lmc_id: radio.id }, { lmc_id: leased.id }], notes: 'O rádio é o principal; a Vivo assume em falha.' });

  // The MikroTik scripts' management: VLAN 100 and a block per site with its gateway.
  await gestor('PUT', '/organization-settings/mikrotik', {
    management_vlan: 100,
    management_networks: [
      { block: '10.10.0.0/24', gateway: '10.10.0.254' },
      { block: '10.30.0.0/24', gateway: '10.30.0.254' },
    ],
  });
  // Delivered at the tower router, each customer on its own port (the SVC's VLAN there).
  const svc = (body: Record<string, unknown>) => gestor('POST', '/svc', { type: 'internet_dedicada', status: 'ativo', ...body });
  await svc({ code: 'SVC-0001', client_name: 'Cooperativa Agroindustrial Campos Gerais', client_document: '11.444.777/0001-61', bandwidth_mbps: 300, vlan_id: 210, ip_block: '200.150.10.0/29', gateway: '200.150.10.1', lmc_id: radio.id, delivery_interface_id: end('rt-pgo-01', 'ether3').itf, contract: 'CT-2025-0142', activated_on: '2025-04-02' });
  await svc({ code: 'SVC-0002', client_name: 'Hospital Santa Clara de Ponta Grossa', client_document: '45.723.174/0001-10', bandwidth_mbps: 200, vlan_id: 210, ip_block: '200.150.10.8/30', gateway: '200.150.10.9', lmc_id: radio.id, delivery_interface_id: end('rt-pgo-01', 'ether4').itf, contract: 'CT-2025-0188', activated_on: '2025-06-17' });
  await svc({ code: 'SVC-0003', client_name: 'Escola Técnica Uvaranas', client_document: '19.131.243/0001-97', type: 'l2l', bandwidth_mbps: 100, vlan_id: 220, lmc_id: leased.id, status: 'em_ativacao' });
  await svc({ code: 'SVC-0004', client_name: 'Provedor Nuvem Sul (trânsito IPv6)', client_document: '27.865.757/0001-02', type: 'ip_transito', bandwidth_mbps: 1000, ip_block: '2001:db8:4400::/48', gateway: '2001:db8:4400::1', contract: 'CT-2024-0907', activated_on: '2024-11-05' });
  await svc({ code: 'SVC-0005', client_name: 'Mariana Duarte Souza', client_document: '529.982.247-25', type: 'voz', bandwidth_mbps: 1, status: 'suspenso', notes: 'Suspenso por inadimplência.' });
  return true;
}
