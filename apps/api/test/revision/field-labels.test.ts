/// <reference types="vite/client" />
/**
 * Every field the revision log can show has a pt-BR label. What gets audited is read from the
 * API itself: the entities the resource kit registers and those its own `audit(` calls name; an
 * entity's fields are its Drizzle table's columns (the entity is the table's name), plus the keys
 * the audit calls write literally (`changes: { scheduled_start: … }`, nested values included).
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { getTableColumns, getTableName, is } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { revisionFieldLabel } from '@operacoes/contract';
import { registeredResources } from '../../src/core/resource';
import { createTestApp, type TestApp } from '../helpers';

const SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../src');

/** Columns the log never shows: the row's own id and bookkeeping, secrets and search documents (core/audit hides them). */
const TECHNICAL = new Set(['id', 'created_at', 'updated_at', 'search_text', 'search_vector', 'password_hash', 'token_version', 'token_encrypted']);
/** Audited entities without a table of their own: the settings sections live in `organization.settings` (labelled by the web's settings module). */
const NO_TABLE = new Set(['organization_settings']);

// The same tables drizzle-kit reads (drizzle.config.ts): core's and each module's schema.ts.
const schemaModules = import.meta.glob(['../../src/core/schema/index.ts', '../../src/core/realtime/schema.ts', '../../src/modules/*/schema.ts', '../../src/modules/*/*/schema.ts'], { eager: true });
const tables = new Map<string, PgTable>();
for (const mod of Object.values(schemaModules)) for (const value of Object.values(mod as object)) if (is(value, PgTable)) tables.set(getTableName(value), value);

function sourceFiles(dir = SRC): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    return e.isDirectory() ? sourceFiles(full) : e.name.endsWith('.ts') && !e.name.endsWith('.test.ts') ? [full] : [];
  });
}

/** The text from an opening bracket at `start` to its match. */
function balanced(text: string, start: number): string {
  const open = text[start];
  const close = open === '(' ? ')' : '}';
  let depth = 0;
  for (let i = start; i < text.length; i++) {
    if (text[i] === open) depth++;
    else if (text[i] === close && --depth === 0) return text.slice(start, i + 1);
  }
  return text.slice(start);
}

type AuditCall = { file: string; entity: string | undefined; keys: string[] };

/** Each `audit(` call of the API: the entity it names literally and the literal keys of its changes/before/after objects. */
function auditCalls(): AuditCall[] {
  const calls: AuditCall[] = [];
  for (const file of sourceFiles()) {
    const text = readFileSync(file, 'utf8');
    for (const m of text.matchAll(/\bawait audit\(/g)) {
      const args = balanced(text, m.index + m[0].length - 1);
      const entity = /\bentity:\s*'([a-z_]+)'/.exec(args)?.[1];
      const keys: string[] = [];
      for (const o of args.matchAll(/\b(?:changes|before|after):\s*\{/g)) {
        const object = balanced(args, o.index + o[0].length - 1);
        // Keys after "{" or "," (a ternary's "a ? b : c" is not one); spreads and computed keys are skipped.
        for (const k of object.matchAll(/[{,]\s*([A-Za-z_]\w*)\s*:/g)) keys.push(k[1]);
      }
      calls.push({ file: path.relative(SRC, file), entity, keys });
    }
  }
  return calls;
}

describe('revision log: every audited field has a pt-BR label', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  it('finds the audited entities, their tables and the audit calls', () => {
    const calls = auditCalls();
    expect(calls.length).toBeGreaterThan(40);
    expect(calls.find((c) => c.file.endsWith('move.ts'))?.keys).toEqual(['scheduled_start', 'scheduled_end']);
    expect(registeredResources.length).toBeGreaterThan(15);
    expect(tables.get('schedule_event')).toBeDefined();
  });

  it('labels every column of every audited table and every key the audit calls write', () => {
    const calls = auditCalls();
    const entities = new Set([...registeredResources.map((r) => r.entity), ...calls.flatMap((c) => (c.entity ? [c.entity] : []))]);
    const missing: string[] = [];
    for (const entity of [...entities].sort()) {
      if (NO_TABLE.has(entity)) continue;
      const table = tables.get(entity);
      if (!table) {
        missing.push(`${entity}: no table named so`);
        continue;
      }
      for (const column of Object.keys(getTableColumns(table))) {
        if (!TECHNICAL.has(column) && !revisionFieldLabel(entity, column)) missing.push(`${entity}.${column}`);
      }
    }
    for (const call of calls) {
      for (const key of call.keys) if (!revisionFieldLabel(call.entity, key)) missing.push(`${call.entity ?? '?'}.${key} (${call.file})`);
    }
    expect([...new Set(missing)], 'Fields without a pt-BR label (packages/contract/src/revision/field-labels.ts)').toEqual([]);
  });
});
