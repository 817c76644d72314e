import { createRequire } from 'node:module';
import os from 'node:os';
import { Worker } from 'node:worker_threads';

export type Argon2Cost = { memoryCost: number; timeCost: number };

type Job = { id: number; op: 'hash' | 'verify'; plain: string; hashed?: string; cost: Argon2Cost };
type Waiting = { resolve: (v: string | boolean) => void; reject: (e: Error) => void };

/**
 * The hashing thread, given as source (the compiled server is one bundle, with no worker file
 * beside it). It lowers its own priority on Linux (a thread is a task with its own nice value):
 * a login's ~100 ms of argon2 then takes the CPU the requests leave, instead of a core from them.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const argon2 = require(workerData.argon2);
let tid = null;
try {
  tid = Number(require('node:fs').readlinkSync('/proc/thread-self').split('/').pop());
  require('node:os').setPriority(tid, 19);
} catch {}
parentPort.postMessage({ ready: true, tid });
parentPort.on('message', (job) => {
  // Argon2id (2), one lane: the same parameters as before this moved to a thread.
  const options = { algorithm: 2, memoryCost: job.cost.memoryCost, timeCost: job.cost.timeCost, parallelism: 1 };
  let result;
  try {
    result = job.op === 'hash' ? { id: job.id, value: argon2.hashSync(job.plain, options) } : { id: job.id, value: argon2.verifySync(job.hashed, job.plain) };
  } catch (err) {
    result = job.op === 'verify' ? { id: job.id, value: false } : { id: job.id, error: String(err && err.message || err) };
  }
  parentPort.postMessage(result);
});
`;

/**
 * A few threads at the lowest priority that hash and verify passwords, taking jobs in turn. One
 * set serves the whole process and is never terminated (idle threads are unref'd and end with the
 * process): tearing down threads that loaded a native addon, app after app, is where Node and Rust
 * addons are known to crash.
 */
class HashingThreads {
  private workers: Worker[] = [];
  private waiting = new Map<number, Waiting>();
  private next = 0;
  private seq = 0;
  /** The threads' Linux ids, once they started (empty elsewhere): the test reads their nice value. */
  readonly threadIds: number[] = [];

  constructor(private size: number) {}

  private start() {
    const require = createRequire(import.meta.url);
    const argon2 = require.resolve('@node-rs/argon2');
    // Loaded here too, so the addon's image stays mapped whatever happens to the threads.
    require(argon2);
    for (let i = 0; i < this.size; i++) {
      const w = new Worker(WORKER_SOURCE, { eval: true, workerData: { argon2 } });
      w.on('message', (m: { ready?: boolean; tid?: number | null; id?: number; value?: string | boolean; error?: string }) => {
        if (m.ready) {
          if (m.tid) this.threadIds.push(m.tid);
          return;
        }
        const job = this.waiting.get(m.id!);
        if (!job) return;
        this.waiting.delete(m.id!);
        if (m.error !== undefined) job.reject(new Error(m.error));
        else job.resolve(m.value!);
        // Idle threads must not keep the process alive (a script that hashed once ends by itself).
        if (this.waiting.size === 0) this.workers.forEach((x) => x.unref());
      });
      w.on('error', (err) => {
        // A thread that died takes its jobs with it: they fail, and the next job starts new threads.
        for (const job of this.waiting.values()) job.reject(err);
        this.waiting.clear();
        const others = this.workers.filter((x) => x !== w);
        this.workers = [];
        this.threadIds.length = 0;
        others.forEach((x) => void x.terminate());
      });
      w.unref();
      this.workers.push(w);
    }
  }

  run<T extends string | boolean>(job: Omit<Job, 'id'>): Promise<T> {
    if (this.workers.length === 0) this.start();
    const id = ++this.seq;
    return new Promise<T>((resolve, reject) => {
      this.waiting.set(id, { resolve: resolve as Waiting['resolve'], reject });
      this.workers.forEach((x) => x.ref());
      this.workers[this.next++ % this.workers.length].postMessage({ ...job, id });
    });
  }
}

/** As many threads as libuv's pool had for this work (4), but no more than the cores. */
let shared: HashingThreads | undefined;
const hashingThreads = () => (shared ??= new HashingThreads(Math.max(1, Math.min(4, os.availableParallelism()))));

export class Passwords {
  private threads = hashingThreads();
  /** A hash of a random password, verified against when the user is unknown so both answers take the same time. */
  private dummy: Promise<string>;
  constructor(private cost: Argon2Cost) {
    this.dummy = this.hash('dummy-password-for-timing-' + Math.random());
  }
  hash(plain: string) {
    return this.threads.run<string>({ op: 'hash', plain, cost: this.cost });
  }
  async verify(hashed: string | undefined, plain: string): Promise<boolean> {
    if (!hashed) {
      await this.threads.run<boolean>({ op: 'verify', hashed: await this.dummy, plain, cost: this.cost });
      return false;
    }
    return this.threads.run<boolean>({ op: 'verify', hashed, plain, cost: this.cost });
  }
  /** The hashing threads' Linux ids (after the first hash). */
  get threadIds(): readonly number[] {
    return this.threads.threadIds;
  }
}
