import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { apiLogin, auth, expectToast, uiLogin } from './helpers';

const READER_PASSWORD = 'leitura-webhook-7';

/**
 * Webhooks end to end: the manager creates one on the settings page towards a real receiver started
 * here (127.0.0.1 is allowed to the e2e server), copies the secret from the once-only dialog, and a
 * site created through the API reaches the receiver signed with that secret; the deliveries tab
 * shows it delivered, a delivery the receiver refused is resent with "Reenviar"; a read-only user
 * sees no way to change anything; the list and the form pass axe (no serious or critical violation).
 */

type Received = { headers: IncomingHttpHeaders; raw: Buffer; status: number };

/** A receiver that keeps every POST with its raw bytes and answers 200, or 500 while `failNext` is above zero. */
async function startReceiver() {
  const received: Received[] = [];
  const state = { failNext: 0 };
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const status = state.failNext > 0 ? 500 : 200;
      if (state.failNext > 0) state.failNext--;
      received.push({ headers: req.headers, raw: Buffer.concat(chunks), status });
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(status === 200 ? '{"ok":true}' : '{"erro":"indisponível"}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/hooks/operacoes`, received, state, close: () => new Promise<void>((r) => server.close(() => r())) };
}

/** The deliveries the receiver got for one site, in arrival order. */
const forSite = (received: Received[], siteId: number) => received.filter((r) => (JSON.parse(r.raw.toString('utf8')) as { data?: { id?: number } }).data?.id === siteId);

const validSignature = (secret: string, r: Received) => {
  const header = String(r.headers['x-operacoes-signature'] ?? '');
  const expected = `sha256=${createHmac('sha256', secret).update(r.raw).digest('hex')}`;
  return header.length === expected.length && timingSafeEqual(Buffer.from(header), Buffer.from(expected));
};

async function seriousViolations(page: Page) {
  const r = await new AxeBuilder({ page }).exclude('.swal2-container').options({ resultTypes: ['violations'] }).analyze();
  return r.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => ({ id: v.id, help: v.help, nodes: v.nodes.slice(0, 3).map((n) => n.target.join(' ')) }));
}

async function createSite(request: APIRequestContext, token: string, tag: string) {
  const res = await request.post('/api/site', { headers: auth(token), data: { code: `WH-${tag}`, name: `Site webhook ${tag}`, type: 'pop' } });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()).id as number;
}

/** The row of the deliveries table for this event, the newest first (reloaded: the tab polls every 10 s). */
async function openDeliveries(page: Page) {
  await page.reload();
  await page.getByRole('tab', { name: 'Entregas' }).click();
  return page.getByRole('table', { name: 'Entregas do webhook' });
}

test('the manager creates a webhook, a new site reaches the receiver signed, a refused delivery is resent', async ({ page, request }) => {
  test.setTimeout(150_000);
  const receiver = await startReceiver();
  try {
    const { token } = await apiLogin(request, 'gestor');
    await uiLogin(page, 'gestor');
    await page.goto('/organization-settings');
    await page.getByRole('link', { name: /Webhooks/ }).click();
    await expect(page).toHaveURL(/\/organization-settings\/webhook$/);
    await expect(page.getByRole('heading', { name: 'Webhooks' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByRole('link', { name: /^Novo/ }).click();
    await expect(page).toHaveURL(/\/organization-settings\/webhook\/create$/);
    await page.getByRole('textbox', { name: 'URL' }).fill(receiver.url);
    await page.getByRole('checkbox', { name: 'Site criado', exact: true }).check();
    await page.getByRole('checkbox', { name: 'Site alterado', exact: true }).check();
    await expect(page.getByText('2 eventos escolhidos')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Criar webhook' }).click();

    const dialog = page.getByRole('dialog', { name: 'Segredo de assinatura' });
    const secret = await dialog.getByLabel('Segredo do webhook').inputValue();
    expect(secret).toMatch(/^whsec_/);
    await expectToast(page, 'Webhook criado!');
    await dialog.getByRole('button', { name: 'Já copiei' }).click();
    await expect(page).toHaveURL(/\/organization-settings\/webhook\/edit\/\d+$/);
    expect(await seriousViolations(page)).toEqual([]);

    // A write through the API reaches the receiver, signed with the secret shown once.
    const tag = `${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
    const siteId = await createSite(request, token, tag);
    await expect.poll(() => forSite(receiver.received, siteId).length, { timeout: 20_000 }).toBe(1);
    const [first] = forSite(receiver.received, siteId);
    expect(first.headers['x-operacoes-event']).toBe('site.created');
    expect(first.headers['content-type']).toMatch(/application\/json/);
    expect(validSignature(secret, first)).toBe(true);
    expect(validSignature('whsec_outro', first)).toBe(false);
    const body = JSON.parse(first.raw.toString('utf8'));
    expect(body).toMatchObject({ event: 'site.created', data: { id: siteId, code: `WH-${tag}` } });
    expect(JSON.stringify(body)).not.toContain(secret);

    let table = await openDeliveries(page);
    const delivered = table.getByRole('row').filter({ hasText: 'site.created' }).first();
    await expect(delivered).toContainText('Entregue');
    await expect(delivered.getByRole('cell', { name: '200', exact: true })).toBeVisible();

    // The receiver refuses the next one: left "Pendente" with HTTP 500 (next try in 30 s), resent now with "Reenviar".
    receiver.state.failNext = 1;
    const second = await createSite(request, token, `${tag}b`);
    await expect.poll(() => forSite(receiver.received, second).length, { timeout: 20_000 }).toBe(1);
    expect(forSite(receiver.received, second)[0].status).toBe(500);
    table = await openDeliveries(page);
    const refused = table.getByRole('row').filter({ hasText: 'Pendente' }).first();
    await expect(refused.getByRole('cell', { name: '500', exact: true })).toBeVisible();
    await refused.getByRole('button', { name: 'Reenviar' }).click();
    await expectToast(page, 'Entrega colocada na fila para reenvio.');
    await expect.poll(() => forSite(receiver.received, second).length, { timeout: 20_000 }).toBe(2);
    const resent = forSite(receiver.received, second);
    expect(resent[1].status).toBe(200);
    // The same bytes and the same delivery id as the refused attempt.
    expect(resent[1].raw.equals(resent[0].raw)).toBe(true);
    expect(resent[1].headers['x-operacoes-delivery']).toBe(resent[0].headers['x-operacoes-delivery']);
    expect(validSignature(secret, resent[1])).toBe(true);
    table = await openDeliveries(page);
    await expect(table.getByRole('row').filter({ hasText: 'Pendente' })).toHaveCount(0);
    await expect(table.getByRole('row').filter({ hasText: 'Entregue' })).toHaveCount(2);
    expect(await seriousViolations(page)).toEqual([]);

    // Switched off, so other specs' sites are not sent to a receiver that is gone.
    const hookId = Number(/edit\/(\d+)/.exec(page.url())![1]);
    const off = await request.put(`/api/organization-settings/webhook/${hookId}`, { headers: auth(token), data: { is_active: false } });
    expect(off.status(), await off.text()).toBe(200);
  } finally {
    await receiver.close();
  }
});

test('a read-only user sees the webhooks but no button to create, change or resend', async ({ page, request }) => {
  test.setTimeout(90_000);
  const { token } = await apiLogin(request, 'gestor');
  const username = `webhook.leitura.${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
  const created = await request.post('/api/user', {
    headers: auth(token),
    data: { username, email: `${username}@demotelecom.com.br`, password: READER_PASSWORD, person: { nickname: 'Leitura', full_name: 'Pessoa Leitura Webhook' }, permissions: ['DATA_SOURCE.INDEX'] },
  });
  expect(created.status(), await created.text()).toBe(201);

  await uiLogin(page, username, READER_PASSWORD);
  await page.goto('/organization-settings');
  await page.getByRole('link', { name: /Webhooks/ }).click();
  await expect(page.getByRole('heading', { name: 'Webhooks' })).toBeVisible();
  const grid = page.getByRole('grid');
  await expect(grid.getByRole('row').nth(1)).toBeVisible();
  await expect(page.getByRole('link', { name: /^Novo/ })).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);

  // One with deliveries when there is one (the other test's), so the deliveries tab has rows to offer "Reenviar" on.
  const withDeliveries = grid.getByRole('row').filter({ hasText: /HTTP \d+/ });
  const row = (await withDeliveries.count()) > 0 ? withDeliveries.first() : grid.getByRole('row').nth(1);
  await row.getByRole('button', { name: 'Ver' }).click();
  await expect(page).toHaveURL(/\/organization-settings\/webhook\/edit\/\d+$/);
  await expect(page.getByRole('textbox', { name: 'URL' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Salvar alterações' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Gerar novo segredo' })).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('tab', { name: 'Entregas' }).click();
  await expect(page.getByRole('table', { name: 'Entregas do webhook' }).or(page.getByText('Nenhuma entrega ainda.', { exact: false }))).toBeVisible();
  await expect(page.getByRole('button', { name: 'Reenviar' })).toHaveCount(0);
  // And the server says the same.
  const ro = await apiLogin(request, username, READER_PASSWORD);
  const refused = await request.post('/api/organization-settings/webhook', { headers: auth(ro.token), data: { url: 'http://127.0.0.1:9/x', events: ['site.created'] } });
  expect(refused.status()).toBe(403);
});
