/**
 * One-click revert of an update in the revision log: a NEW update through the
 * resource's own rules, refused with a clear message when the record changed since, when the
 * old values break a rule now, or when the user may not write the resource.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers';
import { WAREHOUSE_ALL, place, uid } from '../warehouse/helpers';

type Rev = { id: number; action: string; changes: Record<string, [unknown, unknown]>; user: { username: string } | null };

describe('POST /api/revision/:id/revert', () => {
  let t: TestApp;
  let editor: Awaited<ReturnType<TestApp['createUser']>>;
  let foreign: string;
  let logOnly: string;
  let indexOnly: string;
  let stockId: number;

  beforeAll(async () => {
    t = await createTestApp();
    editor = await t.createUser({ permissions: [...WAREHOUSE_ALL, 'LOG'] });
    const other = await t.createOrganization('Outra');
    foreign = (await t.createUser({ permissions: [...WAREHOUSE_ALL, 'LOG'], organizationId: other })).token;
    logOnly = (await t.createUser({ permissions: ['LOG'] })).token;
    indexOnly = (await t.createUser({ permissions: ['LOG.READ', 'STOCK.INDEX'] })).token;
    stockId = (await place(t)).stockId;
  });
  afterAll(() => t?.close());

  const revisionsOf = async (entity: string, id: number): Promise<Rev[]> =>
    (await t.call('GET', `/api/revision?entity=${entity}&entityId=${id}`, editor.token)).json().items;
  const edit = async (path: string, body: unknown) => {
    const res = await t.call('PUT', path, editor.token, body);
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  const revert = (id: number, token = editor.token) => t.call('POST', `/api/revision/${id}/revert`, token);

  it('puts the old values back as a new update with its own revision', async () => {
    const before = (await t.call('GET', `/api/stock/${stockId}`, editor.token)).json();
    await edit(`/api/stock/${stockId}`, { name: 'Estoque renomeado', address: 'Rua Nova, 10' });
    const [last] = await revisionsOf('stock', stockId);
    expect(Object.keys(last.changes).sort()).toEqual(['address', 'name']);
    const res = await revert(last.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ entity: 'stock', entity_id: stockId, fields: ['name', 'address'] });
    const after = (await t.call('GET', `/api/stock/${stockId}`, editor.token)).json();
    expect([after.name, after.address]).toEqual([before.name, before.address]);
    const [newest, reverted] = await revisionsOf('stock', stockId);
    expect(reverted.id).toBe(last.id);
    expect(newest.id).toBe(res.json().revision_id);
    expect(newest.action).toBe('update');
    expect(newest.changes.name).toEqual(['Estoque renomeado', before.name]);
    expect(newest.user?.username).toBe(editor.username);
  });

  it('a number the table stores as text goes back too (product price)', async () => {
    const p = await place(t);
    await edit(`/api/product/${p.consumableProductId}`, { price: '12,50' });
    await edit(`/api/product/${p.consumableProductId}`, { price: '99,90' });
    const [last] = await revisionsOf('product', p.consumableProductId);
    const res = await revert(last.id);
    expect(res.statusCode, res.body).toBe(200);
    expect((await t.call('GET', `/api/product/${p.consumableProductId}`, editor.token)).json().price).toBe('12.50');
  });

  it('refuses with 409 when the record changed since that revision (nothing written)', async () => {
    await edit(`/api/stock/${stockId}`, { name: 'Primeira mudança' });
    const [first] = await revisionsOf('stock', stockId);
    await edit(`/api/stock/${stockId}`, { name: 'Segunda mudança' });
    const count = (await revisionsOf('stock', stockId)).length;
    const res = await revert(first.id);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('O registro foi alterado depois desta revisão; reverta a alteração mais recente primeiro.');
    expect((await t.call('GET', `/api/stock/${stockId}`, editor.token)).json().name).toBe('Segunda mudança');
    expect((await revisionsOf('stock', stockId)).length).toBe(count);
  });

  it('refuses with 422 and the rule\'s message when the old value is now taken by another record', async () => {
    const p = await place(t);
    const unit = (await t.call('GET', `/api/stock/${p.stockId}`, editor.token)).json().unit_organizational.id;
    const oldCode = `VELHO-${uid()}`;
    const made = await t.call('POST', '/api/stock', editor.token, { name: 'Estoque que muda de código', code: oldCode, unit_organizational_id: unit });
    expect(made.statusCode, made.body).toBe(201);
    await edit(`/api/stock/${made.json().id}`, { code: `NOVO-${uid()}` });
    const [last] = await revisionsOf('stock', made.json().id);
    // Another stock takes the old code meanwhile.
    expect((await t.call('POST', '/api/stock', editor.token, { name: 'Outro', code: oldCode, unit_organizational_id: unit })).statusCode).toBe(201);
    const res = await revert(last.id);
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().message).toBe(`Já existe um estoque com o código "${oldCode}".`);
    expect((await t.call('GET', `/api/stock/${made.json().id}`, editor.token)).json().code).not.toBe(oldCode);
  });

  it('404 for another organization\'s revision and for a deleted record', async () => {
    await edit(`/api/stock/${stockId}`, { name: 'Mudança alheia?' });
    const [last] = await revisionsOf('stock', stockId);
    const res = await revert(last.id, foreign);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Revisão não encontrada.');
    const p = await place(t);
    const unit = (await t.call('GET', `/api/stock/${p.stockId}`, editor.token)).json().unit_organizational.id;
    const gone = (await t.call('POST', '/api/stock', editor.token, { name: 'Vai sumir', code: `SUMIR-${uid()}`, unit_organizational_id: unit })).json();
    await edit(`/api/stock/${gone.id}`, { name: 'Vai sumir mesmo' });
    const [edited] = await revisionsOf('stock', gone.id);
    expect((await t.call('DELETE', `/api/stock/${gone.id}`, editor.token)).statusCode).toBe(204);
    const deleted = await revert(edited.id);
    expect(deleted.statusCode).toBe(404);
    expect(deleted.json().message).toBe('Estoque não encontrado.');
  });

  it('403 without the resource\'s write permission (log only; log read + STOCK.INDEX)', async () => {
    await edit(`/api/stock/${stockId}`, { name: 'Só quem escreve reverte' });
    const [last] = await revisionsOf('stock', stockId);
    for (const token of [logOnly, indexOnly]) {
      const res = await revert(last.id, token);
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe('Você não tem permissão para esta ação.');
    }
    // Without the log's read permission at all: 403 too.
    const noLog = (await t.createUser({ permissions: ['STOCK'] })).token;
    expect((await revert(last.id, noLog)).statusCode).toBe(403);
    expect((await t.call('GET', `/api/stock/${stockId}`, editor.token)).json().name).toBe('Só quem escreve reverte');
  });

  it('refuses creations, deletions and secrets with a clear 422', async () => {
    const [created] = (await revisionsOf('stock', stockId)).filter((r) => r.action === 'create');
    const res = await revert(created.id);
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe('Só alterações podem ser revertidas; criações e exclusões, não.');
    const admin = await t.createUser({ permissions: ['USER', 'LOG'] });
    const u = await t.call('POST', '/api/user', admin.token, { username: `senha.${uid()}`, email: `senha.${uid()}@example.com`, password: 'uma-senha-forte', person: { nickname: 'S', full_name: 'S S' } });
    await t.call('PUT', `/api/user/${u.json().id}`, admin.token, { password: 'outra-senha-forte' });
    const [pw] = (await t.call('GET', `/api/revision?entity=user&entityId=${u.json().id}&action=update`, admin.token)).json().items;
    const secret = await revert(pw.id, admin.token);
    expect(secret.statusCode).toBe(422);
    expect(secret.json().message).toBe('Esta alteração não pode ser revertida pelo log: Senha não volta por aqui.');
    expect((await revert(999999)).statusCode).toBe(404);
  });
});
