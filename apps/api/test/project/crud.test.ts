import { expect } from 'vitest';
import { projectResource, projectTaskResource } from '@operacoes/contract';
import { describeCrud } from '../crud-suite';
import { uid } from '../warehouse/helpers';
import { fixture, makeProject, projectBody } from './helpers';

describeCrud(projectResource, {
  valid: async (n, t) => projectBody(await fixture(t), { code: `PRJ-${n}-${uid()}`, name: `Expansão FTTH ${n} ${uid()}` }),
  invalid: [
    { code: '', name: '', manager_id: 0, unit_organizational_id: 1, starts_on: '2026-13-01', ends_on: '2026-01-01' },
    { code: 'P1', name: 'X', manager_id: 1, unit_organizational_id: 1, starts_on: '2026-05-01', ends_on: '2026-04-01' },
    { code: 'P2', name: 'X', manager_id: 1, unit_organizational_id: 1, starts_on: '2026-05-01', ends_on: '2026-06-01', budget: '12,345' },
    { code: 'P3', name: 'X', manager_id: 1, unit_organizational_id: 1, starts_on: '2026-05-01', ends_on: '2026-06-01', status: 'arquivado' },
  ],
  update: {
    body: { name: 'Expansão FTTH Norte', status: 'pausado', budget: '1500,5' },
    expect: (r) => expect(r).toMatchObject({ name: 'Expansão FTTH Norte', status: 'pausado', budget: '1500.50' }),
  },
  foreign: async (t, other) => {
    const mine = await fixture(t);
    const theirs = await fixture(t, other);
    return [projectBody(mine, { unit_organizational_id: theirs.unitId }), projectBody(mine, { manager_id: theirs.managerId })];
  },
  search: 'expansao FTTH',
});

describeCrud(projectTaskResource, {
  valid: async (n, t) => {
    const f = await fixture(t);
    const project = await sharedProject(t);
    return { project_id: project.id, title: `Lançamento de cabo ${n} ${uid()}`, assignee_id: f.assigneeId, starts_on: '2026-11-03', due_on: '2026-11-12', progress: 10 };
  },
  invalid: [
    { title: '', progress: 150, starts_on: '03/11/2026' },
    { project_id: 1, title: 'X', starts_on: '2026-11-10', due_on: '2026-11-01' },
    { project_id: 1, title: 'X', starts_on: '2026-11-10', due_on: '2026-11-11', status: 'feita' },
  ],
  update: {
    body: { title: 'Fusão de fibras', progress: 50, status: 'em_andamento' },
    expect: (r) => expect(r).toMatchObject({ title: 'Fusão de fibras', progress: 50, status: 'em_andamento' }),
  },
  foreign: async (t, other) => {
    const mine = await sharedProject(t);
    const theirs = await makeProject(t, other);
    const them = await fixture(t, other);
    return [
      { project_id: theirs.id, title: 'Tarefa alheia', starts_on: '2026-11-03', due_on: '2026-11-12' },
      { project_id: mine.id, title: 'Tarefa alheia', starts_on: '2026-11-03', due_on: '2026-11-12', assignee_id: them.assigneeId },
    ];
  },
  search: 'LANCAMENTO de cabo',
});

const shared = new WeakMap<object, ReturnType<typeof makeProject>>();
function sharedProject(t: Parameters<typeof makeProject>[0]) {
  let p = shared.get(t);
  if (!p) shared.set(t, (p = makeProject(t)));
  return p;
}
