/**
 * Loaded into the server by `bench/statements.ts` (`node --import ./bench/statements-probe.mjs`), never
 * by the product: appends the text of every statement node-postgres sends to the file named by
 * STATEMENTS_LOG, one line each, so the bench can count what one request sent.
 */
import { appendFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const pg = createRequire(import.meta.url)('pg');
const file = process.env.STATEMENTS_LOG;
const query = pg.Client.prototype.query;
pg.Client.prototype.query = function (config, values, callback) {
  const text = typeof config === 'string' ? config : config?.text;
  if (file) appendFileSync(file, `${String(text).replace(/\s+/g, ' ').trim().slice(0, 200)}\n`);
  return query.call(this, config, values, callback);
};
