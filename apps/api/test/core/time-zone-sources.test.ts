import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * No hard-coded zone or offset in the product's sources: every local time comes from the
 * organization's zone (DESIGN: storage UTC, the organization's clock on screen, in reports, SLA
 * months and calendars). The one list of zones (packages/contract/src/time-zones.ts) and tests
 * may name zones.
 */
const ROOT = path.resolve(__dirname, '../../../..');
const ZONE_LIST = path.join(ROOT, 'packages/contract/src/time-zones.ts');
const SOURCE = /\.(ts|tsx|js|jsx|mjs|cjs)$/;
// The SDK's types are generated from the OpenAPI document, which quotes the zone list (its enum).
const GENERATED = path.join(ROOT, 'packages/sdk/src/schema.d.ts');
const isTest = (file: string) => /\.test\.(ts|tsx)$/.test(file) || /\.spec\.(ts|tsx)$/.test(file) || file.split(path.sep).includes('__tests__');

function sourceFiles(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules' || name === 'dist') continue;
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) sourceFiles(full, out);
    else if (SOURCE.test(name) && !isTest(full) && full !== ZONE_LIST && full !== GENERATED) out.push(full);
  }
  return out;
}

const srcDirs = () =>
  ['apps', 'packages'].flatMap((top) =>
    readdirSync(path.join(ROOT, top))
      .map((p) => path.join(ROOT, top, p, 'src'))
      .filter((d) => {
        try {
          return statSync(d).isDirectory();
        } catch {
          return false;
        }
      }),
  );

// A fixed offset of Brasília time, or any IANA zone name ("America/Manaus", "Europe/Lisbon", "Etc/GMT+3").
const OFFSET = /-03:00/;
const IANA = /\b(?:Africa|America|Antarctica|Arctic|Asia|Atlantic|Australia|Brazil|Canada|Chile|Europe|Etc|Indian|Mexico|Pacific|US)\/[A-Z][A-Za-z0-9_+-]+(?:\/[A-Z][A-Za-z_]+)?/;

describe('time zones in the sources', () => {
  it('scans every app and package source folder', () => {
    const dirs = srcDirs().map((d) => path.relative(ROOT, d));
    expect(dirs).toEqual(expect.arrayContaining(['apps/api/src', 'apps/web/src', 'packages/contract/src']));
  });

  it('names no zone and no −03:00 offset outside the zone list', () => {
    const found: string[] = [];
    for (const file of srcDirs().flatMap((d) => sourceFiles(d))) {
      readFileSync(file, 'utf8')
        .split('\n')
        .forEach((line, i) => {
          const m = OFFSET.exec(line) ?? IANA.exec(line);
          if (m) found.push(`${path.relative(ROOT, file)}:${i + 1}: ${m[0]}`);
        });
    }
    expect(found).toEqual([]);
  });

  it('the zone list itself holds Brazil\'s zones', () => {
    const list = readFileSync(ZONE_LIST, 'utf8');
    for (const zone of ['America/Noronha', 'America/Sao_Paulo', 'America/Manaus', 'America/Cuiaba', 'America/Rio_Branco', 'America/Eirunepe']) expect(list).toContain(`'${zone}'`);
  });
});
