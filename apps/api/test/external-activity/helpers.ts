import type { TestApp } from '../helpers';
import { uid } from '../network/helpers';

export const CHECKLIST = [
  { label: 'Equipamento energizado', kind: 'sim_nao', required: true },
  { label: 'Potência óptica (dBm)', kind: 'numero', required: true },
  { label: 'Observações', kind: 'texto', required: false },
];

/** An assistance type made through the API by an `ASSISTANCE_TYPE` holder of the organization. */
export async function makeType(t: TestApp, organizationId = t.platformOrganizationId, body: Record<string, unknown> = {}) {
  const boss = await t.createUser({ permissions: ['ASSISTANCE_TYPE'], organizationId });
  const res = await t.call('POST', '/api/external-activity/assistance-type', boss.token, { name: `Instalação ${uid()}`, sla_hours: 24, checklist: CHECKLIST, ...body });
  if (res.statusCode !== 201) throw new Error(`type: ${res.statusCode} ${res.body}`);
  return res.json() as { id: number; checklist: { key: string; label: string; kind: string; required: boolean }[] };
}

/** A technician (EXTERNAL_ACTIVITY holder) of the organization. */
export const makeTechnician = (t: TestApp, organizationId = t.platformOrganizationId) => t.createUser({ permissions: ['EXTERNAL_ACTIVITY'], organizationId });

export const activityBody = (typeId: number, technicianIds: number[], extra: Record<string, unknown> = {}) => ({
  assistance_type_id: typeId,
  client_name: 'Padaria Pão Dourado',
  client_document: '11.444.777/0001-61',
  client_phone: '(41) 99876-5432',
  address: 'Rua XV de Novembro, 1200',
  technician_ids: technicianIds,
  ...extra,
});

const shared = new WeakMap<TestApp, ReturnType<typeof makeType>>();
/** One type per test app (so that bodies made apart still name the same type). */
export function sharedType(t: TestApp) {
  let type = shared.get(t);
  if (!type) shared.set(t, (type = makeType(t)));
  return type;
}
