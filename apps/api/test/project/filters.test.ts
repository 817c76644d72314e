import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers';
import { uid } from '../warehouse/helpers';
import { type Fixture, fixture, makeProject, makeTask } from './helpers';

describe('projects: list filters', () => {
  let t: TestApp;
  let f: Fixture;

  beforeAll(async () => {
    t = await createTestApp();
    f = await fixture(t);
  });
  afterAll(() => t?.close());

  const ids = async (url: string) => ((await t.call('GET', url, f.boss.token)).json() as { items: { id: number }[] }).items.map((r) => r.id).sort((a, b) => a - b);

  it('filters projects by status, manager and unit, each alone and together', async () => {
    const k = uid();
    const other = await t.createUser({ permissions: ['PROJECT'], nickname: `Outro gestor ${k}` });
    const a = await makeProject(t, undefined, { name: `Filtro ${k} A`, status: 'pausado' });
    const b = await makeProject(t, undefined, { name: `Filtro ${k} B`, status: 'em_andamento', manager_id: other.id });
    const search = `search=${encodeURIComponent(`Filtro ${k}`)}`;
    expect(await ids(`/api/project?${search}`)).toEqual([a.id, b.id]);
    expect(await ids(`/api/project?${search}&status=pausado`)).toEqual([a.id]);
    expect(await ids(`/api/project?${search}&manager=${other.id}`)).toEqual([b.id]);
    expect(await ids(`/api/project?${search}&unit=${f.unitId}`)).toEqual([a.id, b.id]);
    expect(await ids(`/api/project?${search}&unit=${f.unitId}&status=em_andamento&manager=${f.managerId}`)).toEqual([]);
  });

  it('filters tasks by project, status, assignee and milestone', async () => {
    const p1 = await makeProject(t);
    const p2 = await makeProject(t);
    const t1 = await makeTask(t, f.boss.token, p1.id, { status: 'bloqueada', assignee_id: f.assigneeId });
    const t2 = await makeTask(t, f.boss.token, p1.id, { milestone: true });
    const t3 = await makeTask(t, f.boss.token, p2.id, { assignee_id: f.assigneeId });
    expect(await ids(`/api/project/task?project=${p1.id}`)).toEqual([t1.id, t2.id]);
    expect(await ids(`/api/project/task?project=${p1.id}&status=bloqueada`)).toEqual([t1.id]);
    expect(await ids(`/api/project/task?project=${p2.id}&assignee=${f.assigneeId}`)).toEqual([t3.id]);
    expect(await ids(`/api/project/task?project=${p1.id}&milestone=true`)).toEqual([t2.id]);
    expect(await ids(`/api/project/task?project=${p1.id}&milestone=false`)).toEqual([t1.id]);
  });
});
