import { describe, expect, it } from 'vitest';
import './zod-pt-br';
import { unavailabilityNested, unavailabilityUpdate } from '../network/unavailability';
import { projectCreate, projectTaskCreate, projectUpdate } from '../project/project';
import { scheduleEventCreate } from '../schedule/event';

const violations = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((r.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

describe('a rule across fields is reported with every other violation', () => {
  it('project: end before start, negative budget and missing fields at once', () => {
    const got = violations(projectCreate.safeParse({ code: 'P1', starts_on: '2025-03-10', ends_on: '2025-03-01', budget: '-5' }));
    expect(got).toMatchObject({ name: 'Campo obrigatório', manager_id: 'Campo obrigatório', unit_organizational_id: 'Campo obrigatório', ends_on: 'O término deve ser igual ou posterior ao início', budget: 'O orçamento não pode ser negativo' });
    expect(violations(projectUpdate.safeParse({ name: '', starts_on: '2025-03-10', ends_on: '2025-03-01' }))).toMatchObject({ name: 'Informe o nome', ends_on: 'O término deve ser igual ou posterior ao início' });
  });
  it('but not on a date that is itself invalid', () => {
    expect(violations(projectCreate.safeParse({ starts_on: '2025-03-10', ends_on: 'ontem' })).ends_on).not.toMatch(/término/);
  });
  it('task, event and unavailability windows', () => {
    expect(violations(projectTaskCreate.safeParse({ starts_on: '2025-03-10', due_on: '2025-03-01' }))).toMatchObject({ title: 'Campo obrigatório', due_on: 'O término deve ser igual ou posterior ao início' });
    expect(violations(scheduleEventCreate.safeParse({ title: '', starts_at: '2025-03-10T10:00:00-03:00', ends_at: '2025-03-10T09:00:00-03:00' }))).toMatchObject({ title: 'Informe o título', ends_at: 'O fim deve ser depois do início' });
    expect(violations(unavailabilityNested.safeParse({ started_at: '2025-03-10T10:00:00-03:00', ended_at: '2025-03-10T09:00:00-03:00' }))).toMatchObject({ cause: 'Campo obrigatório', responsibility: 'Responsabilidade inválida', ended_at: 'O fim deve ser depois do início' });
    expect(violations(unavailabilityUpdate.safeParse({ cause: '', started_at: '2025-03-10T10:00:00-03:00', ended_at: '2025-03-10T09:00:00-03:00' }))).toEqual({ cause: 'Informe a causa', ended_at: 'O fim deve ser depois do início' });
  });
  it('and a body that is not an object is refused as such, the rule never reading fields of nothing', () => {
    for (const schema of [projectCreate, projectTaskCreate, scheduleEventCreate, unavailabilityNested, unavailabilityUpdate]) {
      for (const body of [null, [], 'texto', 7]) {
        const r = schema.safeParse(body);
        expect(r.success).toBe(false);
        expect(r.error!.issues.map((i) => i.path.length)).toEqual([0]);
      }
    }
  });
});
