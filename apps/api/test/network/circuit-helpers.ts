import type { TestApp } from '../helpers';
import { makeSite, uid } from './helpers';

/** A valid circuit body between two new sites of the organization. */
export async function circuitBody(t: TestApp, organizationId = t.platformOrganizationId, extra: Record<string, unknown> = {}) {
  const [a, b] = [await makeSite(t, organizationId), await makeSite(t, organizationId)];
  return {
    carrier: 'Embratel',
    designation: `EBT-${uid()}`,
    type: 'link_dedicado',
    bandwidth_mbps: 500,
    site_a_id: a.id,
    site_b_id: b.id,
    monthly_cost: '2890,50',
    installed_on: '2025-03-10',
    contract_ends_on: '2027-03-10',
    sla_percent: 99.5,
    support_contacts: [{ name: 'NOC Embratel', phone: '0800 721 1021', email: 'noc@embratel.example' }],
    ...extra,
  };
}

/** A circuit made through the API by an OPERATOR_CIRCUIT holder of the organization. */
export async function makeCircuit(t: TestApp, organizationId = t.platformOrganizationId, extra: Record<string, unknown> = {}): Promise<{ id: number; designation: string; carrier: string }> {
  const boss = await t.createUser({ permissions: ['OPERATOR_CIRCUIT'], organizationId });
  const res = await t.call('POST', '/api/circuit', boss.token, await circuitBody(t, organizationId, extra));
  if (res.statusCode !== 201) throw new Error(`circuit: ${res.statusCode} ${res.body}`);
  return res.json();
}
