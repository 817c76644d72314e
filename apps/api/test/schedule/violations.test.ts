import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers';

describe('schedule: one bad request answers every violation at once', () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp();
    token = (await t.createUser({ permissions: ['SCHEDULE'] })).token;
  });
  afterAll(() => t?.close());

  it('an end before the start is said with a blank title and a too long place', async () => {
    const res = await t.call('POST', '/api/schedule', token, { title: ' ', starts_at: '2027-01-04T10:00:00-03:00', ends_at: '2027-01-04T09:00:00-03:00', location: 'x'.repeat(301) });
    expect(res.statusCode).toBe(422);
    const got = Object.fromEntries((res.json().violations as { propertyPath: string; message: string }[]).map((v) => [v.propertyPath, v.message]));
    expect(got).toEqual({ title: 'Informe o título', location: 'Máximo de 300 caracteres', ends_at: 'O fim deve ser depois do início' });
  });
});
