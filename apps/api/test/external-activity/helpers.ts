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

/** A technician (EXTERNAL_ACTIVITY holder) of the organization: works the orders assigned to them. */
export const makeTechnician = (t: TestApp, organizationId = t.platformOrganizationId) => t.createUser({ permissions: ['EXTERNAL_ACTIVITY'], organizationId });

/** A dispatcher: EXTERNAL_ACTIVITY and EXTERNAL_ACTIVITY_DISPATCH (assigns, edits, reschedules and cancels anyone's orders). */
export const makeDispatcher = (t: TestApp, organizationId = t.platformOrganizationId) => t.createUser({ permissions: ['EXTERNAL_ACTIVITY', 'EXTERNAL_ACTIVITY_DISPATCH'], organizationId });

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

/** A multipart/form-data body: text fields and one file (`file`). */
export function multipart(fields: Record<string, string>, file: { name: string; type: string; data: Buffer }) {
  const boundary = '----operacoes' + Math.random().toString(16).slice(2);
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`), file.data, Buffer.from(`\r\n--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
