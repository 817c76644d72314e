import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { shipmentResource, shipmentSolicitationResource } from '@operacoes/contract';
import { shipmentSolicitations, shipments } from '../../src/modules/logistics/schema';
import { movements } from '../../src/modules/warehouse/movement/schema';
import { describeCrud } from '../crud-suite';
import { bombPng, dataUrl, pdfImageCount, pdfText, pngHeaderThenHtml, realPng } from '../files/images';
import { createTestApp, type TestApp } from '../helpers';
import { startSmtpServer } from '../smtp';

type Fixture = { unitId: number; stockId: number; sectionA: number; sectionB: number; cable: number; router: number; items: number[] };

/** Codes and e-mails come from counters: unique in the file by construction, never random. */
let warehouses = 0;
let recipients = 0;

/** A stock with two sections, a consumable (cable, 100 m) and five routers (patrimony), made through the API by a warehouse keeper. */
async function warehouse(t: TestApp, organizationId?: number): Promise<Fixture & { keeper: string }> {
  const keeper = (await t.createUser({ permissions: ['ORG', 'STOCK', 'SECTION', 'PRODUCT', 'PATRIMONY', 'PATRIMONY_HISTORY'], organizationId })).token;
  const ok = async (method: string, url: string, body?: unknown) => {
    const res = await t.call(method, url, keeper, body);
    if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
    return res.json();
  };
  const n = `W${++warehouses}`;
  const unit = await ok('POST', '/api/unit-organizational', { name: `Almoxarifado ${n}`, code: `ALM${n}` });
  const stock = await ok('POST', '/api/stock', { name: `Estoque ${n}`, code: `EST${n}`, unit_organizational_id: unit.id });
  const a = await ok('POST', '/api/section', { stock_id: stock.id, name: 'Prateleira A', code: 'A' });
  const b = await ok('POST', '/api/section', { stock_id: stock.id, name: 'Prateleira B', code: 'B' });
  const cable = await ok('POST', '/api/product', { code: `CAB${n}`, name: 'Cabo óptico 12FO', tracking: 'consumivel', unit_of_measure: 'm' });
  const router = await ok('POST', '/api/product', { code: `RB${n}`, name: 'Roteador RB4011', tracking: 'patrimonio' });
  await ok('POST', '/api/consumable/entry', { product_id: cable.id, section_id: a.id, quantity: 100, invoice_number: 'NF-1' });
  const items: number[] = [];
  for (let i = 0; i < 5; i++) items.push((await ok('POST', '/api/patrimony', { product_id: router.id, section_id: a.id, serial: `SN${n}${i}` })).id);
  return { keeper, unitId: unit.id, stockId: stock.id, sectionA: a.id, sectionB: b.id, cable: cable.id, router: router.id, items };
}

const fixtures = new WeakMap<TestApp, Promise<Fixture>>();
const fixtureOf = (t: TestApp) => {
  if (!fixtures.has(t)) fixtures.set(t, warehouse(t));
  return fixtures.get(t)!;
};

/** A request to ship 1 m of the fixture's cable to an address. */
const requestBody = (n: number, f: Fixture) => ({
  origin_stock_id: f.stockId,
  destination_type: 'endereco',
  destination_address: `Rua das Araucárias, ${n}`,
  recipient_name: `Cliente Conceição ${n}`,
  recipient_email: `cliente${n}@example.com`,
  justification: 'Instalação de cliente corporativo',
  items: [{ product_id: f.cable, section_id: f.sectionA, quantity: 1 }],
});

describeCrud(shipmentSolicitationResource, {
  valid: async (n, t) => requestBody(n, await fixtureOf(t)),
  invalid: [
    { origin_stock_id: 1, destination_type: 'endereco', recipient_name: 'X', recipient_email: 'x@example.com', justification: 'abc', items: [] },
    { origin_stock_id: 1, destination_type: 'unidade', recipient_name: 'Fulano', recipient_email: 'x@example.com', justification: 'abc', items: [{ patrimony_id: 1 }] },
    { origin_stock_id: 1, destination_type: 'lua', recipient_name: 'Fulano', recipient_email: 'x@example.com', justification: 'abc', items: [{ patrimony_id: 1 }] },
  ],
  update: {
    body: async (t) => {
      const f = await fixtureOf(t);
      return {
        origin_stock_id: f.stockId,
        destination_type: 'pessoa',
        recipient_name: 'Técnico de campo',
        recipient_email: 'tecnico@example.com',
        justification: 'Kit de instalação',
        items: [{ product_id: f.cable, section_id: f.sectionA, quantity: 2 }],
      };
    },
    expect: (r) => {
      expect(r.justification).toBe('Kit de instalação');
      expect((r.items as { quantity: number }[])[0].quantity).toBe(2);
    },
  },
  search: 'conceicao',
  // Another organization's stock, its sections and products.
  foreign: async (t, other) => {
    const [mine, theirs] = [await fixtureOf(t), await warehouse(t, other)];
    const stranger = await t.createUser({ organizationId: other });
    const own = requestBody(99, mine);
    return [
      requestBody(98, theirs),
      { ...own, destination_type: 'unidade', destination_unit_id: theirs.unitId },
      { ...own, destination_type: 'unidade', destination_unit_id: mine.unitId, destination_section_id: theirs.sectionB },
      { ...own, destination_type: 'pessoa', recipient_user_id: stranger.id },
      { ...own, items: [{ patrimony_id: theirs.items[0] }] },
      { ...own, items: [{ product_id: theirs.cable, section_id: mine.sectionA, quantity: 1 }] },
    ];
  },
});

/** Shipments are born of an approved request: `make` asks for one (as the super admin) and approves it. */
describeCrud(shipmentResource, {
  routes: ['list', 'get', 'update'],
  make: async (n, t) => {
    const admin = await t.adminToken();
    const asked = await t.call('POST', '/api/shipment-solicitation', admin, requestBody(n, await fixtureOf(t)));
    expect(asked.statusCode, asked.body).toBe(201);
    const approved = await t.call('POST', `/api/shipment-solicitation/${asked.json().id}/approve`, admin);
    expect(approved.statusCode, approved.body).toBe(200);
    return (await t.call('GET', `/api/shipment/${approved.json().shipment_id}`, admin)).json();
  },
  valid: () => ({}),
  invalid: [{ volumes: 0 }, { weight_kg: -1 }, { expected_date: 'amanhã' }, { carrier: 'x'.repeat(101) }],
  update: {
    body: { tracking_code: 'BR123456789', carrier: 'Correios', volumes: 2, weight_kg: 3.5, notes: 'Frágil' },
    expect: (r) => expect(r).toMatchObject({ tracking_code: 'BR123456789', carrier: 'Correios', volumes: 2, notes: 'Frágil' }),
  },
  search: 'conceicao',
});

describe('logistics: request → approve → dispatch → receive', () => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let f: Fixture & { keeper: string };
  let shipper: Awaited<ReturnType<TestApp['createUser']>>;
  let reader: string;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await createTestApp({ smtpUrl: smtp.url });
    f = await warehouse(t);
    shipper = await t.createUser({ permissions: ['ASSET_SHIPMENT', 'PATRIMONY_HISTORY'] });
    reader = (await t.createUser({ permissions: ['ASSET_SHIPMENT.INDEX'] })).token;
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  const request = async (items: unknown[], extra: Record<string, unknown> = {}) => {
    const res = await t.call('POST', '/api/shipment-solicitation', shipper.token, {
      origin_stock_id: f.stockId,
      destination_type: 'unidade',
      destination_unit_id: f.unitId,
      destination_section_id: f.sectionB,
      recipient_name: 'Renata Ribeiro',
      recipient_email: `renata.${++recipients}@example.com`,
      justification: 'Reposição do POP Batel',
      items,
      ...extra,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json();
  };
  const step = (path: string, body?: unknown, token = shipper.token) => t.call('POST', path, token, body);
  const item = async (id: number) => (await t.call('GET', `/api/patrimony/${id}`, f.keeper)).json();
  const balance = async (sectionId: number) => {
    const res = (await t.call('GET', `/api/stock/${f.stockId}/balances`, f.keeper)).json();
    const list = (res.items ?? res) as { section: { id: number }; product: { id: number }; quantity: number }[];
    return list.find((b) => b.section.id === sectionId && b.product.id === f.cable)?.quantity ?? 0;
  };
  const linkOf = async (to: string) => {
    const mail = await smtp.waitFor(to);
    return /http:\/\/operacoes\.test\/receiving\/([A-Za-z0-9_-]{43})/.exec(mail.text)![1];
  };

  it('all received: items enter the destination section, movements written, sender notified', async () => {
    const s = await request([{ patrimony_id: f.items[0] }, { patrimony_id: f.items[1] }, { product_id: f.cable, section_id: f.sectionA, quantity: 30 }]);
    expect(s.status).toBe('pendente');
    expect((await step(`/api/shipment-solicitation/${s.id}/approve`, undefined, reader)).statusCode).toBe(403);
    const approved = (await step(`/api/shipment-solicitation/${s.id}/approve`)).json();
    expect(approved.status).toBe('aprovada');
    expect((await item(f.items[0])).status).toBe('reservado');
    expect(await balance(f.sectionA)).toBe(70);
    // Approving twice is an illegal transition.
    expect((await step(`/api/shipment-solicitation/${s.id}/approve`)).statusCode).toBe(409);

    const id = approved.shipment_id;
    const bad = await t.call('PUT', `/api/shipment/${id}`, shipper.token, { carrier: 'Transportadora Inventada' });
    expect(bad.statusCode).toBe(422);
    const edited = await t.call('PUT', `/api/shipment/${id}`, shipper.token, { carrier: 'Jadlog', tracking_code: 'JD123BR', volumes: 2, weight_kg: 3.5 });
    expect(edited.statusCode, edited.body).toBe(200);
    const packing = await t.app.inject({ method: 'GET', url: `/api/shipment/${id}/packing-list`, headers: { authorization: `Bearer ${reader}` } });
    expect(packing.headers['content-type']).toBe('application/pdf');
    expect(packing.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    const sent = (await step(`/api/shipment/${id}/dispatch`)).json();
    expect(sent.status).toBe('enviado');
    expect((await item(f.items[0])).status).toBe('em_transito');
    expect((await step(`/api/shipment/${id}/dispatch`)).statusCode).toBe(409);

    const hash = await linkOf(s.recipient_email);
    const view = await t.call('GET', `/api/receiving/${hash}`);
    expect(view.statusCode).toBe(200);
    expect(view.json()).toMatchObject({ status: 'aguardando', recipient_name: 'Renata Ribeiro', carrier: 'Jadlog' });
    expect(view.json().items).toHaveLength(3);
    // No data leaks through the public page.
    expect(view.body).not.toMatch(/recipient_email|example\.com|organization_id/);

    const answer = view.json().items.map((i: { id: number }) => ({ id: i.id, status: 'recebido' }));
    const confirm = await t.call('POST', `/api/receiving/${hash}`, undefined, { name: 'Renata Ribeiro', comment: 'Tudo certo', items: answer });
    expect(confirm.statusCode, confirm.body).toBe(200);
    expect(confirm.json().receipt).toMatchObject({ name: 'Renata Ribeiro', shipment_status: 'recebido' });
    const after = await item(f.items[0]);
    expect(after.status).toBe('disponivel');
    expect(after.section?.id ?? after.section_id).toBe(f.sectionB);
    expect(await balance(f.sectionB)).toBe(30);
    const shipment = (await t.call('GET', `/api/shipment/${id}`, reader)).json();
    expect(shipment.status).toBe('recebido');
    const moves = await t.app.db.select().from(movements).where(and(eq(movements.patrimony_id, f.items[0])));
    expect(moves.map((m) => m.type)).toEqual(['entrada', 'reserva', 'transferencia', 'transferencia']);
    const notes = (await t.call('GET', '/api/user/notification', shipper.token)).json();
    expect(notes.items[0].title).toBe(`Envio #${id} recebido`);
    // Works once: the second visit shows the receipt, read-only.
    const again = await t.call('GET', `/api/receiving/${hash}`);
    expect(again.json().status).toBe('confirmado');
    expect((await t.call('POST', `/api/receiving/${hash}`, undefined, { name: 'Outra Pessoa', items: answer })).statusCode).toBe(409);
    const receipt = await t.app.inject({ method: 'GET', url: `/api/receiving/${hash}/receipt` });
    expect(receipt.statusCode).toBe(200);
    expect(receipt.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('with a missing and a damaged item: divergence recorded, missing stays in transit, damaged goes to maintenance', async () => {
    const s = await request([{ patrimony_id: f.items[2] }, { patrimony_id: f.items[3] }]);
    const id = (await step(`/api/shipment-solicitation/${s.id}/approve`)).json().shipment_id;
    await step(`/api/shipment/${id}/dispatch`);
    const hash = await linkOf(s.recipient_email);
    const items = (await t.call('GET', `/api/receiving/${hash}`)).json().items as { id: number; tag: string }[];
    const byPatrimony = (await t.call('GET', `/api/shipment/${id}`, reader)).json().items as { id: number; patrimony: { id: number } }[];
    const lineOf = (pid: number) => byPatrimony.find((l) => l.patrimony.id === pid)!.id;
    expect(items).toHaveLength(2);
    const incomplete = await t.call('POST', `/api/receiving/${hash}`, undefined, { name: 'Carlos Lima', items: [{ id: lineOf(f.items[2]), status: 'recebido' }] });
    expect(incomplete.statusCode).toBe(422);
    const answers = [
      { id: lineOf(f.items[2]), status: 'faltando', comment: 'Não veio na caixa' },
      { id: lineOf(f.items[3]), status: 'danificado', comment: 'Carcaça amassada' },
    ];
    // A public link: the drawn signature is decoded and bounded like any upload (8000×8000 pixels in a few KB is refused).
    const bomb = await t.call('POST', `/api/receiving/${hash}`, undefined, { name: 'Carlos Lima', signature: dataUrl(await bombPng(8000, 8000)), items: answers });
    expect(bomb.statusCode, bomb.body).toBe(422);
    expect(bomb.json().message).toMatch(/^A imagem é grande demais/);
    const html = await t.call('POST', `/api/receiving/${hash}`, undefined, { name: 'Carlos Lima', signature: dataUrl(pngHeaderThenHtml()), items: answers });
    expect(html.json().message).toBe('Arquivo de imagem inválido ou corrompido.');
    expect((await t.call('GET', `/api/receiving/${hash}`)).json().status).toBe('aguardando');
    const signature = dataUrl(await realPng(60, 20));
    const res = await t.call('POST', `/api/receiving/${hash}`, undefined, {
      name: 'Carlos Lima',
      signature,
      items: answers,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().receipt).toMatchObject({ shipment_status: 'recebido_com_divergencia', has_signature: true });
    expect((await item(f.items[2])).status).toBe('em_transito');
    const damaged = await item(f.items[3]);
    expect(damaged.status).toBe('manutencao');
    expect(damaged.condition).toBe('danificado');
    const receipt = await t.app.inject({ method: 'GET', url: `/api/receiving/${hash}/receipt` });
    expect(receipt.statusCode).toBe(200);
    expect(pdfImageCount(receipt.rawPayload)).toBeGreaterThan(0);
    expect(pdfText(receipt.rawPayload)).not.toContain('imagem indisponível');
  });

  it('refusal, cancellation before approval, and cancelling a dispatched shipment returns the items with movements', async () => {
    const refused = await request([{ patrimony_id: f.items[4] }]);
    expect((await step(`/api/shipment-solicitation/${refused.id}/refuse`, { reason: '' })).statusCode).toBe(422);
    const r = (await step(`/api/shipment-solicitation/${refused.id}/refuse`, { reason: 'Sem orçamento' })).json();
    expect(r).toMatchObject({ status: 'recusada', refusal_reason: 'Sem orçamento' });
    expect((await step(`/api/shipment-solicitation/${refused.id}/approve`)).statusCode).toBe(409);
    expect((await item(f.items[4])).status).toBe('disponivel');

    const cancelled = await request([{ patrimony_id: f.items[4] }]);
    expect((await step(`/api/shipment-solicitation/${cancelled.id}/cancel`)).json().status).toBe('cancelada');
    expect((await step(`/api/shipment-solicitation/${cancelled.id}/cancel`)).statusCode).toBe(409);
    expect((await t.call('PUT', `/api/shipment-solicitation/${cancelled.id}`, shipper.token, { justification: 'x' })).statusCode).toBe(422);

    const s = await request([{ patrimony_id: f.items[4] }, { product_id: f.cable, section_id: f.sectionA, quantity: 5 }]);
    const before = await balance(f.sectionA);
    const id = (await step(`/api/shipment-solicitation/${s.id}/approve`)).json().shipment_id;
    expect(await balance(f.sectionA)).toBe(before - 5);
    await step(`/api/shipment/${id}/dispatch`);
    const hash = await linkOf(s.recipient_email);
    const back = (await step(`/api/shipment/${id}/cancel`, { reason: 'Cliente desistiu' })).json();
    expect(back.status).toBe('cancelado');
    const returned = await item(f.items[4]);
    expect(returned.status).toBe('disponivel');
    expect(returned.section?.id ?? returned.section_id).toBe(f.sectionA);
    expect(await balance(f.sectionA)).toBe(before);
    const moves = await t.app.db.select().from(movements).where(eq(movements.patrimony_id, f.items[4]));
    expect(moves.at(-1)?.type).toBe('devolucao');
    // The receiving link died with the cancellation.
    expect((await t.call('GET', `/api/receiving/${hash}`)).statusCode).toBe(404);
    expect((await step(`/api/shipment/${id}/cancel`)).statusCode).toBe(409);
  });

  it('a reserved item cannot go in a second shipment; insufficient balance is 409', async () => {
    const items = (await t.call('GET', `/api/patrimony?pageSize=100&status=disponivel`, f.keeper)).json().items as { id: number }[];
    const free = items[0].id;
    const a = await request([{ patrimony_id: free }]);
    const b = await request([{ patrimony_id: free }]);
    expect((await step(`/api/shipment-solicitation/${a.id}/approve`)).statusCode).toBe(200);
    const lost = await step(`/api/shipment-solicitation/${b.id}/approve`);
    expect(lost.statusCode).toBe(409);
    expect((await t.call('GET', `/api/shipment-solicitation/${b.id}`, reader)).json().status).toBe('pendente');
    const greedy = await request([{ product_id: f.cable, section_id: f.sectionA, quantity: 100000 }]);
    const res = await step(`/api/shipment-solicitation/${greedy.id}/approve`);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/Saldo insuficiente/);
  });

  it('expired, unknown and tampered links show a clear message and no data', async () => {
    const items = (await t.call('GET', `/api/patrimony?pageSize=100&status=disponivel`, f.keeper)).json().items as { id: number }[];
    const s = await request([{ patrimony_id: items[0].id }]);
    const id = (await step(`/api/shipment-solicitation/${s.id}/approve`)).json().shipment_id;
    await step(`/api/shipment/${id}/dispatch`);
    const hash = await linkOf(s.recipient_email);
    const tampered = hash.slice(0, -1) + (hash.endsWith('A') ? 'B' : 'A');
    const res = await t.call('GET', `/api/receiving/${tampered}`);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: 404, message: 'Link de recebimento inválido ou cancelado.' });
    expect((await t.call('GET', '/api/receiving/curto')).statusCode).toBe(422);
    await t.app.db.update(shipments).set({ receiving_expires_at: new Date(Date.now() - 1000) }).where(eq(shipments.id, id));
    const expired = await t.call('GET', `/api/receiving/${hash}`);
    expect(expired.statusCode).toBe(410);
    expect(expired.json().message).toMatch(/expirou/);
    const view = (await t.call('GET', `/api/shipment/${id}`, reader)).json();
    const late = await t.call('POST', `/api/receiving/${hash}`, undefined, { name: 'Atrasado Silva', items: view.items.map((i: { id: number }) => ({ id: i.id, status: 'recebido' })) });
    expect(late.statusCode).toBe(410);
  });

  it('patrimony must be traceable: a destination section or a recipient user (holder), all errors at once; received items go to that holder', async () => {
    const items = (await t.call('GET', `/api/patrimony?pageSize=100&status=disponivel`, f.keeper)).json().items as { id: number }[];
    const body = {
      origin_stock_id: f.stockId,
      destination_type: 'pessoa',
      recipient_name: 'Técnico Sem Vínculo',
      recipient_email: `tecnico.${++recipients}@example.com`,
      justification: 'Kit de instalação',
      items: [{ patrimony_id: items[0].id }],
    };
    const refused = await t.call('POST', '/api/shipment-solicitation', shipper.token, { ...body, justification: '' });
    expect(refused.statusCode).toBe(422);
    const violations = refused.json().violations as { propertyPath: string; message: string }[];
    expect(violations.map((v) => v.propertyPath).sort()).toEqual(['destination_section_id', 'justification', 'recipient_user_id']);
    expect(violations.find((v) => v.propertyPath === 'recipient_user_id')!.message).toMatch(/informe a seção de destino ou o usuário destinatário/);
    // Consumables alone may leave custody (they are used up): no section or holder needed.
    expect((await t.call('POST', '/api/shipment-solicitation', shipper.token, { ...body, items: [{ product_id: f.cable, section_id: f.sectionA, quantity: 1 }] })).statusCode).toBe(201);

    const technician = await t.createUser({ permissions: [] });
    const s = (await t.call('POST', '/api/shipment-solicitation', shipper.token, { ...body, recipient_user_id: technician.id })).json();
    const id = (await step(`/api/shipment-solicitation/${s.id}/approve`)).json().shipment_id;
    expect((await step(`/api/shipment/${id}/dispatch`)).statusCode).toBe(200);
    const hash = await linkOf(s.recipient_email);
    const lines = (await t.call('GET', `/api/receiving/${hash}`)).json().items.map((i: { id: number }) => ({ id: i.id, status: 'recebido' }));
    expect((await t.call('POST', `/api/receiving/${hash}`, undefined, { name: 'Técnico Sem Vínculo', items: lines })).statusCode).toBe(200);
    const held = await item(items[0].id);
    expect(held).toMatchObject({ status: 'em_uso', section_id: null, holder_user_id: technician.id });
  });

  it('a request or shipment saved before the rule cannot be approved or dispatched while untraceable (422)', async () => {
    const fresh = async () => (await t.call('POST', '/api/patrimony', f.keeper, { product_id: f.router, section_id: f.sectionA, serial: `LEGADO${++recipients}` })).json() as { id: number };
    const items = [await fresh(), await fresh()];
    const legacy = await request([{ patrimony_id: items[0].id }]);
    await t.app.db.update(shipmentSolicitations).set({ destination_section_id: null, recipient_user_id: null }).where(eq(shipmentSolicitations.id, legacy.id));
    const approve = await step(`/api/shipment-solicitation/${legacy.id}/approve`);
    expect(approve.statusCode).toBe(422);
    expect(approve.json().violations.map((v: { propertyPath: string }) => v.propertyPath)).toEqual(['destination_section_id', 'recipient_user_id']);
    expect((await t.call('GET', `/api/shipment-solicitation/${legacy.id}`, reader)).json().status).toBe('pendente');
    expect((await item(items[0].id)).status).toBe('disponivel');

    const ok = await request([{ patrimony_id: items[1].id }]);
    const id = (await step(`/api/shipment-solicitation/${ok.id}/approve`)).json().shipment_id;
    await t.app.db.update(shipments).set({ destination_section_id: null, recipient_user_id: null }).where(eq(shipments.id, id));
    const dispatch = await step(`/api/shipment/${id}/dispatch`);
    expect(dispatch.statusCode).toBe(422);
    expect(dispatch.json().message).toMatch(/destino rastreável/);
    expect((await t.call('GET', `/api/shipment/${id}`, reader)).json().status).toBe('preparando');
    expect((await item(items[1].id)).status).toBe('reservado');
  });

  it("a super admin runs the flow on another organization's stock: request → approve → dispatch → receive", async () => {
    const other = await t.createOrganization(`Filial do super admin ${++recipients}`);
    const g = await warehouse(t, other);
    const admin = await t.adminToken();
    const email = `super.${++recipients}@example.com`;
    const created = await t.call('POST', '/api/shipment-solicitation', admin, {
      origin_stock_id: g.stockId,
      destination_type: 'unidade',
      destination_unit_id: g.unitId,
      destination_section_id: g.sectionB,
      recipient_name: 'Gerente da filial',
      recipient_email: email,
      justification: 'Remanejamento pela plataforma',
      items: [{ patrimony_id: g.items[0] }],
    });
    expect(created.statusCode, created.body).toBe(201);
    // The request belongs to the organization of its stock, not to the super admin's.
    expect(created.json().organization_id).toBe(other);
    const listed = (await t.call('GET', '/api/shipment-solicitation?pageSize=100', admin)).json().items.map((i: { id: number }) => i.id);
    expect(listed).toContain(created.json().id);
    const approved = await step(`/api/shipment-solicitation/${created.json().id}/approve`, undefined, admin);
    expect(approved.statusCode, approved.body).toBe(200);
    const id = approved.json().shipment_id;
    expect((await t.call('PUT', `/api/shipment/${id}`, admin, { tracking_code: 'SUPER1' })).statusCode).toBe(200);
    const sent = await step(`/api/shipment/${id}/dispatch`, undefined, admin);
    expect(sent.statusCode, sent.body).toBe(200);
    const hash = await linkOf(email);
    const view = (await t.call('GET', `/api/receiving/${hash}`)).json();
    const confirm = await t.call('POST', `/api/receiving/${hash}`, undefined, { name: 'Gerente da filial', items: view.items.map((i: { id: number }) => ({ id: i.id, status: 'recebido' })) });
    expect(confirm.statusCode, confirm.body).toBe(200);
    const after = (await t.call('GET', `/api/patrimony/${g.items[0]}`, g.keeper)).json();
    expect(after).toMatchObject({ status: 'disponivel', section_id: g.sectionB, organization_id: other });
  });

  it("another organization's shipments and requests are invisible (404)", async () => {
    const other = await t.createOrganization();
    const foreigner = await t.createUser({ permissions: ['ASSET_SHIPMENT'], organizationId: other });
    const mine = (await t.call('GET', '/api/shipment', reader)).json().items as { id: number }[];
    expect(mine.length).toBeGreaterThan(0);
    expect((await t.call('GET', `/api/shipment/${mine[0].id}`, foreigner.token)).statusCode).toBe(404);
    expect((await t.call('POST', `/api/shipment/${mine[0].id}/cancel`, foreigner.token)).statusCode).toBe(404);
    expect((await t.call('GET', '/api/shipment', foreigner.token)).json().total_items).toBe(0);
    const res = await t.call('POST', '/api/shipment-solicitation', foreigner.token, {
      origin_stock_id: f.stockId,
      destination_type: 'endereco',
      destination_address: 'Rua X',
      destination_section_id: f.sectionB,
      recipient_name: 'Intruso',
      recipient_email: 'x@example.com',
      justification: 'Tentativa',
      items: [{ patrimony_id: f.items[0] }],
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().violations[0].propertyPath).toBe('origin_stock_id');
  });
});

describe('logistics: two receipts of the same link at once', () => {
  it.skipIf(!process.env.TEST_DATABASE_URL)('exactly one wins on PostgreSQL', async () => {
    const smtp = await startSmtpServer();
    const t = await createTestApp({ smtpUrl: smtp.url });
    try {
      const f = await warehouse(t);
      const shipper = await t.createUser({ permissions: ['ASSET_SHIPMENT'] });
      const email = 'corrida@example.com';
      const s = (
        await t.call('POST', '/api/shipment-solicitation', shipper.token, {
          origin_stock_id: f.stockId,
          destination_type: 'unidade',
          destination_unit_id: f.unitId,
          destination_section_id: f.sectionB,
          recipient_name: 'Corrida',
          recipient_email: email,
          justification: 'Teste de concorrência',
          items: [{ patrimony_id: f.items[0] }, { product_id: f.cable, section_id: f.sectionA, quantity: 10 }],
        })
      ).json();
      const id = (await t.call('POST', `/api/shipment-solicitation/${s.id}/approve`, shipper.token)).json().shipment_id;
      await t.call('POST', `/api/shipment/${id}/dispatch`, shipper.token);
      const hash = /receiving\/([A-Za-z0-9_-]{43})/.exec((await smtp.waitFor(email)).text)![1];
      const items = (await t.call('GET', `/api/receiving/${hash}`)).json().items.map((i: { id: number }) => ({ id: i.id, status: 'recebido' }));
      const results = await Promise.all([
        t.call('POST', `/api/receiving/${hash}`, undefined, { name: 'Primeira Pessoa', items }),
        t.call('POST', `/api/receiving/${hash}`, undefined, { name: 'Segunda Pessoa', items }),
      ]);
      expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
      const moves = await t.app.db.select().from(movements).where(and(eq(movements.product_id, f.cable), eq(movements.type, 'entrada'), eq(movements.document, `Envio #${id}`)));
      expect(moves).toHaveLength(1);
    } finally {
      await t.close();
      await smtp.close();
    }
  });
});
