import { searchText } from '../../src/core/list';
import { unitsOrganizational } from '../../src/modules/unit-organizational/schema';
import { perOrganization, type TestApp } from '../helpers';
import { uid } from '../warehouse/helpers';

export type Fixture = { unitId: number; managerId: number; assigneeId: number; boss: Awaited<ReturnType<TestApp['createUser']>> };

/** A unit, a manager, an assignee and a PROJECT holder in an organization (cached per app). */
export const fixture = perOrganization(async (t, organizationId): Promise<Fixture> => {
  const k = uid();
  const [unit] = await t.app.db
    .insert(unitsOrganizational)
    .values({ organization_id: organizationId, name: `Regional ${k}`, code: `R${k}`, search_text: searchText(`Regional ${k}`) })
    .returning();
  const manager = await t.createUser({ permissions: ['PROJECT'], organizationId, nickname: `Gestora ${k}` });
  const assignee = await t.createUser({ permissions: ['PROJECT.INDEX'], organizationId, nickname: `Técnico ${k}` });
  const boss = await t.createUser({ permissions: ['PROJECT'], organizationId });
  return { unitId: unit.id, managerId: manager.id, assigneeId: assignee.id, boss };
});

export const projectBody = (f: Fixture, extra: Record<string, unknown> = {}) => ({
  code: `PRJ-${uid()}`,
  name: `Expansão FTTH ${uid()}`,
  client: 'Prefeitura de Ponta Grossa',
  manager_id: f.managerId,
  unit_organizational_id: f.unitId,
  starts_on: '2026-11-01',
  ends_on: '2027-02-28',
  budget: '250000,00',
  status: 'em_andamento',
  ...extra,
});

/** A project made through the API by the organization's PROJECT holder. */
export async function makeProject(t: TestApp, organizationId = t.platformOrganizationId, extra: Record<string, unknown> = {}) {
  const f = await fixture(t, organizationId);
  const res = await t.call('POST', '/api/project', f.boss.token, projectBody(f, extra));
  if (res.statusCode !== 201) throw new Error(`project: ${res.statusCode} ${res.body}`);
  return res.json() as { id: number; code: string; organization_id: number };
}

export async function makeTask(t: TestApp, token: string, projectId: number, body: Record<string, unknown> = {}) {
  const res = await t.call('POST', '/api/project/task', token, { project_id: projectId, title: `Tarefa ${uid()}`, starts_on: '2026-11-02', due_on: '2026-11-10', ...body });
  if (res.statusCode !== 201) throw new Error(`task: ${res.statusCode} ${res.body}`);
  return res.json() as { id: number; title: string; depends_on: number[] };
}
