import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, violationsByField } from '../helpers';
import { makeCircuit } from './circuit-helpers';

const ago = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

describe('unavailability: one bad request answers every violation at once', () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp();
    token = (await t.createUser({ permissions: ['OPERATOR_CIRCUIT'] })).token;
  });
  afterAll(() => t?.close());

  it('an end before the start is said with a blank cause and an unknown responsibility, on create and on edit; nothing written', async () => {
    const c = await makeCircuit(t);
    const res = await t.call('POST', `/api/circuit/${c.id}/unavailability`, token, { started_at: ago(30), ended_at: ago(60), cause: ' ', responsibility: 'deus' });
    expect(res.statusCode).toBe(422);
    expect(violationsByField(res.json())).toEqual({ cause: 'Informe a causa', responsibility: 'Responsabilidade inválida', ended_at: 'O fim deve ser depois do início' });
    expect((await t.call('GET', `/api/circuit/${c.id}/unavailability`, token)).json().total_items).toBe(0);

    const made = await t.call('POST', `/api/circuit/${c.id}/unavailability`, token, { started_at: ago(90), ended_at: ago(60), cause: 'Rompimento', responsibility: 'operadora' });
    expect(made.statusCode).toBe(201);
    const edit = await t.call('PUT', `/api/circuit/unavailability/${made.json().id}`, token, { started_at: ago(30), ended_at: ago(60), protocol: 'x'.repeat(101) });
    expect(edit.statusCode).toBe(422);
    expect(violationsByField(edit.json())).toEqual({ protocol: 'Máximo de 100 caracteres', ended_at: 'O fim deve ser depois do início' });
  });
});
