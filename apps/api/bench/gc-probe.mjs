/**
 * Loaded into the server by the realtime bench (`node --expose-gc --import ./bench/gc-probe.mjs`),
 * never by the product: SIGUSR2 runs full garbage collections, so the memory an open stream keeps
 * is told apart from garbage V8 has not collected yet.
 */
process.on('SIGUSR2', () => {
  for (let i = 0; i < 3; i++) globalThis.gc();
});
