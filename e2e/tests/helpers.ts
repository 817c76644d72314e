import { expect, type APIRequestContext, type Page } from '@playwright/test';

export const DEMO_PASSWORD = 'demo12345';

/** Logs in through the login form and waits for the welcome toast. */
export async function uiLogin(page: Page, username: string, password = DEMO_PASSWORD) {
  await recordToasts(page);
  if (!page.url().includes('/login')) await page.goto('/login');
  await page.getByLabel('Usuário').fill(username);
  await page.getByLabel('Senha', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expectToast(page, 'Bem-vindo de volta!');
}

/** The sweetalert2 toast. */
export const toast = (page: Page) => page.locator('.swal2-toast');

const TOAST_LOG = '__e2eToasts';

/** In the page: keeps the title of every toast as it appears, in sessionStorage (survives reloads). */
function toastRecorder(key: string) {
  const w = window as unknown as { __e2eToastRecorder?: boolean };
  if (w.__e2eToastRecorder) return;
  w.__e2eToastRecorder = true;
  const seen = new WeakMap<Element, string>();
  const scan = () => {
    for (const el of document.querySelectorAll('.swal2-toast .swal2-title')) {
      const text = (el.textContent ?? '').trim();
      if (!text || seen.get(el) === text) continue;
      seen.set(el, text);
      const log = JSON.parse(sessionStorage.getItem(key) ?? '[]') as string[];
      log.push(text);
      sessionStorage.setItem(key, JSON.stringify(log));
    }
  };
  const start = () => new MutationObserver(scan).observe(document.documentElement, { childList: true, subtree: true, characterData: true });
  if (document.documentElement) start();
  else document.addEventListener('DOMContentLoaded', start);
}

/**
 * Records every toast the page shows from now on (uiLogin does it). A toast lasts 3 s: under load
 * a check can come after it is gone, so `expectToast` reads this record instead of the screen.
 */
export async function recordToasts(page: Page) {
  await page.addInitScript(toastRecorder, TOAST_LOG);
  await page.evaluate(toastRecorder, TOAST_LOG).catch(() => undefined);
}

/**
 * Waits until a toast with this text has been shown (recorded, or on screen now) and consumes
 * that record, so that a later identical toast must be shown anew.
 */
export async function expectToast(page: Page, text: string | RegExp, timeout = 30_000) {
  const pattern = typeof text === 'string' ? { source: text, flags: '', plain: true } : { source: text.source, flags: text.flags, plain: false };
  await expect
    .poll(
      () =>
        page
          .evaluate(
            ({ key, pattern }) => {
              const matches = (t: string) => (pattern.plain ? t.includes(pattern.source) : new RegExp(pattern.source, pattern.flags).test(t));
              const log = JSON.parse(sessionStorage.getItem(key) ?? '[]') as string[];
              const i = log.findIndex(matches);
              if (i >= 0) {
                log.splice(i, 1);
                sessionStorage.setItem(key, JSON.stringify(log));
                return true;
              }
              return [...document.querySelectorAll('.swal2-toast .swal2-title')].some((el) => matches(el.textContent ?? ''));
            },
            { key: TOAST_LOG, pattern },
          )
          .catch(() => false),
      { message: `toast "${String(text)}"`, timeout },
    )
    .toBe(true);
}

/** Logs in through the API; returns the login answer. */
export async function apiLogin(request: APIRequestContext, username: string, password = DEMO_PASSWORD) {
  const r = await request.post('/api/login', { data: { username, password } });
  expect(r.status()).toBe(200);
  return (await r.json()) as { token: string; user: { id: number } };
}

export const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

/**
 * A work order of the demo's "internet dedicada" type for the demo technician, scheduled (kept as
 * asked: the demo's Luiz is busy today) and started by him, so its on-site records can be made.
 * `data` adds to or replaces the order's fields (the client's name, document, address…).
 */
export async function startedOrder(request: APIRequestContext, data: Record<string, unknown> = {}) {
  const gestor = (await apiLogin(request, 'gestor')).token;
  const tecnico = await apiLogin(request, 'tecnico');
  const types = await request.get(`/api/external-activity/type-options?search=${encodeURIComponent('internet dedicada')}`, { headers: auth(gestor) });
  const [type] = (await types.json()) as { id: number }[];
  const created = await request.post('/api/external-activity', {
    headers: auth(gestor),
    data: { assistance_type_id: type.id, client_name: `Cliente ${Date.now().toString(36)}`, technician_ids: [tecnico.user.id], scheduled_start: new Date(Date.now() + 30 * 60_000).toISOString(), force: true, ...data },
  });
  expect(created.status(), await created.text()).toBe(201);
  const order = (await created.json()) as { id: number; code: string; checklist: { key: string; kind: string }[] };
  expect((await request.post(`/api/external-activity/${order.id}/schedule`, { headers: auth(gestor), data: { force: true } })).status()).toBe(200);
  for (const verb of ['depart', 'start']) expect((await request.post(`/api/external-activity/${order.id}/${verb}`, { headers: auth(tecnico.token), data: {} })).status()).toBe(200);
  return { order, token: tecnico.token };
}

/** The hrefs of the side-menu entries. */
export async function menuPaths(page: Page): Promise<string[]> {
  const nav = page.getByRole('navigation', { name: 'Menu principal' });
  await expect(nav.locator('[data-menu-path]').first()).toBeAttached();
  return nav.locator('[data-menu-path]').evaluateAll((els) => els.map((e) => e.getAttribute('data-menu-path') ?? ''));
}

/**
 * The newest e-mail (written as .eml by the API without SMTP) to an address, decoded; with
 * `containing`, the newest one that has it (polls: the mail may be written after the page answered).
 */
export async function lastMailTo(address: string, timeoutMs = 10_000, containing?: string): Promise<string> {
  const { readdirSync, readFileSync } = await import('node:fs');
  const { join } = await import('node:path');
  const dir = join(process.env.E2E_DATA_DIR ?? '', 'mail');
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    let files: string[] = [];
    try {
      files = readdirSync(dir).filter((f) => f.endsWith('.eml')).sort().reverse();
    } catch {
      /* not yet */
    }
    for (const f of files) {
      const raw = readFileSync(join(dir, f), 'utf8');
      const text = raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, h) => String.fromCharCode(parseInt(h, 16)));
      const toAddress = text.toLowerCase().includes(`to: ${address.toLowerCase()}`) || text.includes(`<${address}>`);
      if (toAddress && (!containing || text.includes(containing))) return text;
    }
    if (Date.now() > deadline) throw new Error(`no e-mail to ${address} in ${dir}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

export function linkIn(mail: string, pathPart: string): string {
  const m = mail.match(new RegExp(`https?://[^\\s"'<>]*${pathPart}[^\\s"'<>]*`));
  if (!m) throw new Error(`no link with ${pathPart}`);
  return m[0];
}

/**
 * Picks an option of a search-as-you-type combobox: types `search` (the option's text by default)
 * and picks the first option, which must match `text`.
 */
export async function pick(page: Page, label: string | RegExp, text: string, clearsOnPick = false, search = text) {
  const option = new RegExp(text);
  const box = page.getByRole('combobox', { name: label });
  // Wait for the debounced search to answer (the first option is the searched one), then click
  // that option. Under a loaded CI machine the list may close before the answer, or redraw under
  // the pointer (a detached option): then search and pick again, until the choice took.
  await expect(async () => {
    await box.fill('');
    await box.fill(search);
    await expect(page.getByRole('option').first()).toHaveText(option, { timeout: 5000 });
    // The demo's own products may be listed after it: click the searched option itself, at once
    // (no wait for a list that a late answer keeps redrawing).
    await page.getByRole('option').filter({ hasText: option }).first().click({ force: true, timeout: 5000 });
    if (!clearsOnPick) await expect(box).toHaveValue(option, { timeout: 3000 });
  }).toPass({ timeout: 60_000 });
}
