import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { projects } from '../../src/modules/project/schema';
import { createTestApp, type TestApp, violationsByField } from '../helpers';
import { type Fixture, fixture, makeProject, projectBody } from './helpers';


describe('one bad request answers every violation at once', () => {
  let t: TestApp;
  let f: Fixture;
  beforeAll(async () => {
    t = await createTestApp();
    f = await fixture(t);
  });
  afterAll(() => t?.close());

  const projectCount = async () => (await t.app.db.select({ n: count() }).from(projects).where(eq(projects.organization_id, t.platformOrganizationId)))[0].n;

  it('project create: missing fields, end before start, negative budget and a code already used in one 422; nothing written', async () => {
    const taken = await makeProject(t);
    const before = await projectCount();
    const res = await t.call('POST', '/api/project', f.boss.token, { code: taken.code.toLowerCase(), unit_organizational_id: f.unitId, starts_on: '2026-05-10', ends_on: '2026-05-01', budget: '-10,00' });
    expect(res.statusCode).toBe(422);
    expect(violationsByField(res.json())).toEqual({
      name: 'Campo obrigatório',
      manager_id: 'Campo obrigatório',
      ends_on: 'O término deve ser igual ou posterior ao início',
      budget: 'O orçamento não pode ser negativo',
      code: 'Já está em uso',
    });
    // The message a client shows names the fields as people do, never by their keys.
    const message: string = res.json().message;
    expect(message).toContain('Orçamento: O orçamento não pode ser negativo');
    expect(message).not.toMatch(/\b(name|manager_id|ends_on|budget|code):/);
    expect(await projectCount()).toBe(before);
  });

  it('project edit: a code already used, end before start and a too long name together', async () => {
    const taken = await makeProject(t);
    const mine = await makeProject(t);
    const res = await t.call('PUT', `/api/project/${mine.id}`, f.boss.token, { code: taken.code, name: 'x'.repeat(201), starts_on: '2026-05-10', ends_on: '2026-05-01' });
    expect(res.statusCode).toBe(422);
    expect(violationsByField(res.json())).toEqual({ code: 'Já está em uso', name: 'Nome longo demais', ends_on: 'O término deve ser igual ou posterior ao início' });
    // Its own code is not "in use" by itself.
    const own = await t.call('PUT', `/api/project/${mine.id}`, f.boss.token, { code: mine.code, budget: '-1' });
    expect(violationsByField(own.json())).toEqual({ budget: 'O orçamento não pode ser negativo' });
  });

  it('a code already used alone is still the 409 of the unique index', async () => {
    const taken = await makeProject(t);
    const res = await t.call('POST', '/api/project', f.boss.token, projectBody(f, { code: taken.code }));
    expect(res.statusCode).toBe(409);
    expect(res.json().violations).toEqual([{ propertyPath: 'code', message: 'Já está em uso' }]);
  });

  it("task (both paths): a missing title with a due date before the start", async () => {
    const project = await makeProject(t);
    const expected = { title: 'Campo obrigatório', due_on: 'O término deve ser igual ou posterior ao início' };
    const kit = await t.call('POST', '/api/project/task', f.boss.token, { project_id: project.id, starts_on: '2026-11-10', due_on: '2026-11-02' });
    expect(kit.statusCode).toBe(422);
    expect(violationsByField(kit.json())).toEqual(expected);
    const nested = await t.call('POST', `/api/project/${project.id}/task`, f.boss.token, { starts_on: '2026-11-10', due_on: '2026-11-02' });
    expect(nested.statusCode).toBe(422);
    expect(violationsByField(nested.json())).toEqual(expected);
  });
});
