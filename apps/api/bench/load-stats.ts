/**
 * The load run's bookkeeping (bench/load.ts): latencies and errors per route, the server's RSS
 * sampled once a second from /proc, and the memory verdict.
 */
import { readFileSync } from 'node:fs';

export const percentile = (sorted: number[], p: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] : NaN);
export const fmtMs = (x: number) => (Number.isNaN(x) ? '–' : x >= 100 ? x.toFixed(0) : x >= 10 ? x.toFixed(1) : x.toFixed(2));
export const mib = (bytes: number) => bytes / 2 ** 20;

type RouteStats = { latencies: number[]; errors: number };
export type ErrorSample = { route: string; detail: string; at: number };

/** Every answered request by route (its template, not its ids), the errors, and a few samples of them. */
export class Recorder {
  readonly routes = new Map<string, RouteStats>();
  readonly samples: ErrorSample[] = [];
  errors = 0;
  completed = 0;
  /** When each login and each slow answer ran (ms from t0), to tell whether the logins' hashing is behind the tail. */
  private readonly loginSpans: [number, number][] = [];
  private readonly slowSpans: [number, number][] = [];
  constructor(
    private readonly t0: number,
    private readonly slowMs = 50,
    private readonly loginRoute = 'POST /api/login',
  ) {}

  private of(route: string) {
    let s = this.routes.get(route);
    if (!s) this.routes.set(route, (s = { latencies: [], errors: 0 }));
    return s;
  }
  ok(route: string, ms: number) {
    this.completed++;
    this.of(route).latencies.push(ms);
    const end = performance.now() - this.t0;
    if (route === this.loginRoute) this.loginSpans.push([end - ms, end]);
    else if (ms > this.slowMs) this.slowSpans.push([end - ms, end]);
  }
  /** Answers slower than `slowMs` (logins aside), and how many of them overlapped a login. */
  slow() {
    const overlapped = this.slowSpans.filter(([a, b]) => this.loginSpans.some(([c, d]) => c < b && a < d)).length;
    return { over: this.slowMs, count: this.slowSpans.length, duringLogin: overlapped };
  }
  fail(route: string, detail: string, ms?: number) {
    this.completed++;
    this.errors++;
    const s = this.of(route);
    s.errors++;
    if (ms !== undefined) s.latencies.push(ms);
    // The first three of each route: one flood of one kind does not hide the others.
    if (this.samples.filter((x) => x.route === route).length < 3) this.samples.push({ route, detail: detail.slice(0, 300), at: (performance.now() - this.t0) / 1000 });
  }
  rows() {
    return [...this.routes.entries()]
      .map(([route, s]) => {
        const l = [...s.latencies].sort((a, b) => a - b);
        return { route, count: l.length, errors: s.errors, p50: percentile(l, 50), p95: percentile(l, 95), p99: percentile(l, 99), max: l.at(-1) ?? NaN };
      })
      .sort((a, b) => b.count - a.count);
  }
  all() {
    const l = [...this.routes.values()].flatMap((s) => s.latencies).sort((a, b) => a - b);
    return { p50: percentile(l, 50), p95: percentile(l, 95), p99: percentile(l, 99), max: l.at(-1) ?? NaN };
  }
}

/** VmRSS of a process (bytes), from /proc: nothing is asked of the server, so the figure is its own. */
export function rssOf(pid: number): number | undefined {
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) * 1024 : undefined;
  } catch {
    return undefined;
  }
}

export type Sample = { t: number; rss: number };

/** Samples a process's RSS every second (t in seconds since `t0`). */
export function sampleRss(pid: number, t0: number) {
  const samples: Sample[] = [];
  const take = () => {
    const rss = rssOf(pid);
    if (rss !== undefined) samples.push({ t: (performance.now() - t0) / 1000, rss });
  };
  take();
  const timer = setInterval(take, 1000);
  return { samples, stop: () => clearInterval(timer) };
}

/** A full (mark-compact) collection seen in the server's `--trace-gc` output: the heap it left (MiB), t in seconds since `t0`. */
export type MajorGc = { t: number; before: number; after: number };
const MARK_COMPACT = /Mark-Compact ([\d.]+) \(([\d.]+)\) -> ([\d.]+) \(([\d.]+)\) MB/;

/** Reads the server's standard output line by line, keeping the full collections (and copying the output to `tee` when given). */
export function watchGc(stream: NodeJS.ReadableStream, t0: number, tee?: NodeJS.WritableStream) {
  const gcs: MajorGc[] = [];
  let rest = '';
  stream.on('data', (chunk: Buffer) => {
    tee?.write(chunk);
    const lines = (rest + chunk.toString('utf8')).split('\n');
    rest = lines.pop() ?? '';
    for (const line of lines) {
      const m = MARK_COMPACT.exec(line);
      if (m) gcs.push({ t: (performance.now() - t0) / 1000, before: Number(m[1]), after: Number(m[3]) });
    }
  });
  return gcs;
}

/** What the server's probe (bench/load-probe.mjs) printed last: its event-loop delay and GC pauses since the traffic started. */
export type ProbeFigures = {
  loop: { p50: number; p99: number; max: number; count: number };
  gc: Record<'scavenge' | 'markCompact' | 'incremental' | 'weakCallbacks', { count: number; ms: number }> & { longestMs: number };
  /** Bytes allocated on V8's heap since the traffic started. */
  allocatedBytes?: number;
};
const PROBE = '@@load-probe ';

/** Keeps the latest figures the server's probe printed on `stream`. */
export function watchProbe(stream: NodeJS.ReadableStream) {
  const state: { latest?: ProbeFigures } = {};
  let rest = '';
  stream.on('data', (chunk: Buffer) => {
    const lines = (rest + chunk.toString('utf8')).split('\n');
    rest = lines.pop() ?? '';
    for (const line of lines) if (line.startsWith(PROBE)) state.latest = JSON.parse(line.slice(PROBE.length)) as ProbeFigures;
  });
  return state;
}

/** The report's rows of the server's event loop and GC (a stall then has a name). */
export function probeRows(p: ProbeFigures | undefined, answered: number): [string, string][] {
  if (!p) return [['server event-loop delay / GC pauses', 'not reported (the probe printed nothing)']];
  const g = p.gc;
  const total = g.scavenge.ms + g.markCompact.ms + g.incremental.ms + g.weakCallbacks.ms;
  const count = g.scavenge.count + g.markCompact.count + g.incremental.count + g.weakCallbacks.count;
  return [
    ['**server event-loop delay** beyond its 10 ms sampling, p50 / p99 / max (ms)', `${fmtMs(p.loop.p50)} / ${fmtMs(p.loop.p99)} / ${fmtMs(p.loop.max)}`],
    [
      '**server GC pauses**: count / total (ms) / longest (ms); scavenge · mark-compact · incremental marking',
      `${count} / ${fmtMs(total)} / ${fmtMs(g.longestMs)}; ${g.scavenge.count} × ${fmtMs(g.scavenge.ms)} · ${g.markCompact.count} × ${fmtMs(g.markCompact.ms)} · ${g.incremental.count} × ${fmtMs(g.incremental.ms)} ms`,
    ],
    ...(p.allocatedBytes === undefined || !answered
      ? []
      : [['**server heap allocated** per answered request (KiB; the code\'s figure, not the host\'s)', (p.allocatedBytes / 1024 / answered).toFixed(0)] as [string, string]]),
  ];
}

/**
 * Memory verdict. The first third of the run is warm-up (caches, prepared statements, JIT, V8
 * sizing its heap), so the mean RSS of the last third is compared with the middle third's: "flat"
 * when it grew by at most `TOLERANCE.fraction` of the middle mean plus `TOLERANCE.mib`.
 *
 * RSS alone cannot tell a leak from garbage V8 has not collected yet: on a machine with plenty of
 * memory it lets the old generation fill for minutes before a full collection. So when the RSS grew,
 * the heap left by the full collections after the warm-up decides (seen through `--trace-gc`, which
 * only prints): flat when the last one left at most the first one's plus the same tolerance (it
 * takes two of them). With fewer than two there is nothing to tell them apart: "inconclusive".
 * Also the slope (least squares) of the RSS over the last two thirds, in MiB per minute, for the record.
 */
export const TOLERANCE = { fraction: 0.05, mib: 10 };
export function memoryVerdict(samples: Sample[], gcs: MajorGc[], seconds: number) {
  const third = seconds / 3;
  const mean = (xs: Sample[]) => xs.reduce((a, s) => a + s.rss, 0) / Math.max(1, xs.length);
  const middle = samples.filter((s) => s.t >= third && s.t < 2 * third);
  const last = samples.filter((s) => s.t >= 2 * third);
  const tail = [...middle, ...last];
  const mt = tail.reduce((a, s) => a + s.t, 0) / Math.max(1, tail.length);
  const mr = mean(tail);
  const cov = tail.reduce((a, s) => a + (s.t - mt) * (s.rss - mr), 0);
  const vt = tail.reduce((a, s) => a + (s.t - mt) ** 2, 0);
  const slopeMiBPerMin = vt > 0 ? mib(cov / vt) * 60 : 0;
  const middleMean = mean(middle);
  const lastMean = mean(last);
  const allowed = middleMean * TOLERANCE.fraction + TOLERANCE.mib * 2 ** 20;
  const growth = lastMean - middleMean;
  const rssFlat = middle.length > 0 && last.length > 0 && growth <= allowed;
  const afterWarmup = gcs.filter((g) => g.t >= third && g.t <= seconds);
  const heap = afterWarmup.length >= 2 ? { first: afterWarmup[0].after, last: afterWarmup.at(-1)!.after, count: afterWarmup.length } : undefined;
  const heapFlat = heap ? heap.last - heap.first <= heap.first * TOLERANCE.fraction + TOLERANCE.mib : undefined;
  const verdict: 'flat' | 'grew' | 'inconclusive' = rssFlat ? 'flat' : heapFlat === undefined ? 'inconclusive' : heapFlat ? 'flat' : 'grew';
  return { middleMean, lastMean, growth, allowed, slopeMiBPerMin, rssFlat, heap, heapFlat, verdict, majorGcs: gcs.filter((g) => g.t >= 0 && g.t <= seconds).length };
}

/** A markdown table. */
export function table(header: string[], rows: (string | number)[][]) {
  return [`| ${header.join(' | ')} |`, `|${header.map((h, i) => (i === 0 ? '---' : '---:')).join('|')}|`, ...rows.map((r) => `| ${r.join(' | ')} |`)].join('\n');
}
