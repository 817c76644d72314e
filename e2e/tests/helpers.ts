import { expect, type APIRequestContext, type Page } from '@playwright/test';

export const DEMO_PASSWORD = 'demo12345';

/** Logs in through the login form and waits for the welcome toast. */
export async function uiLogin(page: Page, username: string, password = DEMO_PASSWORD) {
  if (!page.url().includes('/login')) await page.goto('/login');
  await page.getByLabel('Usuário').fill(username);
  await page.getByLabel('Senha', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expect(toast(page)).toContainText('Bem-vindo de volta!');
}

/** The sweetalert2 toast. */
export const toast = (page: Page) => page.locator('.swal2-toast');

/** Logs in through the API; returns the login answer. */
export async function apiLogin(request: APIRequestContext, username: string, password = DEMO_PASSWORD) {
  const r = await request.post('/api/login', { data: { username, password } });
  expect(r.status()).toBe(200);
  return (await r.json()) as { token: string; user: { id: number } };
}

export const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

/** The hrefs of the side-menu entries. */
export async function menuPaths(page: Page): Promise<string[]> {
  const nav = page.getByRole('navigation', { name: 'Menu principal' });
  await expect(nav.locator('[data-menu-path]').first()).toBeAttached();
  return nav.locator('[data-menu-path]').evaluateAll((els) => els.map((e) => e.getAttribute('data-menu-path') ?? ''));
}

/** The newest e-mail (written as .eml by the API without SMTP) to an address, decoded. */
export async function lastMailTo(address: string, timeoutMs = 10_000): Promise<string> {
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
      if (text.toLowerCase().includes(`to: ${address.toLowerCase()}`) || text.includes(`<${address}>`)) return text;
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
