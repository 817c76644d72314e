// Lighthouse (desktop preset, performance only) on /login and on / (logged in as the demo
// manager) of a running server, with Debian's Chromium. Usage:
//   npm start   (in another terminal)   then   npm run lighthouse -w e2e [-- http://localhost:3000]
// Reports the score, LCP, TBT and CLS of each page (budget: performance ≥ 95); exits with 1 when a
// page's CLS is above 0.1 (the dashboard's skeleton keeps the room of its cards).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';

const base = (process.argv[2] ?? 'http://localhost:3000').replace(/\/$/, '');
const chrome = '/usr/bin/chromium';
const profile = mkdtempSync(path.join(tmpdir(), 'lighthouse-profile-'));
const flags = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', `--user-data-dir=${profile}`];

const lighthouse = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../node_modules/.bin/lighthouse');
const rows = [];
function measure(route, keepStorage) {
  const out = path.join(profile, 'report.json');
  const args = [`${base}${route}`, '--preset=desktop', '--only-categories=performance', '--output=json', `--output-path=${out}`, '--quiet', `--chrome-flags=${flags.join(' ')}`];
  if (keepStorage) args.push('--disable-storage-reset');
  execFileSync(process.execPath, [lighthouse, ...args], { stdio: 'inherit', env: { ...process.env, CHROME_PATH: chrome } });
  const r = JSON.parse(readFileSync(out, 'utf8'));
  const a = r.audits;
  rows.push({ page: route, final: r.finalDisplayedUrl, score: Math.round(r.categories.performance.score * 100), LCP: a['largest-contentful-paint'].displayValue, TBT: a['total-blocking-time'].displayValue, CLS: a['cumulative-layout-shift'].displayValue, cls: a['cumulative-layout-shift'].numericValue, FCP: a['first-contentful-paint'].displayValue });
}

// /login first, on an empty profile (logged out).
measure('/login', false);

// Then log in once in the same profile, so that Lighthouse opens / with a session in local storage.
const ctx = await chromium.launchPersistentContext(profile, { executablePath: chrome, args: flags.filter((f) => f !== '--headless' && !f.startsWith('--user-data-dir')) });
const page = await ctx.newPage();
await page.goto(`${base}/login`);
await page.getByLabel(/usuário/i).first().fill(process.env.LH_USER ?? 'gestor');
await page.getByLabel(/senha/i).first().fill(process.env.LH_PASSWORD ?? 'demo12345');
await page.keyboard.press('Enter');
await page.waitForURL(`${base}/`);
await ctx.close();
measure('/', true);

rmSync(profile, { recursive: true, force: true });
console.table(rows);
const shifting = rows.filter((r) => r.cls > 0.1);
if (shifting.length) {
  console.error(`CLS above 0.1 on ${shifting.map((r) => r.page).join(', ')}`);
  process.exitCode = 1;
}
