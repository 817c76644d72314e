import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { organizations } from '../../src/core/schema';
import { createTestApp, type TestApp } from '../helpers';
import { startSmtpServer } from '../smtp';
import { activityBody, makeTechnician, makeType } from '../external-activity/helpers';
import { type Place, place } from '../warehouse/helpers';
import { fixture as viabilityFixture, makeUnit, makeViability, north } from '../viability/helpers';
import { bombPng, dataUrl, multipart, pdfImageCount, pdfText, pngHeaderThenHtml, realJpeg, realPng, realWebp, storedUploads } from './images';

const INVALID = 'Arquivo de imagem inválido ou corrompido.';
const TOO_LARGE = /^A imagem é grande demais: .* O limite é de 40 megapixels e 10\.000 pixels por lado/;

describe('images: decoded and bounded on the way in, never trusted on the way into a PDF', () => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let admin: string;
  let p: Place;
  let tech: Awaited<ReturnType<TestApp['createUser']>>;
  let wikiEditor: Awaited<ReturnType<TestApp['createUser']>>;
  let activity: { id: number; code: string; checklist: { key: string; kind: string }[] };
  let bomb: Buffer;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await createTestApp({ smtpUrl: smtp.url });
    admin = await t.adminToken();
    p = await place(t);
    tech = await makeTechnician(t);
    wikiEditor = await t.createUser({ permissions: ['ORG'] });
    const type = await makeType(t, undefined, { checklist: [{ label: 'Foto da ONU', kind: 'foto', required: true }] });
    // The technician opens the order for themselves (allowed with or without the dispatcher's right).
    const res = await t.call('POST', '/api/external-activity', tech.token, activityBody(type.id, [tech.id], { client_email: 'cliente-fotos@example.com', scheduled_start: '2026-11-25T09:00:00-03:00' }));
    expect(res.statusCode, res.body).toBe(201);
    activity = res.json();
    for (const verb of ['schedule', 'depart', 'start']) {
      const step = await t.call('POST', `/api/external-activity/${activity.id}/${verb}`, tech.token, {});
      expect(step.statusCode, step.body).toBe(200);
    }
    bomb = await bombPng(8000, 8000);
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  /** Every image upload route, each with a caller allowed to use it. */
  const routes = () => [
    { name: 'organization logo', url: `/api/organization/${t.platformOrganizationId}/logo`, token: admin, ok: 200 },
    { name: 'product photo', url: `/api/product/${p.patrimonyProductId}/photo`, token: p.bossToken, ok: 200 },
    { name: 'avatar', url: '/api/me/picture', token: tech.token, ok: 200 },
    { name: 'wiki image', url: '/api/wiki/upload', token: wikiEditor.token, ok: 201 },
    { name: 'work-order photo', url: `/api/external-activity/${activity.id}/photos`, token: tech.token, ok: 201 },
  ];
  const upload = (url: string, token: string, data: Buffer, type = 'image/png', fields: Record<string, string> = {}) => {
    const body = multipart({ data, type, name: type === 'image/jpeg' ? 'foto.jpg' : 'imagem.png' }, fields);
    return t.app.inject({ method: 'POST', url, payload: body.payload, headers: { ...body.headers, authorization: `Bearer ${token}` } });
  };
  const uploadedUrl = (res: { json: () => Record<string, unknown> }) => Object.values(res.json()).find((v) => typeof v === 'string' && v.startsWith('/api/files/')) as string;
  const stored = async (url: string) => (await t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${await t.adminToken()}` } })).rawPayload;

  it('refuses an 8000×8000 PNG of a few KB with 422 and the limits in pt-BR; nothing is stored', async () => {
    expect(bomb.length).toBeLessThan(300_000);
    const before = storedUploads(t.dataDir);
    const res = await upload(`/api/organization/${t.platformOrganizationId}/logo`, admin, bomb);
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().message).toMatch(TOO_LARGE);
    expect(res.json().message).toContain('8.000 × 8.000 pixels');
    expect(storedUploads(t.dataDir)).toEqual(before);
    const [org] = await t.app.db.select({ logo: organizations.logo }).from(organizations).where(eq(organizations.id, t.platformOrganizationId));
    expect(org.logo).toBeNull();
  });

  it('refuses 12,000 × 10 pixels (too long a side, though few pixels)', async () => {
    const res = await upload('/api/me/picture', tech.token, await bombPng(12_000, 10));
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().message).toMatch(TOO_LARGE);
  });

  it('refuses a PNG header followed by HTML: it does not decode', async () => {
    const before = storedUploads(t.dataDir);
    for (const r of routes()) {
      const res = await upload(r.url, r.token, pngHeaderThenHtml());
      expect(res.statusCode, `${r.name}: ${res.body}`).toBe(422);
      expect(res.json().message).toBe(INVALID);
    }
    expect(storedUploads(t.dataDir)).toEqual(before);
  });

  it('every image upload route refuses the bomb, and takes a real image', async () => {
    for (const r of routes()) {
      const refused = await upload(r.url, r.token, bomb);
      expect(refused.statusCode, `${r.name}: ${refused.body}`).toBe(422);
      expect(refused.json().message).toMatch(TOO_LARGE);
      const ok = await upload(r.url, r.token, await realPng(3, 2));
      expect(ok.statusCode, `${r.name}: ${ok.body}`).toBe(r.ok);
      const url = uploadedUrl(ok);
      expect(url).toMatch(/^\/api\/files\/[a-f0-9]{32}\.png$/);
      // A re-encoded copy, transparency kept.
      expect(await sharp(await stored(url)).metadata()).toMatchObject({ format: 'png', width: 3, height: 2, hasAlpha: true });
    }
  });

  it("refuses the bomb as the client's signature (a PNG data URL), and stores a re-encoded copy of a real one", async () => {
    const url = `/api/external-activity/${activity.id}/signature`;
    const refused = await t.call('PUT', url, tech.token, { name: 'Maria Cliente', image: dataUrl(bomb) });
    expect(refused.statusCode, refused.body).toBe(422);
    expect(refused.json().message).toMatch(TOO_LARGE);
    const html = await t.call('PUT', url, tech.token, { name: 'Maria Cliente', image: dataUrl(pngHeaderThenHtml()) });
    expect(html.statusCode).toBe(422);
    expect(html.json().message).toBe(INVALID);
    expect((await t.call('GET', url, tech.token)).json()).toBeNull();
    const signed = await t.call('PUT', url, tech.token, { name: 'Maria Cliente', image: dataUrl(await realPng(40, 20)) });
    expect(signed.statusCode, signed.body).toBe(200);
    const png = Buffer.from(signed.json().image.split(',')[1], 'base64');
    expect(await sharp(png).metadata()).toMatchObject({ format: 'png', width: 40, height: 20, hasAlpha: true });
  });

  it('strips EXIF (the GPS of the client’s house) and turns the photo upright', async () => {
    const withGps = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#808080' } })
      .jpeg()
      .withExif({ IFD0: { Make: 'Celular' }, IFD3: { GPSLatitudeRef: 'S', GPSLatitude: '25/1 25/1 3000/100', GPSLongitudeRef: 'W', GPSLongitude: '49/1 16/1 2400/100' } })
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const sent = await sharp(withGps).metadata();
    expect(sent.exif?.toString('latin1')).toContain('Celular');
    expect(sent.orientation).toBe(6);
    const res = await upload(`/api/external-activity/${activity.id}/photos`, tech.token, withGps, 'image/jpeg');
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().url).toMatch(/\.jpg$/);
    const kept = await sharp(await stored(res.json().url)).metadata();
    expect(kept.format).toBe('jpeg');
    expect(kept.exif).toBeUndefined();
    expect(kept.xmp).toBeUndefined();
    expect(kept.orientation).toBeUndefined();
    // Orientation 6 is a quarter turn: the pixels were turned before the tag was dropped.
    expect([kept.width, kept.height]).toEqual([300, 400]);
  });

  it('scales a 4000×3000 photo down to 2560×1920, and a logo to 1024 px', async () => {
    const photo = await upload(`/api/external-activity/${activity.id}/photos`, tech.token, await realJpeg(4000, 3000), 'image/jpeg');
    expect(photo.statusCode, photo.body).toBe(201);
    expect(await sharp(await stored(photo.json().url)).metadata()).toMatchObject({ format: 'jpeg', width: 2560, height: 1920 });
    const logo = await upload(`/api/organization/${t.platformOrganizationId}/logo`, admin, await realPng(3000, 1000));
    expect(logo.statusCode, logo.body).toBe(200);
    expect(await sharp(await stored(logo.json().logo)).metadata()).toMatchObject({ format: 'png', width: 1024, height: 341 });
  });

  it('stores a WebP as a PNG (keeping its transparency), which PDFs can draw', async () => {
    const res = await upload(`/api/product/${p.patrimonyProductId}/photo`, p.bossToken, await realWebp(10, 10), 'image/webp');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().photo).toMatch(/\.png$/);
    expect(await sharp(await stored(res.json().photo)).metadata()).toMatchObject({ format: 'png', hasAlpha: true });
  });

  it('a work order whose stored photo became garbage on disk still gives its PDF, with "imagem indisponível", and the e-mail goes', async () => {
    const photoKey = activity.checklist[0].key;
    const res = await upload(`/api/external-activity/${activity.id}/photos`, tech.token, await realJpeg(64, 48), 'image/jpeg', { caption: 'ONU instalada', item_key: photoKey });
    expect(res.statusCode, res.body).toBe(201);
    writeFileSync(path.join(t.dataDir, 'uploads', res.json().url.split('/').pop()), pngHeaderThenHtml());
    const done = await t.call('POST', `/api/external-activity/${activity.id}/finish`, tech.token, {});
    expect(done.statusCode, done.body).toBe(200);
    const pdf = await t.call('GET', `/api/external-activity/${activity.id}/report`, tech.token);
    expect(pdf.statusCode, pdf.body).toBe(200);
    const text = pdfText(pdf.rawPayload);
    expect(text).toContain(`Relatório de atendimento · ${activity.code}`);
    expect(text).toContain('imagem indisponível');
    expect(text).toContain('ONU instalada');
    // The good photos, the logo and the signature are drawn.
    expect(pdfImageCount(pdf.rawPayload)).toBeGreaterThanOrEqual(4);
    const mail = await smtp.waitFor('cliente-fotos@example.com');
    const attached = /Content-Type: application\/pdf[\s\S]*?\r\n\r\n([A-Za-z0-9+/=\r\n]+)/.exec(mail.raw)?.[1];
    expect(attached).toBeTruthy();
    expect(pdfText(Buffer.from(attached!.replace(/\s/g, ''), 'base64'))).toContain('imagem indisponível');
  });

  it('the public proposal PDF draws a stored oversized logo (from before the limits) as a placeholder, without decoding it', async () => {
    const f = await viabilityFixture(t);
    const v = await makeViability(t, f);
    const u = await makeUnit(t, f, v.id, north(0.003));
    const name = `${'b'.repeat(32)}.png`;
    writeFileSync(path.join(t.dataDir, 'uploads', name), bomb);
    await t.app.db.update(organizations).set({ logo: `/api/files/${name}` }).where(eq(organizations.id, f.organizationId));
    const t0 = performance.now();
    const pdf = await t.call('GET', `/api/viability/unit/viewer/${u.public_hash}/pdf`);
    const elapsed = performance.now() - t0;
    expect(pdf.statusCode, pdf.body).toBe(200);
    expect(pdfText(pdf.rawPayload)).toContain('imagem indisponível');
    expect(pdfImageCount(pdf.rawPayload)).toBe(0);
    expect(elapsed).toBeLessThan(5000);

    // A logo uploaded now is drawn, from a copy scaled to its box.
    const logo = await upload(`/api/organization/${f.organizationId}/logo`, admin, await realPng(2000, 800));
    expect(logo.statusCode, logo.body).toBe(200);
    const drawn = await t.call('GET', `/api/viability/unit/viewer/${u.public_hash}/pdf`);
    expect(drawn.statusCode).toBe(200);
    expect(pdfText(drawn.rawPayload)).not.toContain('imagem indisponível');
    expect(pdfImageCount(drawn.rawPayload)).toBeGreaterThan(0);
    expect(drawn.rawPayload.toString('latin1')).toMatch(/\/Width 360\s/);
  });
});
