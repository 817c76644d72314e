// Fails when a production dependency (any package in package-lock.json not marked dev-only) has a
// licence that is not OSI-approved, unless licences-allowed.json records the decision for it.
// The lock file carries each package's SPDX expression, so nothing is read from node_modules.
// `node scripts/licences.mjs` (part of `npm run lint`).
import { readFileSync } from 'node:fs';

const root = new URL('../', import.meta.url);
const lock = JSON.parse(readFileSync(new URL('package-lock.json', root), 'utf8'));
const allowed = JSON.parse(readFileSync(new URL('licences-allowed.json', root), 'utf8'));

// SPDX identifiers of OSI-approved licences met in this kind of dependency tree.
const OSI = new Set([
  '0BSD', 'AFL-3.0', 'Apache-2.0', 'Artistic-2.0', 'BlueOak-1.0.0', 'BSD-1-Clause', 'BSD-2-Clause', 'BSD-3-Clause',
  'BSL-1.0', 'CDDL-1.0', 'EPL-1.0', 'EPL-2.0', 'GPL-2.0-only', 'GPL-2.0-or-later', 'GPL-3.0-only', 'GPL-3.0-or-later',
  'ISC', 'LGPL-2.1-only', 'LGPL-2.1-or-later', 'LGPL-3.0-only', 'LGPL-3.0-or-later', 'MIT', 'MIT-0', 'MPL-2.0',
  'OFL-1.1', 'PostgreSQL', 'Python-2.0', 'Unicode-3.0', 'Unlicense', 'UPL-1.0', 'Zlib',
]);

/** An SPDX expression is approved when one of its OR alternatives has only approved AND parts. */
function approved(expression) {
  const bare = expression.replace(/[()]/g, ' ').trim();
  return bare.split(/\s+OR\s+/).some((alt) => alt.split(/\s+AND\s+/).every((id) => OSI.has(id.trim())));
}

const refused = [];
for (const [path, entry] of Object.entries(lock.packages)) {
  if (!path.startsWith('node_modules/') || entry.dev || entry.link) continue;
  const name = path.slice(path.lastIndexOf('node_modules/') + 'node_modules/'.length);
  const licence = entry.license ?? '(sem licença declarada)';
  if (approved(licence) || allowed[name]) continue;
  refused.push(`${name}@${entry.version}: ${licence}`);
}
const stale = Object.keys(allowed).filter((name) => !Object.keys(lock.packages).some((p) => p.endsWith(`node_modules/${name}`)));
if (stale.length) refused.push(...stale.map((n) => `${n}: está em licences-allowed.json mas não está mais no package-lock.json`));
if (refused.length) {
  console.error(`Dependências de produção com licença não aprovada pela OSI (decida e registre em licences-allowed.json):\n  ${refused.join('\n  ')}`);
  process.exit(1);
}
console.log('licences: every production dependency is OSI-approved or recorded in licences-allowed.json');
