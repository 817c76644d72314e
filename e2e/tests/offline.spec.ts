import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { apiLogin, auth, expectToast, pick, startedOrder, uiLogin } from './helpers';

/**
 * The technician's phone without signal, with the real service worker (built by vite-plugin-pwa and
 * served by the API): the order is loaded online and kept on the phone; the connection is cut;
 * answers, an item they hold, a consumable, a photo and the signature are recorded; the page is
 * reloaded (the app opens from the service worker, the order from the phone's copy); the order is
 * concluded; the connection returns and every record reaches the server exactly once, in order.
 * Also: a record the server refuses is shown with its reason and discarded.
 */
const PHONE = {
  viewport: { width: 390, height: 844 },
  isMobile: true,
  hasTouch: true,
  locale: 'pt-BR',
  timezoneId: 'America/Sao_Paulo',
  serviceWorkers: 'allow' as const,
  permissions: ['geolocation'],
  geolocation: { latitude: -25.4419, longitude: -49.2381, accuracy: 12 },
};

type Json = Record<string, unknown>;

/** The text of a PDF as another program reads it (poppler's pdftotext, which CI installs). */
const pdfText = (pdf: Buffer) => execFileSync('pdftotext', ['-enc', 'UTF-8', '-', '-'], { input: pdf, encoding: 'utf8' });
const get = async <T>(request: APIRequestContext, token: string, url: string) => {
  const res = await request.get(url, { headers: auth(token) });
  expect(res.status(), url).toBe(200);
  return (await res.json()) as T;
};

/** An order started by the demo technician, with a client to read on the phone (document, address, map point). */
const orderFor = (request: APIRequestContext, client: string) =>
  startedOrder(request, { client_name: client, client_document: '11444777000161', address: 'Rua das Flores, 100 — Centro', latitude: -25.4419, longitude: -49.2381 });

/** Logged in as the technician, the service worker installed (app shell precached) and controlling the page. */
async function technicianPhone(browser: Browser) {
  const context = await browser.newContext(PHONE);
  const page = await context.newPage();
  await uiLogin(page, 'tecnico');
  await page.evaluate(async () => void (await navigator.serviceWorker.ready));
  // The first page is not controlled by a worker installed after it loaded: one reload.
  await page.reload();
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  return { context, page };
}

/** Waits until the phone keeps the order (the copy read without signal). */
async function keptOnPhone(page: Page, id: number) {
  await page.waitForFunction(
    async (orderId) => {
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const r = indexedDB.open('operacoes-orders');
        r.onsuccess = () => resolve(r.result);
        r.onerror = () => reject(r.error);
      });
      try {
        if (!db.objectStoreNames.contains('meta')) return false;
        // The list is written last, after every order and the consumable balances.
        const list = await new Promise<{ ids: number[]; balances: unknown[] } | undefined>((resolve) => {
          const r = db.transaction('meta').objectStore('meta').get('list');
          r.onsuccess = () => resolve(r.result);
          r.onerror = () => resolve(undefined);
        });
        return !!list && list.ids.includes(orderId) && list.balances.length > 0;
      } finally {
        db.close();
      }
    },
    id,
    { timeout: 30_000, polling: 500 },
  );
}

test('without signal: recorded on the phone, reloaded from the cache, concluded, and every record reaches the server exactly once (and into the report)', async ({ browser, request }) => {
  test.setTimeout(300_000);
  const client = `Cliente offline ${Date.now().toString(36)}`;
  const { order, token } = await orderFor(request, client);
  const id = order.id;
  // What the technician holds and the drop cable's balances, before.
  const held = await get<{ items: { id: number; tag: string; status: string; product: { name: string } }[] }>(request, token, '/api/my-patrimony?pageSize=100');
  const onu = held.items.filter((i) => i.product.name.includes('ONU') && i.status === 'em_uso').pop();
  expect(onu, 'the demo technician holds an ONU').toBeTruthy();
  const dropRows = async () => (await get<{ items: { quantity: number; product: { id: number; name: string } }[] }>(request, token, '/api/consumable/balances?pageSize=100&search=drop')).items.filter((b) => b.product.name === 'Cabo drop 1 fibra');
  const dropBalances = async () => (await dropRows()).reduce((s, b) => s + b.quantity, 0);
  const dropId = (await dropRows())[0].product.id;
  const dropBefore = await dropBalances();

  const { context, page } = await technicianPhone(browser);
  await page.goto(`/external-activity/manage/${id}`);
  // The page's lazy chunk competes with the service worker's precache download on a loaded machine.
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Atividade ${order.code}`, { timeout: 30_000 });
  // The client's CNPJ with its mask, as printed on documents, not a run of digits.
  await expect(page.getByText('CPF/CNPJ: 11.444.777/0001-61')).toBeVisible();
  await keptOnPhone(page, id);
  // The figure of a day's copy: how many orders the phone keeps and their bytes (reported with the run).
  const kept = await page.evaluate(async () => {
    const db = await new Promise<IDBDatabase>((resolve) => {
      const r = indexedDB.open('operacoes-orders');
      r.onsuccess = () => resolve(r.result);
    });
    const all = (store: string) =>
      new Promise<unknown[]>((resolve) => {
        const r = db.transaction(store).objectStore(store).getAll();
        r.onsuccess = () => resolve(r.result);
      });
    const [orders, meta] = [await all('orders'), await all('meta')];
    db.close();
    return { orders: orders.length, bytes: new Blob([JSON.stringify([orders, meta])]).size };
  });
  expect(kept.orders).toBeGreaterThan(0);
  test.info().annotations.push({ type: 'orders kept on the phone', description: `${kept.orders} orders, ${(kept.bytes / 1024).toFixed(1)} KB` });
  console.log(`orders kept on the phone: ${kept.orders} orders, ${(kept.bytes / 1024).toFixed(1)} KB`);
  const bar = page.getByTestId('sync-bar');
  await expect(bar).toContainText('Tudo enviado');

  // The signal goes.
  await context.setOffline(true);
  await expect(bar).toContainText('Sem conexão');
  const item = (n: number) => page.getByTestId(`checklist-item-${n}`);
  await item(1).getByRole('button', { name: 'Sim' }).click();
  await item(2).getByRole('textbox').fill('-18,5');
  await item(5).getByRole('textbox').fill('Instalado no rack, sem sinal no subsolo');
  await expect(item(2).getByTestId('answer-unsent')).toBeVisible({ timeout: 20_000 });
  await expect(item(5).getByTestId('answer-unsent')).toBeVisible({ timeout: 20_000 });

  // An item they hold, by its tag: kept on the phone, not an error.
  await page.getByLabel('Etiqueta do item').fill(onu!.tag);
  await page.getByRole('button', { name: 'Adicionar' }).click();
  await expectToast(page, 'Salvo no aparelho; será enviado quando houver conexão.');
  // 25 m of drop cable, picked from the balances kept on the phone.
  await page.getByRole('button', { name: 'Consumível' }).click();
  await pick(page, /Consumível e seção/, 'Cabo drop 1 fibra');
  await page.getByLabel(/^Quantidade/).fill('25');
  await page.getByRole('button', { name: 'Adicionar' }).click();
  await expect(page.getByTestId('material-pending')).toHaveCount(2);

  // A photo for the checklist's photo item, as a phone's camera takes it (4,000 × 3,000 px).
  const camera = await page.evaluate(async () => {
    const canvas = new OffscreenCanvas(4000, 3000);
    const g = canvas.getContext('2d')!;
    g.fillStyle = '#2e7d32';
    g.fillRect(0, 0, 4000, 3000);
    g.fillStyle = '#ffffff';
    g.fillRect(600, 400, 1800, 1200);
    const bytes = new Uint8Array(await (await canvas.convertToBlob({ type: 'image/jpeg', quality: 0.92 })).arrayBuffer());
    let text = '';
    for (const b of bytes) text += String.fromCharCode(b);
    return btoa(text);
  });
  await item(4).locator('input[type=file]').setInputFiles({ name: 'onu.jpg', mimeType: 'image/jpeg', buffer: Buffer.from(camera, 'base64') });
  await expect(item(4).getByTestId('photo-unsent')).toBeVisible();
  // Made smaller on the phone before it was queued: its long side is 2,560 px.
  const queuedPhoto = await page.evaluate(async () => {
    const db = await new Promise<IDBDatabase>((resolve) => {
      const r = indexedDB.open('operacoes-queue');
      r.onsuccess = () => resolve(r.result);
    });
    const records = await new Promise<{ kind: string; photo?: { blob: Blob } }[]>((resolve) => {
      const r = db.transaction('records').objectStore('records').getAll();
      r.onsuccess = () => resolve(r.result);
    });
    db.close();
    const blob = records.find((r) => r.kind === 'photo')!.photo!.blob;
    const bitmap = await createImageBitmap(blob);
    return { width: bitmap.width, height: bitmap.height, bytes: blob.size };
  });
  expect(queuedPhoto).toMatchObject({ width: 2560, height: 1920 });
  test.info().annotations.push({ type: 'photo queued on the phone', description: `${queuedPhoto.width}×${queuedPhoto.height}, ${(queuedPhoto.bytes / 1024).toFixed(0)} KB` });
  console.log(`photo queued on the phone: ${queuedPhoto.width}×${queuedPhoto.height}, ${(queuedPhoto.bytes / 1024).toFixed(0)} KB`);

  // The client signs.
  const pad = page.locator('canvas').first();
  await pad.scrollIntoViewIfNeeded();
  const box = (await pad.boundingBox())!;
  await page.mouse.move(box.x + 20, box.y + box.height / 2);
  await page.mouse.down();
  for (let k = 1; k <= 10; k++) await page.mouse.move(box.x + 20 + k * 20, box.y + box.height / 2 + (k % 2 ? 15 : -15));
  await page.mouse.up();
  await page.getByLabel(/Nome de quem assina/).fill('Maria da Silva');
  await page.getByRole('button', { name: 'Salvar assinatura' }).click();
  await expect(page.getByRole('img', { name: 'Assinatura de Maria da Silva' })).toBeVisible();

  // 3 answers, 2 materials, a photo and the signature wait on the phone, each on its line.
  await expect(bar.getByTestId('sync-text')).toHaveText('Sem conexão — 7 registros pendentes', { timeout: 20_000 });
  await expect(page.getByTestId('pending-record')).toHaveCount(7);

  // Reloaded without signal: the app opens from the service worker, the order from the phone's copy.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Atividade ${order.code}`);
  await expect(page.getByTestId('cached-at')).toHaveText(/^dados de \d{2}:\d{2}$/);
  await expect(bar.getByTestId('sync-text')).toHaveText('Sem conexão — 7 registros pendentes');
  await expect(page.getByRole('link', { name: 'Abrir no mapa' })).toHaveAttribute('href', /-25\.4419,-49\.2381/);
  // A cold start without signal (a new tab, nothing in memory): the app and the list of the orders kept on the phone.
  const cold = await context.newPage();
  await cold.goto('/external-activity');
  await expect(cold.getByTestId('cached-at')).toHaveText(/^Sem conexão — dados de \d{2}:\d{2}$/, { timeout: 20_000 });
  await expect(cold.getByRole('list', { name: 'Atividades guardadas no aparelho' })).toContainText(`${order.code} · ${client}`);
  await cold.close();

  // Concluded offline: queued after everything recorded before it.
  await page.getByTestId('step-bar').getByRole('button', { name: 'Concluir' }).click();
  await page.locator('.swal2-confirm').click();
  await expect(bar.getByTestId('sync-text')).toHaveText('Sem conexão — 8 registros pendentes');
  await expect(page.getByTestId('pending-record').last()).toContainText('Concluir');

  // The signal returns: everything is sent, in order, once.
  await context.setOffline(false);
  await expect(bar.getByTestId('sync-text')).toHaveText('Tudo enviado', { timeout: 60_000 });
  await expect(page.getByTestId('pending-record')).toHaveCount(0);
  await expect(page.getByText('Concluída', { exact: true }).first()).toBeVisible({ timeout: 20_000 });
  // Nothing kept on the phone was shown as an error ("444: Erro ao executar ação!"), only as saved on it.
  const toasts = await page.evaluate(() => JSON.parse(sessionStorage.getItem('__e2eToasts') ?? '[]') as string[]);
  expect(toasts.filter((t) => /444|Erro ao executar/.test(t))).toEqual([]);
  expect(toasts).toContain('Salvo no aparelho; será enviado quando houver conexão.');

  const base = `/api/external-activity/${id}`;
  const activity = await get<Json>(request, token, base);
  expect(activity.status).toBe('concluida');
  const answers = await get<{ item_key: string; value: unknown }[]>(request, token, `${base}/answers`);
  expect(answers.map((a) => a.value)).toEqual(expect.arrayContaining([true, -18.5, 'Instalado no rack, sem sinal no subsolo']));
  const materials = await get<{ kind: string; quantity: number; patrimony: { tag: string } | null }[]>(request, token, `${base}/materials`);
  expect(materials).toHaveLength(2);
  expect(materials.find((m) => m.kind === 'patrimonio')?.patrimony?.tag).toBe(onu!.tag);
  expect(materials.find((m) => m.kind === 'consumivel')?.quantity).toBe(25);
  expect(await dropBalances()).toBeCloseTo(dropBefore - 25, 5);
  // One stock movement each, with the order as its document (checked as the platform admin).
  const admin = (await apiLogin(request, 'admin', 'admin12345')).token;
  const ofOrder = async (filter: string) => (await get<{ items: { document: string | null }[] }>(request, admin, `/api/movements?${filter}&pageSize=100`)).items.filter((m) => m.document === `Atividade ${order.code}`);
  expect(await ofOrder(`item=${onu!.id}`)).toHaveLength(1);
  expect(await ofOrder(`product=${dropId}`)).toHaveLength(1);
  const photos = await get<{ item_key: string | null }[]>(request, token, `${base}/photos`);
  expect(photos).toHaveLength(1);
  expect(photos[0].item_key).toBeTruthy();
  expect((await get<{ name: string }>(request, token, `${base}/signature`)).name).toBe('Maria da Silva');
  const timeline = await get<{ kind: string }[]>(request, token, `${base}/timeline`);
  expect(timeline.filter((e) => e.kind === 'finish')).toHaveLength(1);
  const report = await request.get(`${base}/report`, { headers: auth(token) });
  expect(report.status()).toBe(200);
  const pdf = await report.body();
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  // The report has all that was recorded without signal: answers, both materials, the signature, and
  // the photo and the signature drawn as images.
  const text = pdfText(pdf);
  for (const shown of [`Relatório de atendimento · ${order.code}`, 'Situação: Concluída', 'Instalado no rack', onu!.tag, 'Cabo drop 1 fibra', '25 m', 'Maria da Silva']) expect(text, shown).toContain(shown);
  expect((pdf.toString('latin1').match(/\/Subtype \/Image/g) ?? []).length).toBeGreaterThanOrEqual(2);
  await context.close();
});

test('a queued record the server refuses (an unknown tag, an order cancelled meanwhile) is shown with its reason and can be discarded; a replayed key writes nothing', async ({ browser, request }) => {
  test.setTimeout(240_000);
  const { order, token } = await orderFor(request, `Cliente recusa ${Date.now().toString(36)}`);
  const { context, page } = await technicianPhone(browser);
  await page.goto(`/external-activity/manage/${order.id}`);
  await keptOnPhone(page, order.id);
  const bar = page.getByTestId('sync-bar');
  await context.setOffline(true);
  await page.getByLabel('Etiqueta do item').fill('PAT-NAO-EXISTE');
  await page.getByRole('button', { name: 'Adicionar' }).click();
  await expect(bar.getByTestId('sync-text')).toHaveText('Sem conexão — 1 registro pendente');
  await context.setOffline(false);
  const line = page.getByTestId('pending-record');
  await expect(line).toHaveAttribute('data-state', 'refused', { timeout: 30_000 });
  await expect(line).toContainText('Nenhum item com a etiqueta "PAT-NAO-EXISTE" nesta organização');
  await expect(bar).toContainText('1 recusado');
  await line.getByRole('button', { name: 'Descartar' }).click();
  await page.locator('.swal2-confirm').click();
  await expect(line).toHaveCount(0);
  await expect(bar.getByTestId('sync-text')).toHaveText('Tudo enviado');
  expect(await get<unknown[]>(request, token, `/api/external-activity/${order.id}/materials`)).toHaveLength(0);

  // The same request sent twice with one key (an answer lost on the way back): one record, one stock movement.
  const balances = await get<{ items: { quantity: number; product: { id: number; name: string }; section: { id: number } }[] }>(request, token, '/api/consumable/balances?pageSize=100&search=drop&positive=true');
  const drop = balances.items.find((b) => b.product.name === 'Cabo drop 1 fibra')!;
  const body = { kind: 'consumivel', product_id: drop.product.id, section_id: drop.section.id, quantity: 3 };
  const headers = { ...auth(token), 'Idempotency-Key': `e2e-${Date.now().toString(36)}-replay` };
  const first = await request.post(`/api/external-activity/${order.id}/materials`, { headers, data: body });
  expect(first.status()).toBe(201);
  const again = await request.post(`/api/external-activity/${order.id}/materials`, { headers, data: body });
  expect(again.status()).toBe(201);
  expect(again.headers()['idempotent-replayed']).toBe('true');
  expect(await again.json()).toEqual(await first.json());
  expect(await get<unknown[]>(request, token, `/api/external-activity/${order.id}/materials`)).toHaveLength(1);
  const after = await get<typeof balances>(request, token, '/api/consumable/balances?pageSize=100&search=drop');
  expect(after.items.find((b) => b.section.id === drop.section.id && b.product.id === drop.product.id)!.quantity).toBeCloseTo(drop.quantity - 3, 5);

  // The order is cancelled while an answer waits on the phone: refused with the reason, never dropped silently.
  await context.setOffline(true);
  await page.getByTestId('checklist-item-5').getByRole('textbox').fill('Cliente pediu para voltar amanhã');
  await expect(bar.getByTestId('sync-text')).toHaveText('Sem conexão — 1 registro pendente', { timeout: 20_000 });
  const gestor = (await apiLogin(request, 'gestor')).token;
  expect((await request.post(`/api/external-activity/${order.id}/cancel`, { headers: auth(gestor), data: { reason: 'Cliente desistiu' } })).status()).toBe(200);
  await context.setOffline(false);
  await expect(line).toHaveAttribute('data-state', 'refused', { timeout: 30_000 });
  await expect(line).toContainText(`A atividade ${order.code} está cancelada`);
  await line.getByRole('button', { name: 'Descartar' }).click();
  await page.locator('.swal2-confirm').click();
  await expect(line).toHaveCount(0);
  expect(await get<unknown[]>(request, token, `/api/external-activity/${order.id}/answers`)).toHaveLength(0);
  await context.close();
});

test("the service worker keeps no API answer; logout deletes the technician's orders kept on the phone, and logging in without signal says so", async ({ browser, request }) => {
  test.setTimeout(180_000);
  const { order } = await orderFor(request, `Cliente logout ${Date.now().toString(36)}`);
  const { context, page } = await technicianPhone(browser);
  await page.goto(`/external-activity/manage/${order.id}`);
  await keptOnPhone(page, order.id);
  // Every URL the service worker's caches hold: the app shell and assets, never an /api/ answer.
  const cached = await page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys()) for (const req of await (await caches.open(name)).keys()) urls.push(new URL(req.url).pathname);
    return urls;
  });
  expect(cached.length).toBeGreaterThan(10);
  expect(cached.filter((u) => u.startsWith('/api/'))).toEqual([]);
  const databases = () => page.evaluate(async () => (await indexedDB.databases()).map((d) => d.name));
  expect(await databases()).toContain('operacoes-orders');

  await page.getByRole('button', { name: 'Menu do usuário' }).click();
  await page.getByRole('menuitem', { name: 'Sair' }).click();
  await expect(page).toHaveURL(/\/login/);
  await expect.poll(databases, { timeout: 15_000 }).not.toContain('operacoes-orders');
  // Logging in needs the server: without signal the login page says so instead of a generic error.
  await context.setOffline(true);
  await page.getByLabel('Usuário').fill('tecnico');
  await page.getByLabel('Senha', { exact: true }).fill('demo12345');
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expectToast(page, 'Sem conexão');
  await expect(page).toHaveURL(/\/login/);
  await context.close();
});

test("installable: Chromium's installability check passes, and the manifest is the app's (pt-BR, standalone, icons, both themes' colours)", async () => {
  test.setTimeout(120_000);
  // A test's browser context is incognito, where Chromium installs nothing: a profile on disk, as Lighthouse uses.
  const profile = mkdtempSync(path.join(tmpdir(), 'operacoes-pwa-'));
  const { launchOptions, baseURL } = test.info().project.use;
  const context = await chromium.launchPersistentContext(profile, { ...launchOptions, headless: true, baseURL, ...PHONE });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await uiLogin(page, 'tecnico');
    await page.evaluate(async () => void (await navigator.serviceWorker.ready));
    await page.reload();
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    // What Lighthouse's installability audit read: Chromium's own list of reasons not to install, empty.
    const cdp = await context.newCDPSession(page);
    expect((await cdp.send('Page.getInstallabilityErrors')).installabilityErrors).toEqual([]);
    const declared = await cdp.send('Page.getAppManifest');
    expect(declared.errors).toEqual([]);
    const manifest = JSON.parse(declared.data!) as { name: string; lang: string; display: string; start_url: string; icons: { sizes: string; purpose?: string }[] };
    expect(manifest).toMatchObject({ name: 'Operações', lang: 'pt-BR', display: 'standalone', start_url: '/' });
    expect(manifest.icons.map((i) => `${i.sizes} ${i.purpose ?? 'any'}`)).toEqual(expect.arrayContaining(['192x192 any', '512x512 any', '512x512 maskable']));
    // The bar's colour of each theme (the manifest holds one; the page's meta tags one per colour scheme).
    expect(await page.locator('meta[name="theme-color"]').evaluateAll((m) => m.map((e) => `${e.getAttribute('media')} ${e.getAttribute('content')}`))).toEqual(['(prefers-color-scheme: dark) #121212', '(prefers-color-scheme: light) #1565c0']);
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
});
