/**
 * The SDK's types come from the API's own OpenAPI document (written by `npm run lint`, or here when
 * missing): `node scripts/generate.mjs` rewrites src/schema.d.ts; `--check` fails when the committed
 * file is not what the document gives today (a route or schema changed without regenerating).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import openapiTS, { astToString } from 'openapi-typescript';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../../..');
const document = path.join(root, 'apps/api/dist/openapi.json');
const target = path.resolve(here, '../src/schema.d.ts');
const check = process.argv.includes('--check');

if (!existsSync(document)) execFileSync('npx', ['tsx', 'apps/api/scripts/openapi.ts'], { cwd: root, stdio: 'inherit' });
const ast = await openapiTS(JSON.parse(readFileSync(document, 'utf8')));
const header = '// Generated from the API\'s OpenAPI document by `npm run generate -w packages/sdk`. Do not edit.\n\n';
const text = header + astToString(ast);

if (check) {
  const committed = existsSync(target) ? readFileSync(target, 'utf8') : '';
  if (committed !== text) {
    console.error('packages/sdk/src/schema.d.ts is stale: run `npm run generate -w packages/sdk` and commit it.');
    process.exit(1);
  }
  console.log('SDK: schema.d.ts matches the OpenAPI document.');
} else {
  writeFileSync(target, text);
  console.log(`SDK: ${path.relative(root, target)} written (${text.length.toLocaleString('en')} characters).`);
}
