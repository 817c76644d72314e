import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const apiDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const repoDir = path.resolve(apiDir, '../..');
/** `npm ci` installs the project's Node (24) here; the machine's own may be older. */
export const nodeBin = existsSync(path.join(repoDir, 'node_modules/.bin/node')) ? path.join(repoDir, 'node_modules/.bin/node') : process.execPath;

import { sleep } from '../realtime-helpers';

export { sleep };

export type ServerOptions = {
  port: number;
  dataDir: string;
  databaseUrl?: string;
  env?: Record<string, string>;
  /** How long to wait for /api/health. */
  timeoutMs?: number;
};

export type ServerProcess = {
  url: string;
  pid: number;
  proc: ChildProcess;
  /** Everything the process wrote (stdout and stderr), in order. */
  output: () => string;
  /** Resolves with the exit code (or signal name) when the process ends. */
  exited: Promise<number | string>;
  /** SIGKILL: no handler runs, nothing is flushed. */
  kill9: () => Promise<number | string>;
  /** SIGTERM (or another signal), then wait for the exit (SIGKILL after `graceMs`). */
  stop: (signal?: NodeJS.Signals, graceMs?: number) => Promise<number | string>;
};

/**
 * Starts the real API (`src/main.ts`, one `node --import tsx` process, so a signal reaches the
 * server itself and not a wrapper) on `port`, and waits until /api/health answers.
 */
export async function startServer(opts: ServerOptions): Promise<ServerProcess> {
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? '/tmp',
    PORT: String(opts.port),
    HOST: '127.0.0.1',
    DATA_DIR: opts.dataDir,
    DATABASE_URL: opts.databaseUrl ?? '',
    JWT_SECRET: 'resilience-jwt-secret-0123456789abcdef',
    APP_ADMIN_PASSWORD: ADMIN_PASSWORD,
    ARGON2_MEMORY_KIB: '1024',
    ARGON2_TIME_COST: '1',
    LOGIN_RATE_LIMIT_PER_IP: '100000',
    LOGIN_RATE_LIMIT_PER_USERNAME: '100000',
    // The workload confirms receipts through the public link faster than a person would.
    PUBLIC_LINK_RATE_LIMIT_PER_IP: '100000',
    LOG_LEVEL: 'warn',
    PUBLIC_URL: 'http://operacoes.test',
    ...opts.env,
  };
  const proc = spawn(nodeBin, ['--import', 'tsx', 'src/main.ts'], { cwd: apiDir, env, stdio: ['ignore', 'pipe', 'pipe'] });
  const chunks: string[] = [];
  proc.stdout!.on('data', (d: Buffer) => chunks.push(d.toString()));
  proc.stderr!.on('data', (d: Buffer) => chunks.push(d.toString()));
  const exited = new Promise<number | string>((resolve) => proc.on('exit', (code, signal) => resolve(code ?? signal ?? -1)));
  let done = false;
  void exited.then(() => (done = true));
  const url = `http://127.0.0.1:${opts.port}`;
  const deadline = Date.now() + (opts.timeoutMs ?? 60_000);
  for (;;) {
    if (done) throw new Error(`server on ${opts.port} exited before it was ready:\n${chunks.join('').slice(-4000)}`);
    try {
      const res = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(1000) });
      if (res.status === 200) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      proc.kill('SIGKILL');
      throw new Error(`server on ${opts.port} not ready in time:\n${chunks.join('').slice(-4000)}`);
    }
    await sleep(100);
  }
  const stop = async (signal: NodeJS.Signals = 'SIGTERM', graceMs = 15_000) => {
    if (done) return exited;
    proc.kill(signal);
    const timer = setTimeout(() => proc.kill('SIGKILL'), graceMs);
    const code = await exited;
    clearTimeout(timer);
    return code;
  };
  return { url, pid: proc.pid!, proc, output: () => chunks.join(''), exited, kill9: () => stop('SIGKILL'), stop };
}

export const ADMIN_PASSWORD = 'Adm1n-Resiliencia-7Qx';

/** A small JSON client over real HTTP that never throws on a status and gives up after `timeoutMs`. */
export async function call(baseUrl: string, method: string, url: string, token?: string, body?: unknown, timeoutMs = 10_000) {
  const headers: Record<string, string> = {};
  if (token) headers.authorization = `Bearer ${token}`;
  if (body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`${baseUrl}${url}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body), signal: AbortSignal.timeout(timeoutMs) });
  const text = await res.text();
  let json: Record<string, unknown> = {};
  try {
    json = text ? (JSON.parse(text) as Record<string, unknown>) : {};
  } catch {
    json = { raw: text };
  }
  return { status: res.status, body: json, headers: res.headers };
}

/** Logs in and returns the session (throws on anything but 200). */
export async function login(baseUrl: string, username: string, password: string) {
  const res = await call(baseUrl, 'POST', '/api/login', undefined, { username, password });
  if (res.status !== 200) throw new Error(`login ${username}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as { token: string; refresh_token?: string; mercure_token: string; mercure_topics: string[]; user: { id: number } };
}

export type SseMessage = { id: string; data: string };

/**
 * A minimal EventSource over fetch (no reconnection) that also exposes the response headers,
 * so a test can tell which process answered. `next` waits for a message matching `pred`.
 */
export async function openSse(url: string) {
  const ctrl = new AbortController();
  const res = await fetch(url, { headers: { accept: 'text/event-stream' }, signal: ctrl.signal });
  const messages: SseMessage[] = [];
  let waiters: { pred: (m: SseMessage) => boolean; resolve: (m: SseMessage) => void }[] = [];
  let ended = false;
  if (res.body) {
    void (async () => {
      const decoder = new TextDecoder();
      let buf = '';
      try {
        for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
          buf += decoder.decode(chunk, { stream: true });
          let at;
          while ((at = buf.indexOf('\n\n')) >= 0) {
            const block = buf.slice(0, at);
            buf = buf.slice(at + 2);
            const id = /^id: (.*)$/m.exec(block)?.[1];
            const data = /^data: (.*)$/m.exec(block)?.[1];
            if (data === undefined) continue;
            const m = { id: id ?? '', data };
            messages.push(m);
            waiters = waiters.filter((w) => (w.pred(m) ? (w.resolve(m), false) : true));
          }
        }
      } catch {
        // aborted or dropped
      }
      ended = true;
    })();
  }
  return {
    status: res.status,
    headers: res.headers,
    messages,
    ended: () => ended,
    next(pred: (m: SseMessage) => boolean, timeoutMs = 5000): Promise<SseMessage> {
      const seen = messages.find(pred);
      if (seen) return Promise.resolve(seen);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no matching event within ${timeoutMs} ms (got ${messages.length})`)), timeoutMs);
        waiters.push({ pred, resolve: (m) => (clearTimeout(timer), resolve(m)) });
      });
    },
    close: () => ctrl.abort(),
  };
}

/** The hub URL for a topic, with the realtime token in the query (as the web app's EventSource does). */
export const hubUrl = (baseUrl: string, topic: string, token: string) =>
  `${baseUrl}/.well-known/mercure?topic=${encodeURIComponent(topic)}&authorization=${encodeURIComponent(token)}`;

/**
 * Like `call`, on a new TCP connection each time (no keep-alive agent): behind node:cluster each
 * connection may go to another worker. Also returns which worker answered (`x-worker-pid`).
 */
export function freshCall(baseUrl: string, method: string, url: string, token?: string, body?: unknown) {
  const headers: Record<string, string> = { connection: 'close' };
  if (token) headers.authorization = `Bearer ${token}`;
  const payload = body === undefined ? undefined : JSON.stringify(body);
  if (payload !== undefined) headers['content-type'] = 'application/json';
  return new Promise<{ status: number; body: Record<string, unknown>; pid: string }>((resolve, reject) => {
    const req = http.request(`${baseUrl}${url}`, { method, headers, agent: false, timeout: 10_000 }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString();
        resolve({ status: res.statusCode ?? 0, body: text ? (JSON.parse(text) as Record<string, unknown>) : {}, pid: String(res.headers['x-worker-pid'] ?? '') });
      });
    });
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', reject);
    req.end(payload);
  });
}
