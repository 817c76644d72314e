// Reports gzip sizes per chunk and the initial JavaScript of /login and / (budgets: /login
// <= 180 KB gzip, / logged in <= 350 KB). Run after `vite build`: `npm run bundle-report -w apps/web`.
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';

const dist = process.env.WEB_DIST ? new URL(`file://${process.env.WEB_DIST.replace(/\/?$/, '/')}`) : new URL('../dist/', import.meta.url);
const manifest = JSON.parse(readFileSync(new URL('.vite/manifest.json', dist), 'utf8'));
const gz = (file) => gzipSync(readFileSync(new URL(file, dist)), { level: 9 }).length;
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;

function closure(keys) {
  const seen = new Set();
  const walk = (k) => {
    if (seen.has(k) || !manifest[k]) return;
    seen.add(k);
    for (const i of manifest[k].imports ?? []) walk(i);
  };
  keys.forEach(walk);
  return [...seen].map((k) => manifest[k].file);
}

const entry = Object.keys(manifest).find((k) => manifest[k].isEntry);
const pages = {
  '/login': [entry, 'src/modules/auth/PublicFrame.tsx', 'src/modules/auth/LoginPage.tsx'],
  // Behind the login the route table itself (appRoutes.tsx) loads with the layout.
  '/': [entry, 'src/appRoutes.tsx', 'src/AppLayout.tsx', 'src/modules/dashboard/DashboardPage.tsx'],
  '/user': [entry, 'src/appRoutes.tsx', 'src/AppLayout.tsx', 'src/modules/user/UserListPage.tsx'],
};
const BUDGETS = { '/login': 180, '/': 350 };
const over = [];
for (const [page, keys] of Object.entries(pages)) {
  const files = closure(keys);
  const total = files.reduce((s, f) => s + gz(f), 0);
  console.log(`initial JS for ${page}: ${kb(total)} gzip in ${files.length} files`);
  if (BUDGETS[page] && total > BUDGETS[page] * 1024) over.push(`${page} is over its ${BUDGETS[page]} KB gzip budget`);
}
console.log('\nchunks (gzip):');
const files = [...new Set(Object.values(manifest).map((m) => m.file))].filter((f) => f.endsWith('.js'));
for (const f of files.map((f) => [f, gz(f)]).sort((a, b) => b[1] - a[1]).slice(0, 25)) console.log(`  ${kb(f[1]).padStart(10)}  ${f[0]}`);
if (over.length) {
  console.error(`\n${over.join('\n')}`);
  process.exit(1);
}
