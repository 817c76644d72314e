import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';

// A fresh database per run; its mail/ folder (every e-mail as an .eml file) is read by the tests.
// Set here once: the workers inherit it from the runner's environment.
process.env.E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'operacoes-e2e-'));

const PORT = Number(process.env.E2E_PORT ?? 3100);
const BASE = `http://127.0.0.1:${PORT}`;

/**
 * Browser tests against the real built app (apps/web/dist, built by the root `test:e2e`
 * script) served by the real API on a fresh PGlite database with the demo organization.
 * Debian's Chromium only: Playwright never downloads a browser here.
 */
export default defineConfig({
  testDir: './tests',
  // run.mjs runs the accessibility sweep beside the other specs, on a server of its own.
  testIgnore: process.env.E2E_SKIP_A11Y ? ['**/a11y.spec.ts'] : [],
  workers: 1,
  fullyParallel: false,
  timeout: 60_000,
  // A page's first load on a busy two-core machine (two browsers and two servers) can pass 10 s.
  expect: { timeout: 20_000 },
  retries: process.env.CI ? 1 : 0,
  reporter: [['list']],
  use: {
    baseURL: BASE,
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
    trace: 'retain-on-failure',
    // Every context would download the app's 1.6 MB precache a few seconds after login, loading the
    // shared machine for nothing: the service worker runs only where a spec asks for it (offline.spec.ts).
    serviceWorkers: 'block',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium', headless: true } }],
  webServer: {
    command:
      `cd .. && ${process.env.E2E_WEB_DIST ? `WEB_DIST=${process.env.E2E_WEB_DIST} ` : ''}DATA_DIR=${process.env.E2E_DATA_DIR} PORT=${PORT} APP_ADMIN_USERNAME=admin APP_ADMIN_PASSWORD=admin12345 ` +
      // many logins from one address in a few minutes: lift the login rate limit for the suite
      'LOGIN_RATE_LIMIT_PER_IP=10000 LOGIN_RATE_LIMIT_PER_USERNAME=10000 ' +
      // the data-source spec serves its JSON from this machine: an operator's allow-list entry
      'DATA_SOURCE_ALLOWED_HOSTS=127.0.0.1 ' +
      'npx tsx apps/api/src/main.ts --demo',
    url: `${BASE}/api/health`,
    timeout: 120_000,
    reuseExistingServer: !!process.env.E2E_REUSE_SERVER,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
