import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { apiLogin, auth, expectToast, pick, uiLogin } from './helpers';

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
const PHOTO = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

type Json = Record<string, unknown>;
const get = async <T>(request: APIRequestContext, token: string, url: string) => {
  const res = await request.get(url, { headers: auth(token) });
  expect(res.status(), url).toBe(200);
  return (await res.json()) as T;
};

/** An order of the demo type assigned to the demo technician, scheduled within the hour and started by him. */
async function startedOrder(request: APIRequestContext, client: string) {
  const gestor = (await apiLogin(request, 'gestor')).token;
  const tecnico = await apiLogin(request, 'tecnico');
  const [type] = await get<{ id: number }[]>(request, gestor, `/api/external-activity/type-options?search=${encodeURIComponent('internet dedicada')}`);
  const start = new Date(Date.now() + 30 * 60_000).toISOString();
  const created = await request.post('/api/external-activity', {
    headers: auth(gestor),
    data: { assistance_type_id: type.id, client_name: client, address: 'Rua das Flores, 100 — Centro', latitude: -25.4419, longitude: -49.2381, technician_ids: [tecnico.user.id], scheduled_start: start, force: true },
  });
  expect(created.status(), await created.text()).toBe(201);
  const order = (await created.json()) as { id: number; code: string; checklist: { key: string; kind: string }[] };
  // The demo's Luiz is busy today: kept as asked (force).
  expect((await request.post(`/api/external-activity/${order.id}/schedule`, { headers: auth(gestor), data: { force: true } })).status()).toBe(200);
  for (const verb of ['depart', 'start']) expect((await request.post(`/api/external-activity/${order.id}/${verb}`, { headers: auth(tecnico.token), data: {} })).status()).toBe(200);
  return { order, token: tecnico.token };
}

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

test('without signal: recorded on the phone, reloaded from the cache, concluded, and every record reaches the server exactly once', async ({ browser, request }) => {
  test.setTimeout(300_000);
  const client = `Cliente offline ${Date.now().toString(36)}`;
  const { order, token } = await startedOrder(request, client);
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

  // A photo for the checklist's photo item.
  await item(4).locator('input[type=file]').setInputFiles({ name: 'onu.png', mimeType: 'image/png', buffer: PHOTO });
  await expect(item(4).getByTestId('photo-unsent')).toBeVisible();

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
  expect((await report.body()).subarray(0, 5).toString()).toBe('%PDF-');
  await context.close();
});

test('a queued record the server refuses is shown with its reason and can be discarded; a replayed key writes nothing', async ({ browser, request }) => {
  test.setTimeout(240_000);
  const { order, token } = await startedOrder(request, `Cliente recusa ${Date.now().toString(36)}`);
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
  await context.close();
});

test("the service worker keeps no API answer, and logout deletes the technician's orders kept on the phone", async ({ browser, request }) => {
  test.setTimeout(180_000);
  const { order } = await startedOrder(request, `Cliente logout ${Date.now().toString(36)}`);
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
  await context.close();
});
