import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { projectTasks } from '../../src/modules/project/schema';
import { notifications } from '../../src/modules/notification/schema';
import { createTestApp, type TestApp } from '../helpers';
import { activityBody, makeTechnician, makeType } from '../external-activity/helpers';
import { type Place, place, uid } from '../warehouse/helpers';
import { type Fixture, fixture, makeProject, makeTask } from './helpers';

describe('projects: dependencies, cost, dashboard and access', () => {
  let t: TestApp;
  let f: Fixture;
  let p: Place;

  beforeAll(async () => {
    t = await createTestApp();
    f = await fixture(t);
    p = await place(t);
  });
  afterAll(() => t?.close());

  const tasksOf = async (projectId: number) => (await t.call('GET', `/api/project/${projectId}/task`, f.boss.token)).json() as { id: number; title: string; depends_on: number[] }[];

  it('refuses a dependency cycle (422 naming it) and changes nothing', async () => {
    const project = await makeProject(t);
    const a = await makeTask(t, f.boss.token, project.id, { title: 'Projeto executivo' });
    const b = await makeTask(t, f.boss.token, project.id, { title: 'Lançamento de cabos', depends_on: [a.id] });
    const c = await makeTask(t, f.boss.token, project.id, { title: 'Fusões', depends_on: [b.id] });
    const before = await tasksOf(project.id);

    const cycle = await t.call('PUT', `/api/project/task/${a.id}`, f.boss.token, { depends_on: [c.id], title: 'Projeto executivo revisado' });
    expect(cycle.statusCode, cycle.body).toBe(422);
    expect(cycle.json().violations[0]).toMatchObject({ propertyPath: 'depends_on' });
    expect(cycle.json().violations[0].message).toBe('Dependência circular: "Projeto executivo" → "Fusões" → "Lançamento de cabos" → "Projeto executivo". Remova uma das dependências.');
    const self = await t.call('PUT', `/api/project/task/${b.id}`, f.boss.token, { depends_on: [b.id] });
    expect(self.statusCode).toBe(422);
    expect(self.json().violations[0].message).toBe('Uma tarefa não pode depender de si mesma');
    const elsewhere = await makeTask(t, f.boss.token, (await makeProject(t)).id);
    const stranger = await t.call('PUT', `/api/project/task/${c.id}`, f.boss.token, { depends_on: [elsewhere.id] });
    expect(stranger.statusCode).toBe(422);
    // A PUT of one date is checked against the other one kept.
    const early = await t.call('PUT', `/api/project/task/${c.id}`, f.boss.token, { due_on: '2026-10-01' });
    expect(early.statusCode).toBe(422);
    expect(early.json().violations).toEqual([{ propertyPath: 'due_on', message: 'O término deve ser igual ou posterior ao início' }]);
    expect((await t.call('PUT', `/api/project/${project.id}`, f.boss.token, { ends_on: '2020-01-01' })).statusCode).toBe(422);
    expect(await tasksOf(project.id)).toEqual(before);

    // A legal change passes; deleting a task drops it from the others' dependencies.
    expect((await t.call('PUT', `/api/project/task/${c.id}`, f.boss.token, { depends_on: [a.id, b.id] })).statusCode).toBe(200);
    expect((await t.call('DELETE', `/api/project/task/${b.id}`, f.boss.token)).statusCode).toBe(204);
    const [after] = await t.app.db.select().from(projectTasks).where(eq(projectTasks.id, c.id));
    expect(after.depends_on).toEqual([a.id]);
  });

  it('notifies the assignee when a task is assigned to them', async () => {
    const project = await makeProject(t);
    const task = await makeTask(t, f.boss.token, project.id, { title: 'Vistoria de postes', assignee_id: f.assigneeId });
    const mine = await t.app.db.select().from(notifications).where(and(eq(notifications.user_id, f.assigneeId)));
    expect(mine.some((n) => n.title.includes('Vistoria de postes') && n.link === `/project/edit/${project.id}`)).toBe(true);
    expect(task).toMatchObject({ assignee: { id: f.assigneeId } });
  });

  it('sums the cost in numeric: write-offs, out-requests with destination projeto and linked activities (exact cents)', async () => {
    const project = await makeProject(t, undefined, { budget: '10000,00' });
    const boss = p.bossToken;
    const ok = async (method: string, url: string, token: string, body?: unknown) => {
      const res = await t.call(method, url, token, body);
      expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(300);
      return res.json();
    };
    const splicer = await ok('POST', '/api/product', boss, { code: `SPL${uid()}`, name: `Splitter 1x8 ${uid()}`, tracking: 'consumivel', price: '1234,56' });
    const tape = await ok('POST', '/api/product', boss, { code: `FIT${uid()}`, name: `Fita isolante ${uid()}`, tracking: 'consumivel', price: '0,10' });
    for (const product of [splicer, tape]) await ok('POST', '/api/consumable/entry', boss, { product_id: product.id, section_id: p.sectionId, quantity: 20 });

    // A write-off naming the project: 3 × 1234.56.
    await ok('POST', '/api/consumable/write-off', boss, { product_id: splicer.id, section_id: p.sectionId, quantity: 3, reason: 'Instalação na caixa CTO-12', project_id: project.id });
    // Another organization's project is refused.
    const foreign = await makeProject(t, await t.createOrganization('Outra Telecom'));
    const refused = await t.call('POST', '/api/consumable/write-off', boss, { product_id: splicer.id, section_id: p.sectionId, quantity: 1, reason: 'Teste', project_id: foreign.id });
    expect(refused.statusCode).toBe(422);

    // An out-request whose destination is the project, delivered: 1 × 0.10.
    const requester = await t.createUser({ permissions: ['PATRIMONY_OUT_REQUEST'] });
    const manager = await t.createUser({ permissions: ['WAREHOUSE', 'PATRIMONY_OUT_REQUEST'] });
    const storekeeper = await t.createUser({ permissions: ['PATRIMONY', 'PATRIMONY_OUT_REQUEST.INDEX'] });
    const noProject = await t.call('POST', '/api/patrimony-solicitation', requester.token, { reason: 'Material da obra', destination_type: 'projeto', items: [{ product_id: tape.id, quantity: 1 }] });
    expect(noProject.statusCode).toBe(422);
    expect((await t.call('POST', '/api/patrimony-solicitation', requester.token, { reason: 'Material da obra', destination_type: 'projeto', destination_project_id: foreign.id, items: [{ product_id: tape.id, quantity: 1 }] })).statusCode).toBe(422);
    const s = await ok('POST', '/api/patrimony-solicitation', requester.token, { reason: 'Material da obra', destination_type: 'projeto', destination_project_id: project.id, items: [{ product_id: tape.id, quantity: 1 }] });
    expect(s.destination_project).toEqual({ id: project.id, code: project.code, name: expect.any(String) });
    await ok('POST', `/api/patrimony-solicitation/${s.id}/approve`, manager.token, {});
    await ok('POST', `/api/patrimony-solicitation/${s.id}/deliver`, storekeeper.token, { section_id: p.sectionId });

    // A linked activity: its type's visit cost (150.00) plus the materials it used (2 × 0.10).
    const type = await makeType(t, undefined, { visit_cost: '150,00' });
    expect(type).toMatchObject({ visit_cost: '150.00' });
    const tech = await makeTechnician(t);
    const planner = await t.createUser({ permissions: ['EXTERNAL_ACTIVITY', 'EXTERNAL_ACTIVITY_DISPATCH'] });
    const activity = await ok('POST', '/api/external-activity', planner.token, activityBody(type.id, [tech.id], { scheduled_start: '2026-11-25T09:00:00-03:00' }));
    for (const verb of ['schedule', 'depart', 'start']) await ok('POST', `/api/external-activity/${activity.id}/${verb}`, tech.token, {});
    await ok('POST', `/api/external-activity/${activity.id}/materials`, tech.token, { kind: 'consumivel', product_id: tape.id, section_id: p.sectionId, quantity: 2 });
    const cancelled = await ok('POST', '/api/external-activity', planner.token, activityBody(type.id, [tech.id]));
    await ok('POST', `/api/external-activity/${cancelled.id}/cancel`, planner.token, { reason: 'Cliente desistiu' });

    const readOnly = await t.createUser({ permissions: ['PROJECT.INDEX'] });
    expect((await t.call('POST', `/api/project/${project.id}/activity`, readOnly.token, { activity_id: activity.id })).statusCode).toBe(403);
    const options = (await t.call('GET', `/api/project/${project.id}/activity-options?search=${activity.code}`, f.boss.token)).json() as { id: number }[];
    expect(options.map((o) => o.id)).toContain(activity.id);
    const linked = await ok('POST', `/api/project/${project.id}/activity`, f.boss.token, { activity_id: activity.id });
    expect(linked).toEqual([expect.objectContaining({ id: activity.id, cost: '150.20' })]);
    await ok('POST', `/api/project/${project.id}/activity`, f.boss.token, { activity_id: cancelled.id });
    const foreignActivity = await t.call('POST', `/api/project/${project.id}/activity`, f.boss.token, { activity_id: 999999 });
    expect(foreignActivity.statusCode).toBe(422);

    const dash = await ok('GET', `/api/project/${project.id}/dashboard`, readOnly.token);
    // 3 × 1234.56 + 0.10 = 3703.78 of materials; 150.00 + 0.20 of activities.
    expect(dash.cost).toMatchObject({ materials: '3703.78', activities: '150.20', total: '3853.98', budget: '10000.00' });
    expect(dash.cost.by_date.at(-1).cumulative).toBe('3853.98');
    expect(dash.activities.find((a: { id: number }) => a.id === cancelled.id).cost).toBe('0.00');

    // Unlinking takes the activity out of the cost.
    await ok('DELETE', `/api/project/${project.id}/activity/${activity.id}`, f.boss.token);
    expect((await ok('GET', `/api/project/${project.id}/dashboard`, f.boss.token)).cost.total).toBe('3703.78');
    expect((await t.call('DELETE', `/api/project/${project.id}/activity/${activity.id}`, f.boss.token)).statusCode).toBe(404);
    // A project warehouse movements name cannot be deleted.
    const del = await t.call('DELETE', `/api/project/${project.id}`, f.boss.token);
    expect(del.statusCode).toBe(409);
    expect(del.json().message).toContain('movimentação de almoxarifado');
  });

  it('computes progress weighted by duration, tasks by status, late tasks and next milestones', async () => {
    const project = await makeProject(t);
    // 10 days done, 30 days at 50 %, a 1-day milestone due long ago, still open.
    await makeTask(t, f.boss.token, project.id, { title: 'Projeto', starts_on: '2026-01-01', due_on: '2026-01-10', status: 'concluida' });
    await makeTask(t, f.boss.token, project.id, { title: 'Obra', starts_on: '2026-01-11', due_on: '2026-02-09', progress: 50, status: 'em_andamento' });
    await makeTask(t, f.boss.token, project.id, { title: 'Entrega', starts_on: '2026-02-10', due_on: '2026-02-10', milestone: true });
    await makeTask(t, f.boss.token, project.id, { title: 'Ativação', starts_on: '2999-01-10', due_on: '2999-01-10', milestone: true });
    const dash = (await t.call('GET', `/api/project/${project.id}/dashboard`, f.boss.token)).json();
    // (10 × 100 + 30 × 50 + 1 × 0 + 1 × 0) / 42 = 59.52…
    expect(dash.progress).toBe(59.5);
    expect(dash.tasks_by_status).toEqual([
      { status: 'a_fazer', count: 2 },
      { status: 'em_andamento', count: 1 },
      { status: 'bloqueada', count: 0 },
      { status: 'concluida', count: 1 },
    ]);
    expect(dash.late_tasks.map((x: { title: string }) => x.title)).toEqual(['Obra', 'Entrega']);
    expect(dash.next_milestones.map((x: { title: string }) => x.title)).toEqual(['Entrega', 'Ativação']);
    expect(dash.cost).toMatchObject({ total: '0.00', by_date: [] });
  });

  it("hides another organization's project and tasks (404), lets .INDEX users read only, and refuses users without PROJECT (403)", async () => {
    const project = await makeProject(t);
    const task = await makeTask(t, f.boss.token, project.id);
    const other = await t.createOrganization('Concorrente');
    const outsider = await t.createUser({ permissions: ['PROJECT'], organizationId: other });
    for (const url of [`/api/project/${project.id}`, `/api/project/${project.id}/dashboard`, `/api/project/${project.id}/task`, `/api/project/${project.id}/activity`, `/api/project/task/${task.id}`]) {
      expect((await t.call('GET', url, outsider.token)).statusCode, url).toBe(404);
    }
    expect((await t.call('PUT', `/api/project/task/${task.id}`, outsider.token, { progress: 90 })).statusCode).toBe(404);
    expect((await t.call('POST', `/api/project/${project.id}/task`, outsider.token, { title: 'Alheia', starts_on: '2026-11-01', due_on: '2026-11-02' })).statusCode).toBe(404);
    expect((await t.call('POST', `/api/project/${project.id}/activity`, outsider.token, { activity_id: 1 })).statusCode).toBe(404);

    // The nested path creates in the project of the path, with the same rules.
    const nested = await t.call('POST', `/api/project/${project.id}/task`, f.boss.token, { title: 'Vistoria final', starts_on: '2026-12-01', due_on: '2026-12-02', depends_on: [task.id] });
    expect(nested.statusCode, nested.body).toBe(201);
    expect(nested.json()).toMatchObject({ project_id: project.id, title: 'Vistoria final', depends_on: [task.id] });
    expect((await t.call('POST', `/api/project/${project.id}/task`, f.boss.token, { title: 'X', starts_on: '2026-12-02', due_on: '2026-12-01' })).statusCode).toBe(422);
    const reader = await t.createUser({ permissions: ['PROJECT.INDEX'] });
    expect((await t.call('GET', `/api/project/${project.id}/dashboard`, reader.token)).statusCode).toBe(200);
    expect((await t.call('GET', `/api/project/${project.id}/task`, reader.token)).statusCode).toBe(200);
    expect((await t.call('PUT', `/api/project/task/${task.id}`, reader.token, { progress: 90 })).statusCode).toBe(403);
    expect((await t.call('POST', '/api/project/task', reader.token, { project_id: project.id, title: 'X', starts_on: '2026-11-01', due_on: '2026-11-02' })).statusCode).toBe(403);
    expect((await t.call('POST', `/api/project/${project.id}/task`, reader.token, { title: 'X', starts_on: '2026-11-01', due_on: '2026-11-02' })).statusCode).toBe(403);

    const nobody = await t.createUser({ permissions: ['STOCK'] });
    for (const url of ['/api/project', `/api/project/${project.id}/dashboard`, `/api/project/${project.id}/task`, '/api/project/people']) {
      expect((await t.call('GET', url, nobody.token)).statusCode, url).toBe(403);
    }
  });
});
