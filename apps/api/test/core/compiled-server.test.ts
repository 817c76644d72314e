import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, call, nodeBin, sleep } from '../resilience/server-process';

const apiDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** A port nobody listens on now (the OS picks it). */
async function freePort() {
  const server = net.createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((r) => server.close(r));
  return port;
}

/**
 * `npm start` runs the bundle (`scripts/build.mjs` → `dist/server/main.js`), not the source the rest of
 * the suite runs through tsx: a path resolved from a module's own folder, a workspace package left
 * unbundled or a dependency that only loads under tsx would pass every other test and break production.
 */
describe('compiled server', () => {
  mkdirSync(path.join(apiDir, 'dist'), { recursive: true });
  // Inside apps/api, so the bundle finds node_modules and the API folder from where it is; five folders
  // down, deeper than any source file, so a path resolved relative to a module's own folder (which
  // dist/server, two down like src/core, would hide) points nowhere.
  const buildDir = mkdtempSync(path.join(apiDir, 'dist', 'test-build-'));
  const outDir = path.join(buildDir, 'deeper', 'than', 'src');
  const dataDir = mkdtempSync(path.join(tmpdir(), 'operacoes-compiled-'));
  let proc: ChildProcess | undefined;
  let output = '';

  afterAll(async () => {
    if (proc && proc.exitCode === null && proc.signalCode === null) {
      const exited = new Promise((r) => proc!.once('exit', r));
      proc.kill('SIGTERM');
      const timer = setTimeout(() => proc!.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(timer);
    }
    rmSync(buildDir, { recursive: true, force: true });
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('builds, bundling the workspace packages, with a source map onto the .ts files', () => {
    const build = spawnSync(nodeBin, ['scripts/build.mjs', outDir], { cwd: apiDir, encoding: 'utf8' });
    expect(build.status, build.stderr + build.stdout).toBe(0);
    const code = readFileSync(path.join(outDir, 'main.js'), 'utf8');
    expect(code).not.toMatch(/from ["']@operacoes\//);
    const map = JSON.parse(readFileSync(path.join(outDir, 'main.js.map'), 'utf8')) as { sources: string[] };
    const sources = map.sources.map((s) => path.resolve(outDir, s));
    expect(sources).toContain(path.join(apiDir, 'src/main.ts'));
    expect(sources.some((s) => s.includes(`${path.sep}packages${path.sep}contract${path.sep}src${path.sep}`))).toBe(true);
    const missing = sources.filter((s) => !existsSync(s));
    expect(missing).toEqual([]);
  });

  it('starts with plain node on a new embedded database: migrations, the first admin, argon2 and the contract all work', async () => {
    const port = await freePort();
    proc = spawn(nodeBin, ['--enable-source-maps', path.join(outDir, 'main.js')], {
      // Another working directory than apps/api: nothing may be resolved from the process's cwd.
      cwd: tmpdir(),
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? '/tmp',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        JWT_SECRET: 'compiled-server-jwt-secret-0123456789',
        APP_ADMIN_PASSWORD: ADMIN_PASSWORD,
        ARGON2_MEMORY_KIB: '1024',
        ARGON2_TIME_COST: '1',
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    proc.stdout!.on('data', (d: Buffer) => (output += d.toString()));
    proc.stderr!.on('data', (d: Buffer) => (output += d.toString()));
    const url = `http://127.0.0.1:${port}`;
    // Generous: a loaded machine may take long; the limit only keeps a hung start from hanging the suite.
    const deadline = Date.now() + 100_000;
    for (;;) {
      if (proc.exitCode !== null || proc.signalCode !== null) throw new Error(`the built server exited before it was ready:\n${output.slice(-4000)}`);
      const status = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(2000) }).then(
        (r) => r.status,
        () => 0,
      );
      if (status === 200) break;
      if (Date.now() > deadline) throw new Error(`the built server was not ready in time:\n${output.slice(-4000)}`);
      await sleep(200);
    }
    const login = await call(url, 'POST', '/api/login', undefined, { username: 'admin', password: ADMIN_PASSWORD });
    expect(login.status, JSON.stringify(login.body)).toBe(200);
    // Zod schemas of the contract, compiled into the bundle, validate the body (a pt-BR 422).
    const invalid = await call(url, 'POST', '/api/login', undefined, { username: 'admin' });
    expect(invalid.status).toBe(422);
    // Every IBGE municipality came in through the migrations read from apps/api/drizzle.
    const cities = await call(url, 'GET', '/api/city', login.body.token as string);
    expect(cities.status, JSON.stringify(cities.body)).toBe(200);
    expect(Number(cities.body.total_items)).toBeGreaterThan(5000);
    // The built web app (apps/web/dist), when there is one: the API suite may run before the web build.
    if (existsSync(path.join(apiDir, '../web/dist/index.html'))) {
      const page = await fetch(`${url}/`);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('<div id="root"');
    }
  }, 150_000);
});
