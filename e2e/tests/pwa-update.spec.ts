import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test, type Page } from '@playwright/test';
import { startedOrder, uiLogin } from './helpers';

/**
 * A new version of the app while the technician works: the app says "Nova versão disponível" with
 * "Atualizar" when a new service worker waits, and keeps running the version the page opened with
 * (a serial being typed stays, a reload still opens the old version) until the tap; after the tap
 * the page runs the new version.
 *
 * The new version is published by a small server of this spec's own, on another port, in front of
 * the suite's server: it passes everything through until `publish()`, then answers a sw.js whose
 * precache lists a new index.html revision and an index.html that carries a marker. Nothing on
 * disk changes, so the specs running beside it against the same server and build see nothing.
 */
const MARK = '<meta name="e2e-version" content="nova">';

type Front = { base: string; publish(): void; close(): Promise<void> };

/** A pass-through server in front of `upstream`; after `publish()` it serves the "new version". */
async function frontServer(upstream: string): Promise<Front> {
  const target = new URL(upstream);
  let published = false;
  const server = http.createServer((req, res) => {
    const url = req.url ?? '/';
    const isApi = url.startsWith('/api/');
    const headers = { ...req.headers };
    if (!isApi) {
      // The app's files in plain bytes (not the .br/.gz twins) and never a 304 for an old body:
      // the new sw.js and index.html are rewritten here.
      delete headers['accept-encoding'];
      delete headers['if-none-match'];
      delete headers['if-modified-since'];
    }
    const up = http.request({ host: target.hostname, port: target.port, method: req.method, path: url, headers }, (answer) => {
      const type = String(answer.headers['content-type'] ?? '');
      const rewrite = published && !isApi && (url.split('?')[0] === '/sw.js' || type.startsWith('text/html'));
      if (!rewrite) {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
        return;
      }
      const chunks: Buffer[] = [];
      answer.on('data', (c: Buffer) => chunks.push(c));
      answer.on('end', () => {
        let body = Buffer.concat(chunks).toString('utf8');
        if (url.split('?')[0] === '/sw.js') {
          // A rebuilt index.html is what a release changes for every page: its precache revision.
          const next = body.replace(/(\{url:"index\.html",revision:")[0-9a-f]+(")/, '$1e2e0000000000000000000000000002$2');
          if (next === body) throw new Error('sw.js without the precache entry of index.html');
          body = next;
        } else body = body.replace('</head>', `${MARK}</head>`);
        const out = { ...answer.headers };
        delete out['content-length'];
        delete out.etag;
        delete out['last-modified'];
        res.writeHead(answer.statusCode ?? 502, { ...out, 'content-length': Buffer.byteLength(body) });
        res.end(body);
      });
    });
    up.on('error', () => res.destroy());
    // An event stream closed by the page ends its upstream request too.
    res.on('close', () => up.destroy());
    req.pipe(up);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    publish: () => void (published = true),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The page's service worker registration: its active and waiting workers' states. */
const workers = (page: Page) =>
  page
    .evaluate(async () => {
      const r = await navigator.serviceWorker.getRegistration();
      return { active: r?.active?.state ?? null, waiting: r?.waiting?.state ?? null, controlled: navigator.serviceWorker.controller !== null };
    })
    .catch(() => null);
/** The marker of the new version in the running page's document (null: the version it opened with). */
const version = (page: Page) => page.evaluate(() => document.querySelector('meta[name="e2e-version"]')?.getAttribute('content') ?? null).catch(() => 'navigating');

test('a new version waits for "Atualizar": announced, never swapped in under a record being typed (nor at a reload), and running after the tap', async ({ browser, request }) => {
  test.setTimeout(120_000);
  const { order } = await startedOrder(request, { client_name: `Cliente atualização ${Date.now().toString(36)}` });
  const front = await frontServer(test.info().project.use.baseURL!);
  const context = await browser.newContext({ baseURL: front.base, viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, locale: 'pt-BR', timezoneId: 'America/Sao_Paulo', serviceWorkers: 'allow' });
  try {
    const page = await context.newPage();
    await uiLogin(page, 'tecnico');
    // The version in use: its service worker installed (the app precached) and controlling the page.
    await page.evaluate(async () => void (await navigator.serviceWorker.ready));
    await page.goto(`/external-activity/manage/${order.id}`);
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Atividade ${order.code}`, { timeout: 30_000 });
    const prompt = page.getByRole('alert').filter({ hasText: 'Nova versão disponível' });

    // The technician is typing an ONU's serial (not saved yet) when a new version is published.
    const serial = page.getByLabel('Nº de série (opcional)');
    await serial.fill('ZTEGC8A1B2C3');
    await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
    front.publish();
    // The app's own hourly check, now.
    await page.evaluate(async () => void (await (await navigator.serviceWorker.getRegistration())!.update()));
    await expect(prompt).toBeVisible({ timeout: 30_000 });
    await expect(prompt.getByRole('button', { name: 'Atualizar' })).toBeVisible();
    // Announced, not applied: the new worker waits, the same document with the typed serial runs on.
    expect(await workers(page)).toEqual({ active: 'activated', waiting: 'installed', controlled: true });
    await expect(serial).toHaveValue('ZTEGC8A1B2C3');
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
    expect(await version(page)).toBeNull();

    // Closed and opened again without the tap: still the version it had, and the announcement again.
    // The prompt shows while the app makes its copy of the orders (both 5 s after the page opens): the
    // tap below comes at once, in the middle of that copy (a tap then, applied at once, left the new
    // worker waiting for minutes in 9 of 29 runs; the app now finishes the copy first).
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Atividade ${order.code}`, { timeout: 30_000 });
    expect(await version(page)).toBeNull();
    await expect(prompt).toBeVisible({ timeout: 30_000 });
    expect(await workers(page)).toEqual({ active: 'activated', waiting: 'installed', controlled: true });

    // The tap: the waiting worker takes over and the page reloads into the new version.
    await prompt.getByRole('button', { name: 'Atualizar' }).click();
    await expect.poll(() => version(page), { timeout: 30_000 }).toBe('nova');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Atividade ${order.code}`, { timeout: 30_000 });
    await expect.poll(() => workers(page), { timeout: 15_000 }).toEqual({ active: 'activated', waiting: null, controlled: true });
  } finally {
    await context.close();
    await front.close();
  }
});
