import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, seedDemo } from '../../src/db/seed';
import { createTestApp, type TestApp } from '../helpers';

describe('project demo data', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await seedDemo(t.app);
  });
  afterAll(() => t?.close());

  it('seeds two projects, one under way with tasks, a milestone, activities and cost; seeding again adds nothing', async () => {
    const gestor = (await t.login('gestor', DEMO_PASSWORD)).token;
    const list = (await t.call('GET', '/api/project', gestor)).json() as { items: { id: number; code: string; status: string; task_count: number }[] };
    expect(list.items.map((p) => [p.code, p.status])).toEqual([
      ['PRJ-BB-CWB', 'planejamento'],
      ['PRJ-FTTH-PG', 'em_andamento'],
    ]);
    const ftth = list.items.find((p) => p.code === 'PRJ-FTTH-PG')!;
    expect(ftth.task_count).toBe(6);
    const dash = (await t.call('GET', `/api/project/${ftth.id}/dashboard`, gestor)).json();
    expect(dash.next_milestones).toHaveLength(1);
    expect(dash.activities).toHaveLength(2);
    expect(Number(dash.cost.materials)).toBeGreaterThan(0);
    expect(dash.progress).toBeGreaterThan(0);
    expect(Number(dash.cost.activities)).toBeGreaterThanOrEqual(180);
    await seedDemo(t.app);
    expect((await t.call('GET', '/api/project', gestor)).json().total_items).toBe(2);
  });
});
