/**
 * Loaded into the server by the load run (`node --import ./bench/load-probe.mjs`), never by the
 * product: the server's own event-loop delay and GC pauses, so a latency stall has a name. Once a
 * second it prints one line `@@load-probe {json}` on standard output (the load run reads it beside
 * --trace-gc's lines); SIGUSR2 starts the figures afresh (the load run sends it when the traffic starts).
 */
import { PerformanceObserver, constants, monitorEventLoopDelay } from 'node:perf_hooks';
import v8 from 'node:v8';

const RESOLUTION_MS = 10;
const delay = monitorEventLoopDelay({ resolution: RESOLUTION_MS });
delay.enable();
const KINDS = { [constants.NODE_PERFORMANCE_GC_MINOR]: 'scavenge', [constants.NODE_PERFORMANCE_GC_MAJOR]: 'markCompact', [constants.NODE_PERFORMANCE_GC_INCREMENTAL]: 'incremental', [constants.NODE_PERFORMANCE_GC_WEAKCB]: 'weakCallbacks' };
let gc;
// Bytes allocated on V8's heap: what each collection found in use before it, less what the one before
// left, plus what the heap gained since the last. A figure of the code, not of the host's speed.
let profiler;
let allocated = 0;
let lastAfter = 0;
const used = () => v8.getHeapStatistics().used_heap_size;
const collectAllocation = () => {
  for (const { beforeGC, afterGC } of profiler.stop().statistics) {
    allocated += Math.max(0, beforeGC.heapStatistics.usedHeapSize - lastAfter);
    lastAfter = afterGC.heapStatistics.usedHeapSize;
  }
  profiler.start();
};
const reset = () => {
  if (profiler) profiler.stop();
  profiler = new v8.GCProfiler();
  profiler.start();
  allocated = 0;
  lastAfter = used();
  delay.reset();
  gc = { scavenge: { count: 0, ms: 0 }, markCompact: { count: 0, ms: 0 }, incremental: { count: 0, ms: 0 }, weakCallbacks: { count: 0, ms: 0 }, longestMs: 0 };
};
reset();
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) {
    const kind = KINDS[entry.detail?.kind] ?? 'scavenge';
    gc[kind].count++;
    gc[kind].ms += entry.duration;
    if (entry.duration > gc.longestMs) gc.longestMs = entry.duration;
  }
}).observe({ entryTypes: ['gc'] });
process.on('SIGUSR2', reset);
// The histogram holds each sampling interval whole: an idle loop reads the resolution itself.
const ms = (ns) => Math.max(0, ns / 1e6 - RESOLUTION_MS);
setInterval(() => {
  const loop = { p50: ms(delay.percentile(50)), p99: ms(delay.percentile(99)), max: ms(delay.max), count: delay.count };
  collectAllocation();
  const allocatedBytes = allocated + Math.max(0, used() - lastAfter);
  process.stdout.write(`@@load-probe ${JSON.stringify({ loop, gc, allocatedBytes })}\n`);
}, 1000).unref();
