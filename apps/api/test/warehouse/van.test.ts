/**
 * A technician's van: a section that belongs to a technician. The warehouse (STOCK) loads it with a
 * movement per product and item, a stock reader sees every van, a technician their own; a work order
 * consumes from the van with the order as the movement's document, and only the van's technician
 * does; out-requests never take what is in a van; tenancy holds; nothing is written by a refusal.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { consumableBalances } from '../../src/modules/warehouse/consumable/schema';
import { movements } from '../../src/modules/warehouse/movement/schema';
import { createTestApp, type TestApp } from '../helpers';
import { activityBody, makeDispatcher, makeType } from '../external-activity/helpers';
import { expectStateEqualsReplay, itemById, newItem, type Place, place, uid, WAREHOUSE_ALL } from './helpers';

type User = Awaited<ReturnType<TestApp['createUser']>>;
type Van = { id: number; code: string; technician: { id: number; name: string }; stock: { id: number }; balances: { product: { id: number }; quantity: number }[]; items: { id: number; tag: string; serial: string | null; mac: string | null }[] };
type List<T> = { items: T[]; total_items: number };

describe('technician vans', () => {
  let t: TestApp;
  let p: Place;
  let boss: string;
  /** STOCK.INDEX: reads every van, loads none. */
  let reader: User;
  /** No permission at all. */
  let nobody: User;
  /** Every warehouse permission, in another organization. */
  let foreign: User;
  /** Luiz, the van's technician (EXTERNAL_ACTIVITY only: no stock permission). */
  let luiz: User;
  /** Another technician of the organization, without a van. */
  let other: User;
  let van: Van;
  let items: { id: number; tag: string }[];

  const balance = async (sectionId: number, productId = p.consumableProductId) =>
    Number((await t.app.db.select().from(consumableBalances).where(eq(consumableBalances.section_id, sectionId))).find((b) => b.product_id === productId)?.quantity ?? 0);
  const movementCount = async () => (await t.app.db.select({ n: count() }).from(movements))[0].n;

  beforeAll(async () => {
    t = await createTestApp();
    p = await place(t);
    boss = p.bossToken;
    reader = await t.createUser({ permissions: ['STOCK.INDEX'] });
    nobody = await t.createUser({ permissions: [] });
    foreign = await t.createUser({ permissions: WAREHOUSE_ALL, organizationId: await t.createOrganization('Concorrente') });
    luiz = await t.createUser({ permissions: ['EXTERNAL_ACTIVITY'], nickname: 'Luiz', fullName: 'Luiz Fernando Araújo' });
    other = await t.createUser({ permissions: ['EXTERNAL_ACTIVITY'], nickname: 'Outro' });
    expect((await t.call('POST', '/api/consumable/entry', boss, { product_id: p.consumableProductId, section_id: p.sectionId, quantity: 500, invoice_number: '123' })).statusCode).toBe(201);
    items = [await newItem(t, p), await newItem(t, p, { serial: null }), await newItem(t, p)];
  });
  afterAll(() => t?.close());

  it('a section becomes a technician\'s van; one van per technician; a technician of another organization is refused', async () => {
    const res = await t.call('POST', '/api/section', boss, { stock_id: p.stockId, name: 'Van do Luiz', code: `VAN${uid()}`, technician_id: luiz.id });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().technician).toEqual({ id: luiz.id, username: luiz.username, name: 'Luiz' });
    van = { ...res.json(), items: [], balances: [] };
    const second = await t.call('POST', '/api/section', boss, { stock_id: p.stockId, name: 'Outra van', code: `VAN${uid()}`, technician_id: luiz.id });
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toBe(`Luiz já tem uma van: a seção "Van do Luiz" (${van.code}). Cada técnico tem uma só.`);
    const stranger = await t.call('POST', '/api/section', boss, { stock_id: p.stockId, name: 'Van estranha', code: `VAN${uid()}`, technician_id: foreign.id });
    expect(stranger.statusCode).toBe(422);
    expect(stranger.json().violations[0].propertyPath).toBe('technician_id');
    const list = (await t.call('GET', `/api/section?van=true&stock=${p.stockId}`, boss)).json() as List<{ id: number }>;
    expect(list.items.map((s) => s.id)).toEqual([van.id]);
  });

  it('the warehouse loads the van: a transfer movement per product and per item', async () => {
    const before = await movementCount();
    const res = await t.call('POST', `/api/van/${van.id}/transfer`, boss, {
      from_section_id: p.sectionId,
      consumables: [{ product_id: p.consumableProductId, quantity: 120 }],
      patrimony_ids: [items[0].id, items[1].id],
    });
    expect(res.statusCode, res.body).toBe(201);
    const out = res.json() as { movements: { type: string; from_section: { id: number }; to_section: { id: number }; reason: string; patrimony: { id: number } | null }[]; van: Van };
    expect(out.movements).toHaveLength(3);
    for (const m of out.movements) {
      expect(m).toMatchObject({ type: 'transferencia', from_section: { id: p.sectionId }, to_section: { id: van.id } });
      expect(m.reason).toBe(`Carga da van de Luiz (${van.code})`);
    }
    expect(await movementCount()).toBe(before + 3);
    expect(out.van.balances.map((b) => [b.product.id, b.quantity])).toEqual([[p.consumableProductId, 120]]);
    expect(out.van.items.map((i) => i.id).sort()).toEqual([items[0].id, items[1].id].sort());
    expect(await balance(p.sectionId)).toBe(380);
    expect(await balance(van.id)).toBe(120);
    expect((await itemById(t, items[0].id)).section_id).toBe(van.id);
  });

  it('a transfer beyond the balance, of an item elsewhere or of a patrimony product is a pt-BR 422 that writes nothing', async () => {
    const before = await movementCount();
    const tooMuch = await t.call('POST', `/api/van/${van.id}/transfer`, boss, { from_section_id: p.sectionId, consumables: [{ product_id: p.consumableProductId, quantity: 381 }], patrimony_ids: [items[2].id] });
    expect(tooMuch.statusCode).toBe(422);
    expect(tooMuch.json().violations).toEqual([{ propertyPath: 'consumables.0.quantity', message: expect.stringMatching(/^Saldo insuficiente de "Cabo drop .*" em "Seção A .*": disponível 380, pedido 381\.$/) }]);
    const notThere = await t.call('POST', `/api/van/${van.id}/transfer`, boss, { from_section_id: p.section2Id, patrimony_ids: [items[2].id] });
    expect(notThere.statusCode).toBe(422);
    expect(notThere.json().violations[0]).toEqual({ propertyPath: 'patrimony_ids.0', message: expect.stringContaining(`O item ${items[2].tag} não está na seção`) });
    const wrongKind = await t.call('POST', `/api/van/${van.id}/transfer`, boss, { from_section_id: p.sectionId, consumables: [{ product_id: p.patrimonyProductId, quantity: 1 }] });
    expect(wrongKind.statusCode).toBe(422);
    const itself = await t.call('POST', `/api/van/${van.id}/transfer`, boss, { from_section_id: van.id, consumables: [{ product_id: p.consumableProductId, quantity: 1 }] });
    expect(itself.statusCode).toBe(422);
    const empty = await t.call('POST', `/api/van/${van.id}/transfer`, boss, { from_section_id: p.sectionId });
    expect(empty.statusCode).toBe(422);
    expect(await movementCount()).toBe(before);
    expect(await balance(p.sectionId)).toBe(380);
    expect((await itemById(t, items[2].id)).section_id).toBe(p.sectionId);
  });

  it('who sees and who loads a van: stock readers see every van, a technician their own, others none; only STOCK loads it; another organization gets 404', async () => {
    const body = { from_section_id: p.sectionId, consumables: [{ product_id: p.consumableProductId, quantity: 1 }] };
    const before = await movementCount();
    for (const who of [reader, luiz, nobody]) expect((await t.call('POST', `/api/van/${van.id}/transfer`, who.token, body)).statusCode, who.username).toBe(403);
    expect((await t.call('POST', `/api/van/${van.id}/transfer`, foreign.token, body)).statusCode).toBe(404);
    expect(await movementCount()).toBe(before);

    const ids = async (who: User, query = '') => ((await t.call('GET', `/api/van${query}`, who.token)).json() as List<Van>).items.map((v) => v.id);
    expect(await ids(reader)).toEqual([van.id]);
    expect(await ids(luiz)).toEqual([van.id]);
    expect(await ids(luiz, '?mine=true')).toEqual([van.id]);
    expect(await ids(reader, '?mine=true')).toEqual([]);
    expect(await ids(other)).toEqual([]);
    expect(await ids(nobody)).toEqual([]);
    expect(await ids(foreign)).toEqual([]);
    for (const who of [reader, luiz]) {
      const res = await t.call('GET', `/api/van/${van.id}`, who.token);
      expect(res.statusCode, who.username).toBe(200);
      expect((res.json() as Van).technician.name).toBe('Luiz');
    }
    for (const who of [other, nobody, foreign]) expect((await t.call('GET', `/api/van/${van.id}`, who.token)).statusCode, who.username).toBe(404);
    // A section that is nobody's van is no van.
    expect((await t.call('GET', `/api/van/${p.sectionId}`, reader.token)).statusCode).toBe(404);
  });

  describe('a work order consumes from the van', () => {
    let order: { id: number; code: string };
    const material = (who: User, body: unknown) => t.call('POST', `/api/external-activity/${order.id}/materials`, who.token, body);

    beforeAll(async () => {
      const type = await makeType(t);
      const dispatcher = await makeDispatcher(t);
      const res = await t.call('POST', '/api/external-activity', dispatcher.token, activityBody(type.id, [luiz.id, other.id], { scheduled_start: '2026-11-25T09:00:00-03:00', force: true }));
      expect(res.statusCode, res.body).toBe(201);
      order = res.json();
      expect((await t.call('POST', `/api/external-activity/${order.id}/schedule`, dispatcher.token, { force: true })).statusCode).toBe(200);
      for (const verb of ['depart', 'start']) expect((await t.call('POST', `/api/external-activity/${order.id}/${verb}`, luiz.token, {})).statusCode, verb).toBe(200);
    });

    it('a consumable without a section comes out of the technician\'s van, the order as the movement\'s document', async () => {
      const res = await material(luiz, { kind: 'consumivel', product_id: p.consumableProductId, quantity: 25 });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().section).toEqual({ id: van.id, name: 'Van do Luiz' });
      expect(await balance(van.id)).toBe(95);
      const [m] = await t.app.db.select().from(movements).where(eq(movements.document, `Atividade ${order.code}`));
      expect(m).toMatchObject({ type: 'saida', from_section_id: van.id, product_id: p.consumableProductId, quantity: '25.000' });
    });

    it('an item of the van is installed with the serial and MAC read from its label; a MAC that is no MAC, or a serial of another device, is a pt-BR 422', async () => {
      const before = await movementCount();
      const badMac = await material(luiz, { kind: 'patrimonio', tag: items[1].tag, mac: '00:11:22:33:44' });
      expect(badMac.statusCode).toBe(422);
      expect(badMac.json().violations).toEqual([{ propertyPath: 'mac', message: 'Endereço MAC inválido (ex.: 4C:5E:0C:12:34:56)' }]);
      const item0 = await itemById(t, items[0].id);
      const otherSerial = await material(luiz, { kind: 'patrimonio', tag: items[0].tag, serial: 'OUTRO-SN-1' });
      expect(otherSerial.statusCode).toBe(422);
      expect(otherSerial.json().violations[0]).toEqual({ propertyPath: 'serial', message: `O número de série lido (OUTRO-SN-1) não confere com o do item ${items[0].tag} (${item0.serial}): confira a etiqueta.` });
      expect(await movementCount()).toBe(before);

      const res = await material(luiz, { kind: 'patrimonio', tag: items[1].tag, serial: '48575443A0B1C2D3', mac: 'e0-24-7f-a1-b2-c3' });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().patrimony).toEqual({ id: items[1].id, tag: items[1].tag, serial: '48575443A0B1C2D3', mac: 'E0:24:7F:A1:B2:C3' });
      const installed = await itemById(t, items[1].id);
      expect(installed).toMatchObject({ status: 'em_uso', section_id: null, holder_user_id: null, serial: '48575443A0B1C2D3', mac: 'E0:24:7F:A1:B2:C3' });
      // Found by its MAC in the patrimony search.
      const found = (await t.call('GET', '/api/patrimony?search=e0:24:7f', boss)).json() as List<{ id: number }>;
      expect(found.items.map((i) => i.id)).toEqual([items[1].id]);
    });

    it("another technician of the order cannot consume from Luiz's van nor install its items (nothing written); without a van of their own they name a section", async () => {
      const before = await movementCount();
      const take = await material(other, { kind: 'consumivel', product_id: p.consumableProductId, section_id: van.id, quantity: 1 });
      expect(take.statusCode).toBe(403);
      expect(take.json().message).toBe('A seção "Van do Luiz" é a van de Luiz: só o técnico dela usa o que está nela.');
      const install = await material(other, { kind: 'patrimonio', tag: items[0].tag });
      expect(install.statusCode).toBe(409);
      expect(install.json().message).toBe(`O item ${items[0].tag} está na van de Luiz: só itens que você tem em mãos ou na sua van podem ser instalados no cliente.`);
      const noVan = await material(other, { kind: 'consumivel', product_id: p.consumableProductId, quantity: 1 });
      expect(noVan.statusCode).toBe(422);
      expect(noVan.json().violations[0]).toEqual({ propertyPath: 'section_id', message: 'Escolha a seção de onde sai o material: você não tem uma van.' });
      expect(await movementCount()).toBe(before);
      expect(await balance(van.id)).toBe(95);
      // From a warehouse section, as before.
      expect((await material(other, { kind: 'consumivel', product_id: p.consumableProductId, section_id: p.sectionId, quantity: 2 })).statusCode).toBe(201);
    });
  });

  it('out-requests neither reserve nor deliver what is in a van', async () => {
    const requester = await t.createUser({ permissions: ['PATRIMONY_OUT_REQUEST'] });
    const ask = (items: unknown[]) => t.call('POST', '/api/patrimony-solicitation', requester.token, { reason: 'Ativações da semana', stock_id: p.stockId, items });
    const specific = await ask([{ patrimony_id: items[0].id }]);
    expect(specific.statusCode).toBe(422);
    expect(specific.json().message).toBe(`O item ${items[0].tag} está na van de um técnico: o que está numa van é do técnico dela.`);
    // The warehouse section has 378 m: the van's 95 m do not count.
    const tooMuch = await ask([{ product_id: p.consumableProductId, quantity: 379 }]);
    expect(tooMuch.statusCode).toBe(409);
    const ok = await ask([{ product_id: p.consumableProductId, quantity: 378 }]);
    expect(ok.statusCode, ok.body).toBe(201);
    expect((await t.call('POST', `/api/patrimony-solicitation/${ok.json().id}/approve`, boss, {})).statusCode).toBe(200);
    expect((await t.call('POST', `/api/patrimony-solicitation/${ok.json().id}/deliver`, boss, {})).statusCode).toBe(200);
    expect(await balance(p.sectionId)).toBe(0);
    expect(await balance(van.id)).toBe(95);
    await expectStateEqualsReplay(t);
  });
});
