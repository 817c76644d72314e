import { inflateRawSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { notifications } from '../../src/modules/notification/schema';
import { movements } from '../../src/modules/warehouse/movement/schema';
import { realPng } from '../files/images';
import { createTestApp, type TestApp } from '../helpers';
import { expectStateEqualsReplay, newItem, type Place, place, uid, WAREHOUSE_ALL } from './helpers';

/** The text of one file of a ZIP (XLSX) answer. */
function unzipEntry(zip: Buffer, name: string): string {
  for (let i = 0; i < zip.length - 30; i++) {
    if (zip.readUInt32LE(i) !== 0x04034b50) continue;
    const size = zip.readUInt32LE(i + 18);
    const nameLen = zip.readUInt16LE(i + 26);
    const extra = zip.readUInt16LE(i + 28);
    const entry = zip.subarray(i + 30, i + 30 + nameLen).toString('utf8');
    const data = zip.subarray(i + 30 + nameLen + extra, i + 30 + nameLen + extra + size);
    if (entry === name) return inflateRawSync(data).toString('utf8');
    i += 30 + nameLen + extra + size - 1;
  }
  throw new Error(`${name} not in zip`);
}

describe('warehouse rules', () => {
  let t: TestApp;
  let p: Place;
  let boss: string, reader: string, stockOnly: string, nobody: string, foreign: string, foreignOrg: number;
  let holder: { id: number; token: string };

  beforeAll(async () => {
    t = await createTestApp();
    p = await place(t);
    boss = p.bossToken;
    reader = (await t.createUser({ permissions: WAREHOUSE_ALL.map((x) => `${x}.INDEX`) })).token;
    stockOnly = (await t.createUser({ permissions: ['STOCK'] })).token;
    nobody = (await t.createUser({ permissions: ['USER'] })).token;
    holder = await t.createUser({ permissions: [] });
    foreignOrg = await t.createOrganization('Outra Telecom');
    foreign = (await t.createUser({ permissions: WAREHOUSE_ALL, organizationId: foreignOrg })).token;
  });
  afterAll(() => t?.close());

  describe('patrimony', () => {
    it('generates tag numbers from the organization prefix and digits, and refuses duplicates (409)', async () => {
      const a = await newItem(t, p);
      expect(a.tag).toMatch(/^PAT-\d{6}$/);
      const res = await t.call('PUT', '/api/organization-settings/warehouse', await t.adminToken(), { patrimony_prefix: 'ALM-', patrimony_digits: 4, out_request_needs_approval: true, low_stock_alerts: true });
      expect(res.statusCode, res.body).toBe(200);
      const b = await newItem(t, p);
      expect(b.tag).toMatch(/^ALM-\d{4}$/);
      const manual = await newItem(t, p, { tag: `MAN-${uid()}` });
      const dup = await t.call('POST', '/api/patrimony', boss, { product_id: p.patrimonyProductId, section_id: p.sectionId, tag: manual.tag.toLowerCase() });
      expect(dup.statusCode).toBe(409);
      expect(dup.json().message).toContain(manual.tag.toLowerCase());
      // A number typed by hand is skipped by the generator.
      const next = Number(b.tag.slice(4)) + 1;
      await newItem(t, p, { tag: `ALM-${String(next).padStart(4, '0')}` });
      const c = await newItem(t, p);
      expect(c.tag).toBe(`ALM-${String(next + 1).padStart(4, '0')}`);
      await t.call('PUT', '/api/organization-settings/warehouse', await t.adminToken(), { patrimony_prefix: 'PAT-', patrimony_digits: 6, out_request_needs_approval: true, low_stock_alerts: true });
    });

    it('creates items in bulk from serials pasted one per line, each with its movement', async () => {
      const serials = ['SN-A1', 'SN-A2', 'SN-A3', 'SN-A4', 'SN-A5'].map((s) => `${s}-${uid()}`);
      const res = await t.call('POST', '/api/patrimony/bulk', boss, { product_id: p.patrimonyProductId, section_id: p.sectionId, serials: serials.join('\n') + '\n\n', invoice_number: '4521' });
      expect(res.statusCode, res.body).toBe(201);
      const items = res.json().items as { id: number; tag: string; serial: string; status: string; stock: { id: number } }[];
      expect(items.map((i) => i.serial)).toEqual(serials);
      expect(new Set(items.map((i) => i.tag)).size).toBe(5);
      expect(items.every((i) => i.status === 'disponivel' && i.stock.id === p.stockId)).toBe(true);
      const moves = await t.call('GET', `/api/movements?item=${items[0].id}`, boss);
      expect(moves.json().items).toMatchObject([{ type: 'entrada', document: 'NF 4521', to_status: 'disponivel' }]);
      const byQuantity = await t.call('POST', '/api/patrimony/bulk', boss, { product_id: p.patrimonyProductId, section_id: p.sectionId, quantity: 3 });
      expect(byQuantity.json().items).toHaveLength(3);
      for (const bad of [
        { product_id: p.patrimonyProductId, section_id: p.sectionId, serials: 'X1\nX1' },
        { product_id: p.patrimonyProductId, section_id: p.sectionId, serials: 'X1\nX2', quantity: 3 },
        { product_id: p.patrimonyProductId, section_id: p.sectionId },
        { product_id: p.consumableProductId, section_id: p.sectionId, quantity: 2 },
      ]) {
        expect((await t.call('POST', '/api/patrimony/bulk', boss, bad)).statusCode, JSON.stringify(bad)).toBe(422);
      }
      expect((await t.call('POST', '/api/patrimony/bulk', reader, { product_id: p.patrimonyProductId, section_id: p.sectionId, quantity: 1 })).statusCode).toBe(403);
    });

    it('prints a PDF sheet of labels with QR codes; foreign ids are 404', async () => {
      const a = await newItem(t, p);
      const b = await newItem(t, p);
      const res = await t.call('GET', `/api/patrimony/labels?ids=${a.id},${b.id}`, reader);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
      expect(res.rawPayload.length).toBeGreaterThan(2000);
      expect((await t.call('GET', `/api/patrimony/labels?ids=${a.id}`, foreign)).statusCode).toBe(404);
      expect((await t.call('GET', `/api/patrimony/labels?ids=abc`, reader)).statusCode).toBe(422);
      expect((await t.call('GET', `/api/patrimony/labels?ids=${a.id}`, nobody)).statusCode).toBe(403);
    });

    it('finds items by tag, serial or product name, accent- and case-insensitively, with a trigram index', async () => {
      const product = (await t.call('POST', '/api/product', boss, { code: `RB${uid()}`, name: 'Rádio Ubiquiti Açaí', tracking: 'patrimonio' })).json();
      const item = (await t.call('POST', '/api/patrimony', boss, { product_id: product.id, section_id: p.sectionId, serial: 'ÇX-99-ÁB' })).json();
      for (const term of ['radio ubiquiti', 'ACAI', 'cx-99-ab', item.tag.toLowerCase()]) {
        const res = await t.call('GET', `/api/patrimony?search=${encodeURIComponent(term)}`, reader);
        expect(res.json().items.map((i: { id: number }) => i.id), term).toContain(item.id);
      }
      // Renaming the product keeps its items findable by the new name.
      await t.call('PUT', `/api/product/${product.id}`, boss, { name: 'Antena Mimosa' });
      expect((await t.call('GET', '/api/patrimony?search=mimosa', reader)).json().items.map((i: { id: number }) => i.id)).toEqual([item.id]);
      const idx = (await t.app.db.execute(sql`select indexdef from pg_indexes where indexname = 'patrimony_search_trgm'`)).rows as { indexdef: string }[];
      expect(idx[0].indexdef).toMatch(/gin.*gin_trgm_ops/i);
    });

    it('counts exactly when words match products, item texts or both', async () => {
      const k = uid();
      const radio = (await t.call('POST', '/api/product', boss, { code: `R${k}`, name: `Rádio Enlace ${k}`, tracking: 'patrimonio' })).json();
      const antenna = (await t.call('POST', '/api/product', boss, { code: `A${k}`, name: `Antena Setorial ${k}`, tracking: 'patrimonio' })).json();
      const mk = async (product: number, serial: string) => (await t.call('POST', '/api/patrimony', boss, { product_id: product, section_id: p.sectionId, serial })).json().id as number;
      const r1 = await mk(radio.id, `X1${k}`);
      const r2 = await mk(radio.id, `ENLACE-${k}`);
      const a1 = await mk(antenna.id, `RADIO${k}-9`);
      await mk(antenna.id, `Y2${k}`);
      const found = async (term: string) => {
        const body = (await t.call('GET', `/api/patrimony?pageSize=100&search=${encodeURIComponent(term)}`, reader)).json();
        expect(body.total_items, term).toBe(body.items.length);
        return (body.items as { id: number }[]).map((i) => i.id).sort((a, b) => a - b);
      };
      expect(await found(`radio ${k}`)).toEqual([r1, r2, a1].sort((a, b) => a - b));
      expect(await found(`enlace ${k}`)).toEqual([r1, r2].sort((a, b) => a - b));
      expect(await found(`${k}-9`)).toEqual([a1]);
      expect(await found(`setorial radio${k}`)).toEqual([a1]);
      expect(await found(`zzz${k}`)).toEqual([]);
      const page2 = (await t.call('GET', `/api/patrimony?pageSize=2&page=2&search=${encodeURIComponent(`radio ${k}`)}`, reader)).json();
      expect(page2).toMatchObject({ total_items: 3, total_pages: 2, current_page: 2 });
      expect(page2.items).toHaveLength(1);
      const past = (await t.call('GET', `/api/patrimony?pageSize=2&page=5&search=${encodeURIComponent(`radio ${k}`)}`, reader)).json();
      expect(past).toMatchObject({ total_items: 3, items: [] });
    });

    it('moves items by editing, each change with its movement; illegal states are 422', async () => {
      const item = await newItem(t, p);
      const put = (body: Record<string, unknown>) => t.call('PUT', `/api/patrimony/${item.id}`, boss, body);
      expect((await put({ section_id: p.section2Id, reason: 'Reorganização' })).json()).toMatchObject({ section_id: p.section2Id, status: 'disponivel' });
      expect((await put({ holder_user_id: holder.id })).json()).toMatchObject({ holder_user_id: holder.id, section_id: null, status: 'em_uso' });
      expect((await put({ status: 'disponivel' })).statusCode).toBe(422);
      expect((await put({ holder_user_id: null })).statusCode).toBe(422);
      expect((await put({ section_id: p.sectionId, holder_user_id: holder.id })).statusCode).toBe(422);
      expect((await put({ status: 'reservado' })).statusCode).toBe(422);
      expect((await put({ section_id: p.sectionId })).json()).toMatchObject({ section_id: p.sectionId, holder_user_id: null, status: 'disponivel' });
      expect((await put({ status: 'manutencao', reason: 'Fonte queimada' })).json().status).toBe('manutencao');
      expect((await put({ status: 'disponivel' })).json().status).toBe('disponivel');
      const list = (await t.call('GET', `/api/movements?item=${item.id}&sort=id`, boss)).json().items as { type: string; reason: string | null }[];
      expect(list.map((m) => m.type)).toEqual(['entrada', 'transferencia', 'saida', 'devolucao', 'ajuste', 'ajuste']);
      expect(list[1].reason).toBe('Reorganização');
      // Descriptive edits write no movement.
      await put({ notes: 'Etiqueta refeita', condition: 'bom' });
      expect((await t.call('GET', `/api/movements?item=${item.id}`, boss)).json().total_items).toBe(6);
    });

    it('never erases an item: DELETE writes it off (baixado) and it stays in history', async () => {
      const item = await newItem(t, p);
      const res = await t.call('DELETE', `/api/patrimony/${item.id}`, boss);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ written_off: true, item: { id: item.id, status: 'baixado', section_id: null } });
      expect((await t.call('GET', `/api/patrimony/${item.id}`, boss)).json().status).toBe('baixado');
      expect((await t.call('DELETE', `/api/patrimony/${item.id}`, boss)).statusCode).toBe(409);
      expect((await t.call('PUT', `/api/patrimony/${item.id}`, boss, { section_id: p.sectionId })).statusCode).toBe(409);
      expect((await t.call('PUT', `/api/patrimony/${item.id}`, boss, { notes: 'Sucata vendida' })).statusCode).toBe(200);
      const other = await newItem(t, p);
      expect((await t.call('PUT', `/api/patrimony/${other.id}`, boss, { status: 'baixado', reason: 'Queimado por descarga atmosférica' })).json()).toMatchObject({ status: 'baixado' });
      const moves = (await t.call('GET', `/api/movements?item=${other.id}&type=baixa`, boss)).json().items;
      expect(moves).toMatchObject([{ type: 'baixa', reason: 'Queimado por descarga atmosférica', from_section: { id: p.sectionId } }]);
    });

    it('another organization cannot use this organization’s product, section or holder (422) nor see its items (404)', async () => {
      const mine = await newItem(t, p);
      expect((await t.call('POST', '/api/patrimony', foreign, { product_id: p.patrimonyProductId, section_id: p.sectionId })).statusCode).toBe(422);
      const fp = await place(t, foreignOrg);
      expect((await t.call('POST', '/api/patrimony', fp.bossToken, { product_id: fp.patrimonyProductId, section_id: p.sectionId })).statusCode).toBe(422);
      expect((await t.call('POST', '/api/patrimony', fp.bossToken, { product_id: fp.patrimonyProductId, holder_user_id: holder.id })).statusCode).toBe(422);
      expect((await t.call('GET', `/api/patrimony/${mine.id}`, foreign)).statusCode).toBe(404);
      expect((await t.call('GET', `/api/stock/${p.stockId}/balances`, foreign)).statusCode).toBe(404);
      expect((await t.call('GET', `/api/movements?item=${mine.id}`, foreign)).json().total_items).toBe(0);
    });
  });

  describe('products', () => {
    it('takes a photo (PNG/JPEG/WebP checked by content), audited; a text file is refused', async () => {
      const upload = (token: string, content: Buffer, type: string) => {
        const boundary = '----operacoes' + Math.random().toString(16).slice(2);
        const payload = Buffer.concat([
          Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="foto"\r\nContent-Type: ${type}\r\n\r\n`),
          content,
          Buffer.from(`\r\n--${boundary}--\r\n`),
        ]);
        return t.app.inject({ method: 'POST', url: `/api/product/${p.patrimonyProductId}/photo`, payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, authorization: `Bearer ${token}` } });
      };
      const png = await realPng();
      const ok = await upload(boss, png, 'image/png');
      expect(ok.statusCode, ok.body).toBe(200);
      expect(ok.json().photo).toMatch(/^\/api\/files\/[a-f0-9]{32}\.png$/);
      expect((await upload(boss, Buffer.from('não é imagem'), 'image/png')).statusCode).toBe(415);
      expect((await upload(reader, png, 'image/png')).statusCode).toBe(403);
      const rev = await t.call('GET', `/api/revision?entity=product&entityId=${p.patrimonyProductId}`, await t.adminToken());
      expect(rev.json().items.some((r: { changes: Record<string, unknown> }) => 'photo' in r.changes)).toBe(true);
    });
  });

  describe('consumables', () => {
    const c = (verb: string, body: Record<string, unknown>, token = stockOnly) => t.call('POST', `/api/consumable/${verb}`, token, body);
    const balance = async (sectionId: number) => {
      const res = await t.call('GET', `/api/consumable/balances?section=${sectionId}&product=${p.consumableProductId}`, stockOnly);
      return (res.json().items[0]?.quantity as number | undefined) ?? 0;
    };

    it('enters, transfers, adjusts and writes off, each a movement; balances never go negative (409)', async () => {
      const entry = await c('entry', { product_id: p.consumableProductId, section_id: p.sectionId, quantity: 100.5, invoice_number: '889', supplier: 'Furukawa', unit_price: '1,20' });
      expect(entry.statusCode, entry.body).toBe(201);
      expect(entry.json()).toMatchObject({ movements: [{ type: 'entrada', quantity: 100.5, document: 'NF 889', to_section: { id: p.sectionId } }], balances: [{ quantity: 100.5 }] });
      // Money in the text the server writes is Brazilian, typed either way.
      expect(entry.json().movements[0].reason).toBe('Fornecedor: Furukawa · Preço unitário: R$ 1,20');
      for (const [typed, shown] of [['1.234,56', 'R$ 1.234,56'], [1234.5, 'R$ 1.234,50'], ['1234567.8', 'R$ 1.234.567,80']] as const) {
        const priced = await c('entry', { product_id: p.consumableProductId, section_id: p.sectionId, quantity: 1, unit_price: typed });
        expect(priced.statusCode, priced.body).toBe(201);
        expect(priced.json().movements[0].reason).toBe(`Preço unitário: ${shown}`);
        await c('write-off', { product_id: p.consumableProductId, section_id: p.sectionId, quantity: 1, reason: 'Devolução do teste' });
      }
      const transfer = await c('transfer', { product_id: p.consumableProductId, from_section_id: p.sectionId, to_section_id: p.section2Id, quantity: 30 });
      expect(transfer.statusCode, transfer.body).toBe(201);
      expect(await balance(p.sectionId)).toBe(70.5);
      expect(await balance(p.section2Id)).toBe(30);
      const tooMuch = await c('write-off', { product_id: p.consumableProductId, section_id: p.sectionId, quantity: 80, reason: 'Perda em obra' });
      expect(tooMuch.statusCode).toBe(409);
      expect(tooMuch.json().message).toMatch(/Saldo insuficiente.*disponível 70,5/);
      expect((await c('transfer', { product_id: p.consumableProductId, from_section_id: p.section2Id, to_section_id: p.sectionId, quantity: 31 })).statusCode).toBe(409);
      expect(await balance(p.sectionId)).toBe(70.5);
      expect(await balance(p.section2Id)).toBe(30);
      const adj = await c('adjustment', { product_id: p.consumableProductId, section_id: p.sectionId, counted_quantity: 65, reason: 'Inventário mensal' });
      expect(adj.json()).toMatchObject({ movements: [{ type: 'ajuste', quantity: 5.5, from_section: { id: p.sectionId } }], balances: [{ quantity: 65 }] });
      expect((await c('adjustment', { product_id: p.consumableProductId, section_id: p.sectionId, counted_quantity: 65, reason: 'Inventário' })).statusCode).toBe(422);
      expect((await c('adjustment', { product_id: p.consumableProductId, section_id: p.sectionId, counted_quantity: 66, reason: '' })).statusCode).toBe(422);
      const off = await c('write-off', { product_id: p.consumableProductId, section_id: p.sectionId, quantity: 15, reason: 'Sobras inutilizadas' });
      expect(off.json().balances[0].quantity).toBe(50);
      const stockBalances = (await t.call('GET', `/api/stock/${p.stockId}/balances`, stockOnly)).json();
      expect(stockBalances.items.map((b: { quantity: number }) => b.quantity).sort()).toEqual([30, 50]);
    });

    it('refuses bad operations: patrimony products, foreign sections, bad quantities, missing permission', async () => {
      expect((await c('entry', { product_id: p.patrimonyProductId, section_id: p.sectionId, quantity: 1 })).statusCode).toBe(422);
      const fp = await place(t, foreignOrg);
      expect((await c('entry', { product_id: p.consumableProductId, section_id: fp.sectionId, quantity: 1 })).statusCode).toBe(422);
      expect((await c('entry', { product_id: p.consumableProductId, section_id: p.sectionId, quantity: -1 })).statusCode).toBe(422);
      expect((await c('entry', { product_id: p.consumableProductId, section_id: p.sectionId, quantity: 1.0005 })).statusCode).toBe(422);
      expect((await c('transfer', { product_id: p.consumableProductId, from_section_id: p.sectionId, to_section_id: p.sectionId, quantity: 1 })).statusCode).toBe(422);
      expect((await c('entry', { product_id: p.consumableProductId, section_id: p.sectionId, quantity: 1 }, reader)).statusCode).toBe(403);
      expect((await t.call('GET', '/api/consumable/balances', nobody)).statusCode).toBe(403);
    });

    it('alerts the warehouse managers once when a product falls below its minimum', async () => {
      const manager = await t.createUser({ permissions: ['WAREHOUSE'] });
      const prod = (await t.call('POST', '/api/product', boss, { code: `FUS${uid()}`, name: 'Tubete de fusão', tracking: 'consumivel', minimum_quantity: 10 })).json();
      await c('entry', { product_id: prod.id, section_id: p.sectionId, quantity: 12 });
      const alerts = async () =>
        (await t.app.db.select().from(notifications).where(eq(notifications.user_id, manager.id))).filter((n) => n.title === 'Estoque baixo: Tubete de fusão');
      await c('write-off', { product_id: prod.id, section_id: p.sectionId, quantity: 1, reason: 'Uso em emenda' });
      expect(await alerts()).toHaveLength(0);
      await c('write-off', { product_id: prod.id, section_id: p.sectionId, quantity: 3, reason: 'Uso em emenda' });
      expect(await alerts()).toHaveLength(1);
      expect((await alerts())[0].message).toBe('Restam 8 un de "Tubete de fusão" (mínimo 10).');
      await c('write-off', { product_id: prod.id, section_id: p.sectionId, quantity: 1, reason: 'Uso em emenda' });
      expect(await alerts()).toHaveLength(1);
    });

    it('concurrent write-offs never take more than the balance', async () => {
      const sec = (await t.call('POST', '/api/section', boss, { stock_id: p.stockId, name: 'Gaiola', code: `G${uid()}` })).json();
      await c('entry', { product_id: p.consumableProductId, section_id: sec.id, quantity: 10 });
      const results = await Promise.all(Array.from({ length: 6 }, () => c('write-off', { product_id: p.consumableProductId, section_id: sec.id, quantity: 3, reason: 'Consumo em campo' })));
      const codes = results.map((r) => r.statusCode).sort();
      expect(codes).toEqual([201, 201, 201, 409, 409, 409]);
      expect(await balance(sec.id)).toBe(1);
    });
  });

  describe('references', () => {
    it('refuses to delete a referenced product, section or stock (409, saying what references it)', async () => {
      const prod = (await t.call('DELETE', `/api/product/${p.patrimonyProductId}`, boss)).json();
      expect(prod.code).toBe(409);
      expect(prod.message).toMatch(/itens de patrimônio/);
      expect(prod.message).toMatch(/movimentações/);
      const sec = (await t.call('DELETE', `/api/section/${p.sectionId}`, boss)).json();
      expect(sec.code).toBe(409);
      expect(sec.message).toMatch(/Seção|seção/);
      expect(sec.message).toMatch(/itens de patrimônio/);
      const stock = (await t.call('DELETE', `/api/stock/${p.stockId}`, boss)).json();
      expect(stock.code).toBe(409);
      expect(stock.message).toMatch(/seções/);
      const cons = (await t.call('DELETE', `/api/product/${p.consumableProductId}`, boss)).json();
      expect(cons.message).toMatch(/saldos de consumíveis/);
      // A section holding items cannot move to another stock.
      const unit2 = (await t.call('POST', '/api/stock', boss, { name: 'Outro', code: `O${uid()}`, unit_organizational_id: p.unitId })).json();
      expect((await t.call('PUT', `/api/section/${p.sectionId}`, boss, { stock_id: unit2.id })).statusCode).toBe(409);
      // A product with items cannot switch tracking.
      expect((await t.call('PUT', `/api/product/${p.patrimonyProductId}`, boss, { tracking: 'consumivel' })).statusCode).toBe(409);
      // Codes are unique per organization (409), another organization may reuse them.
      const dup = await t.call('POST', '/api/stock', boss, { name: 'Dup', code: unit2.code.toLowerCase(), unit_organizational_id: p.unitId });
      expect(dup.statusCode).toBe(409);
    });
  });

  describe('movements', () => {
    it('filters by item, product, stock, user, type and period', async () => {
      const item = await newItem(t, p);
      await t.call('PUT', `/api/patrimony/${item.id}`, boss, { holder_user_id: holder.id });
      const q = async (qs: string) => (await t.call('GET', `/api/movements?${qs}&pageSize=100`, reader)).json();
      expect((await q(`item=${item.id}`)).items.map((m: { type: string }) => m.type)).toEqual(['saida', 'entrada']);
      expect((await q(`item=${item.id}&type=saida`)).items[0]).toMatchObject({ to_holder: { id: holder.id }, from_section: { id: p.sectionId }, to_status: 'em_uso', from_status: 'disponivel' });
      expect((await q(`user=${holder.id}`)).items.every((m: { to_holder: { id: number } | null; from_holder: { id: number } | null }) => m.to_holder?.id === holder.id || m.from_holder?.id === holder.id)).toBe(true);
      expect((await q(`product=${p.consumableProductId}`)).items.every((m: { product: { id: number } }) => m.product.id === p.consumableProductId)).toBe(true);
      expect((await q(`stock=${p.stockId}`)).total_items).toBeGreaterThan(5);
      const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date());
      expect((await q(`item=${item.id}&from=${today}&to=${today}`)).total_items).toBeGreaterThanOrEqual(1);
      expect((await q(`item=${item.id}&from=2020-01-01&to=2020-01-31`)).total_items).toBe(0);
      expect((await t.call('GET', '/api/movements', stockOnly)).statusCode).toBe(403);
      expect((await t.call('GET', '/api/movements?type=roubo', reader)).statusCode).toBe(422);
    });

    it('exports CSV (BOM, semicolons, pt-BR) and XLSX', async () => {
      const item = await newItem(t, p, { serial: 'EXP-1' });
      const res = await t.call('GET', `/api/movements?item=${item.id}&format=csv`, reader);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/csv/);
      expect(res.headers['content-disposition']).toMatch(/attachment; filename="movimentacoes-.*\.csv"/);
      const text = res.rawPayload.toString('utf8');
      expect(text.charCodeAt(0)).toBe(0xfeff);
      const [header, row] = text.slice(1).split('\r\n');
      expect(header.split(';').slice(0, 3)).toEqual(['ID', 'Data', 'Tipo']);
      expect(row).toContain(';Entrada;');
      expect(row).toContain(item.tag);
      expect(row).toMatch(/;\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2};/);
      const x = await t.call('GET', `/api/movements?stock=${p.stockId}&format=xlsx`, reader);
      expect(x.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
      const sheet = unzipEntry(x.rawPayload, 'xl/worksheets/sheet1.xml');
      expect(sheet).toContain('<t xml:space="preserve">Tipo</t>');
      expect(sheet).toContain(item.tag);
      expect(unzipEntry(x.rawPayload, 'xl/workbook.xml')).toContain('name="Movimentações"');
    });

    it('are append-only: no route edits them and the database refuses UPDATE and DELETE', async () => {
      const [m] = await t.app.db.select().from(movements).limit(1);
      expect((await t.call('PUT', `/api/movements/${m.id}`, boss, { reason: 'x' })).statusCode).toBe(404);
      expect((await t.call('DELETE', `/api/movements/${m.id}`, boss)).statusCode).toBe(404);
      await expect(t.app.db.update(movements).set({ reason: 'adulterado' }).where(eq(movements.id, m.id))).rejects.toThrow();
      await expect(t.app.db.delete(movements).where(eq(movements.id, m.id))).rejects.toThrow();
    });
  });

  describe('hub', () => {
    it('counts what each user may see; 403 without any warehouse permission', async () => {
      const s = (await t.call('GET', '/api/warehouse/summary', reader)).json();
      expect(s.patrimony.disponivel).toBeGreaterThan(5);
      expect(s.patrimony.baixado).toBeGreaterThanOrEqual(2);
      expect(s.patrimony_total).toBe(Object.values(s.patrimony as Record<string, number>).reduce((a, b) => a + b, 0));
      expect(s.stocks).toBeGreaterThanOrEqual(1);
      expect(s.products_below_minimum).toBeGreaterThanOrEqual(0);
      const limited = (await t.call('GET', '/api/warehouse/summary', stockOnly)).json();
      expect(limited).toMatchObject({ patrimony: null, products: null, stocks: expect.any(Number), movements_last_30_days: null });
      expect((await t.call('GET', '/api/warehouse/summary', nobody)).statusCode).toBe(403);
      const cheap = (await t.call('POST', '/api/product', boss, { code: `MIN${uid()}`, name: 'Conector SC/APC', tracking: 'consumivel', minimum_quantity: 50 })).json();
      expect(cheap.below_minimum).toBe(true);
      const below = (await t.call('GET', '/api/product?belowMinimum=true&pageSize=100', reader)).json();
      expect(below.items.map((i: { id: number }) => i.id)).toContain(cheap.id);
    });
  });

  it('a super admin works in any organization: records go to the organization of what they refer to', async () => {
    const admin = await t.adminToken();
    const fp = await place(t, foreignOrg);
    const stock = await t.call('POST', '/api/stock', admin, { name: 'Estoque remoto', code: `REM${uid()}`, unit_organizational_id: fp.unitId });
    expect(stock.statusCode, stock.body).toBe(201);
    expect(stock.json().organization_id).toBe(foreignOrg);
    const item = await t.call('POST', '/api/patrimony', admin, { product_id: fp.patrimonyProductId, section_id: fp.sectionId });
    expect(item.json().organization_id).toBe(foreignOrg);
    // …but never mixes organizations in one record.
    expect((await t.call('POST', '/api/patrimony', admin, { product_id: fp.patrimonyProductId, section_id: p.sectionId })).statusCode).toBe(422);
    const all = (await t.call('GET', '/api/stock?pageSize=100', admin)).json();
    expect(new Set(all.items.map((s: { organization_id: number }) => s.organization_id)).size).toBeGreaterThan(1);
  });

  it('documents every warehouse route in OpenAPI', async () => {
    const paths = Object.keys((await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json().paths);
    for (const path of [
      '/api/stock', '/api/stock/{id}', '/api/stock/{id}/balances', '/api/section/{id}', '/api/product/{id}/photo', '/api/patrimony', '/api/patrimony/bulk', '/api/patrimony/labels',
      '/api/consumable/balances', '/api/consumable/entry', '/api/consumable/transfer', '/api/consumable/adjustment', '/api/consumable/write-off', '/api/movements',
      '/api/patrimony-solicitation', '/api/patrimony-solicitation/{id}/approve', '/api/patrimony-solicitation/{id}/refuse', '/api/patrimony-solicitation/{id}/deliver',
      '/api/patrimony-solicitation/{id}/return', '/api/patrimony-solicitation/{id}/cancel', '/api/my-patrimony', '/api/my-patrimony/{id}/confirm', '/api/my-patrimony/{id}/return', '/api/warehouse/summary',
    ]) {
      expect(paths, path).toContain(path);
    }
  });

  it('the current state equals the replay of the movements', async () => {
    const { items, movements: n } = await expectStateEqualsReplay(t);
    expect(items).toBeGreaterThan(10);
    expect(n).toBeGreaterThan(items);
  });
});
