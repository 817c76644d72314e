import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { addToBalance, movePatrimony, patrimonies, recordQuantityMovement } from '../../src/modules/warehouse';
import { dataUrl, realPng } from '../files/images';
import { createTestApp, type TestApp } from '../helpers';
import { startSmtpServer } from '../smtp';
import { expectStateEqualsReplay, newItem, place, type Place } from '../warehouse/helpers';
import { activityBody, makeDispatcher, makeTechnician, makeType } from './helpers';

/** A real 2×2 PNG (uploads are decoded), as a file and as the signature pad's data URL. */
const PNG = await realPng();
const PNG_URL = dataUrl(PNG);

function multipart(fields: Record<string, string>, file: { name: string; type: string; data: Buffer }) {
  const boundary = '----operacoes' + Math.random().toString(16).slice(2);
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`), file.data, Buffer.from(`\r\n--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

describe('external activities: materials, photos, signature and report', () => {
  let t: TestApp;
  let p: Place;
  let tech: Awaited<ReturnType<TestApp['createUser']>>;
  let other: Awaited<ReturnType<TestApp['createUser']>>;
  let activity: { id: number; code: string; checklist: { key: string; kind: string }[] };

  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await createTestApp({ smtpUrl: smtp.url });
    p = await place(t);
    tech = await makeTechnician(t);
    other = await makeTechnician(t);
    const type = await makeType(t, undefined, { checklist: [{ label: 'Foto da ONU', kind: 'foto', required: true }] });
    const manager = await makeDispatcher(t);
    const res = await t.call('POST', '/api/external-activity', manager.token, activityBody(type.id, [tech.id], { client_email: 'cliente@example.com', scheduled_start: '2026-11-25T09:00:00-03:00' }));
    activity = res.json();
    for (const verb of ['schedule', 'depart', 'start']) expect((await t.call('POST', `/api/external-activity/${activity.id}/${verb}`, tech.token, {})).statusCode).toBe(200);
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  /** An item of the place handed to `holder` (a movement, as a delivery writes one). */
  async function heldBy(holder: number) {
    const item = await newItem(t, p);
    const [row] = await t.app.db.select().from(patrimonies).where(eq(patrimonies.id, item.id));
    await t.app.db.transaction((tx) => movePatrimony(tx, null, row, { status: 'em_uso', section_id: null, holder_user_id: holder }, { type: 'saida', reason: 'Entrega ao técnico' }));
    return item;
  }

  it('installs an item the technician holds at the client, and refuses one they do not hold', async () => {
    const mine = await heldBy(tech.id);
    const theirs = await heldBy(other.id);
    const res = await t.call('POST', `/api/external-activity/${activity.id}/materials`, tech.token, { kind: 'patrimonio', tag: mine.tag.toLowerCase() });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ kind: 'patrimonio', patrimony: { tag: mine.tag }, quantity: 1 });
    const [after] = await t.app.db.select().from(patrimonies).where(eq(patrimonies.id, mine.id));
    expect(after).toMatchObject({ status: 'em_uso', holder_user_id: null, section_id: null });
    // The QR label holds the item's link.
    const scanned = await heldBy(tech.id);
    const byLabel = await t.call('POST', `/api/external-activity/${activity.id}/materials`, tech.token, { kind: 'patrimonio', tag: `http://operacoes.test/patrimony/edit/${scanned.id}` });
    expect(byLabel.statusCode, byLabel.body).toBe(201);
    expect(byLabel.json().patrimony.tag).toBe(scanned.tag);
    const refused = await t.call('POST', `/api/external-activity/${activity.id}/materials`, tech.token, { kind: 'patrimonio', tag: theirs.tag });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toContain('não está com você');
    expect((await t.call('POST', `/api/external-activity/${activity.id}/materials`, tech.token, { kind: 'patrimonio', tag: 'NAO-EXISTE' })).statusCode).toBe(422);
    await expectStateEqualsReplay(t);
  });

  it('takes a consumable from a section, 409 when the balance is short, and the balances stay the replay of movements', async () => {
    const [section] = await t.app.db.execute(`select stock_id from section where id = ${p.sectionId}`).then((r) => r.rows as { stock_id: number }[]);
    await t.app.db.transaction(async (tx) => {
      await addToBalance(tx, { organizationId: t.platformOrganizationId, productId: p.consumableProductId, sectionId: p.sectionId, stockId: section.stock_id }, 50);
      await recordQuantityMovement(tx, null, { type: 'entrada', organizationId: t.platformOrganizationId, productId: p.consumableProductId, quantity: 50, to: { stockId: section.stock_id, sectionId: p.sectionId } });
    });
    const body = { kind: 'consumivel', product_id: p.consumableProductId, section_id: p.sectionId };
    const ok = await t.call('POST', `/api/external-activity/${activity.id}/materials`, tech.token, { ...body, quantity: 30.5 });
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json()).toMatchObject({ kind: 'consumivel', quantity: 30.5, unit: 'm', section: { id: p.sectionId } });
    const short = await t.call('POST', `/api/external-activity/${activity.id}/materials`, tech.token, { ...body, quantity: 20 });
    expect(short.statusCode).toBe(409);
    expect(short.json().message).toContain('Saldo insuficiente');
    expect((await t.call('POST', `/api/external-activity/${activity.id}/materials`, tech.token, { ...body, product_id: p.patrimonyProductId, quantity: 1 })).statusCode).toBe(422);
    const list = (await t.call('GET', `/api/external-activity/${activity.id}/materials`, tech.token)).json() as unknown[];
    expect(list).toHaveLength(3);
    await expectStateEqualsReplay(t);
  });

  it('stores photos (JPEG/PNG only) answering a checklist photo item, and the signature', async () => {
    const photoKey = activity.checklist[0].key;
    const bad = multipart({}, { name: 'x.txt', type: 'image/png', data: Buffer.from('não é imagem') });
    expect((await t.app.inject({ method: 'POST', url: `/api/external-activity/${activity.id}/photos`, headers: { authorization: `Bearer ${tech.token}`, ...bad.headers }, payload: bad.payload })).statusCode).toBe(415);
    const good = multipart({ caption: 'ONU instalada', item_key: photoKey }, { name: 'onu.png', type: 'image/png', data: PNG });
    const res = await t.app.inject({ method: 'POST', url: `/api/external-activity/${activity.id}/photos`, headers: { authorization: `Bearer ${tech.token}`, ...good.headers }, payload: good.payload });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ caption: 'ONU instalada', item_key: photoKey });
    const answers = (await t.call('GET', `/api/external-activity/${activity.id}/answers`, tech.token)).json() as { item_key: string; value: string }[];
    expect(answers.find((a) => a.item_key === photoKey)?.value).toBe(res.json().url);
    expect((await t.call('PUT', `/api/external-activity/${activity.id}/signature`, tech.token, { name: 'Jo', image: PNG_URL })).statusCode).toBe(422);
    expect((await t.call('PUT', `/api/external-activity/${activity.id}/signature`, tech.token, { name: 'Maria Cliente', image: 'data:image/svg+xml;base64,PHN2Zz4=' })).statusCode).toBe(422);
    const signed = await t.call('PUT', `/api/external-activity/${activity.id}/signature`, tech.token, { name: 'Maria Cliente', image: PNG_URL });
    expect(signed.statusCode, signed.body).toBe(200);
    // What is kept is a re-encoded copy of the drawing.
    expect(signed.json()).toMatchObject({ name: 'Maria Cliente', image: expect.stringMatching(/^data:image\/png;base64,/) });
  });

  it("lets a warehouse out-request name the activity as its destination (an open one of the organization)", async () => {
    const asker = await t.createUser({ permissions: ['PATRIMONY_OUT_REQUEST'] });
    const body = (activityId: number) => ({
      reason: 'Material para a instalação',
      destination_type: 'atividade_externa',
      destination_activity_id: activityId,
      stock_id: p.stockId,
      items: [{ product_id: p.consumableProductId, quantity: 2 }],
    });
    const res = await t.call('POST', '/api/patrimony-solicitation', asker.token, body(activity.id));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().destination_activity).toMatchObject({ id: activity.id, code: activity.code });
    expect((await t.call('POST', '/api/patrimony-solicitation', asker.token, { ...body(activity.id), destination_activity_id: undefined })).statusCode).toBe(422);
    expect((await t.call('POST', '/api/patrimony-solicitation', asker.token, body(99_999_999))).statusCode).toBe(422);
  });

  it('gives the report only once concluded, as a PDF, and e-mails it to the client', async () => {
    expect((await t.call('GET', `/api/external-activity/${activity.id}/report`, tech.token)).statusCode).toBe(409);
    const done = await t.call('POST', `/api/external-activity/${activity.id}/finish`, tech.token, {});
    expect(done.statusCode, done.body).toBe(200);
    const pdf = await t.call('GET', `/api/external-activity/${activity.id}/report`, tech.token);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toContain('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.rawPayload.length).toBeGreaterThan(2000);
    const mail = await smtp.waitFor('cliente@example.com');
    expect(mail.subject).toContain(activity.code);
    expect(mail.text).toContain(`atendimento ${activity.code}, conclu`);
    expect(mail.raw).toContain(`filename=atendimento-${activity.code}.pdf`);
    expect(mail.raw).toContain('Content-Type: application/pdf');
    // After it is concluded nothing more is recorded on site.
    expect((await t.call('POST', `/api/external-activity/${activity.id}/materials`, tech.token, { kind: 'patrimonio', tag: 'X' })).statusCode).toBe(409);
  });
});
