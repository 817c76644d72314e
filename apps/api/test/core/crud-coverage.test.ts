import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as contract from '@operacoes/contract';
import { registeredResources } from '../../src/core/resource';
import { createTestApp, type TestApp } from '../helpers';

const THIS_FILE = fileURLToPath(import.meta.url);
const TEST_ROOT = path.resolve(path.dirname(THIS_FILE), '..');

/** Every `*.test.ts` under `test/`, recursively. */
function testFiles(dir = TEST_ROOT): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return testFiles(full);
    // This file names describeCrud in its own text: never count it as a suite.
    return e.name.endsWith('.test.ts') && full !== THIS_FILE ? [full] : [];
  });
}

/** A descriptor exported by the contract, by its name (`stockResource`). */
const descriptorEntity = (name: string) => (contract as Record<string, unknown>)[name] as { entity?: string } | undefined;

/**
 * The entities given a generic suite, read from the test files' text: each `describeCrud(` call's
 * descriptor (`describeCrud(stockResource, …)`, looked up in the contract), or a literal `entity:`.
 */
export function coveredEntities(files = testFiles()): Map<string, string> {
  const covered = new Map<string, string>();
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    for (const call of text.split(/\bdescribeCrud\(/).slice(1)) {
      const descriptor = /^\s*([A-Za-z_$][\w$]*)\s*,/.exec(call)?.[1];
      const entity = (descriptor && descriptorEntity(descriptor)?.entity) ?? /\bentity:\s*['"]([a-z_]+)['"]/.exec(call)?.[1];
      if (entity) covered.set(entity, path.relative(TEST_ROOT, file));
    }
  }
  return covered;
}

describe('resource kit: every registered resource has a generic suite', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  it('finds the registered resources and the suites', () => {
    const entities = new Set(registeredResources.map((r) => r.entity));
    // The kit registers every module's resources as the app is built (15 today).
    expect(entities.size).toBeGreaterThanOrEqual(15);
    expect(coveredEntities().size).toBeGreaterThanOrEqual(15);
  });

  it('has a describeCrud suite for each entity registered through registerResource', () => {
    const covered = coveredEntities();
    const uncovered = [...new Set(registeredResources.map((r) => `${r.entity} (/api${r.path})`))].filter((r) => !covered.has(r.split(' ')[0]));
    expect(uncovered, `Resources without a describeCrud suite: ${uncovered.join(', ')}`).toEqual([]);
  });
});
