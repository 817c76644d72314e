/**
 * ELK, in its own chunk: the route's prefetch (query.ts) loads it beside the page's code, so its 1.6 MB
 * program is fetched while the app starts. It runs on the page's thread: a Web Worker was tried and lost,
 * its start-up (~400 ms per page) costing more than the layout it moves off the thread (bench/topology.ts).
 */
import ELK from 'elkjs/lib/elk.bundled.js';

let elk: InstanceType<typeof ELK> | null = null;

/** The one ELK of the page; the first call runs a tiny warm-up layout (ELK's first one is much slower). */
export function elkInstance() {
  if (elk) return elk;
  elk = new ELK();
  void elk
    .layout({
      id: 'warm-up',
      layoutOptions: { 'elk.algorithm': 'layered', 'elk.direction': 'RIGHT', 'elk.hierarchyHandling': 'INCLUDE_CHILDREN' },
      children: [{ id: 's', children: [{ id: 'a', width: 10, height: 10 }] }, { id: 'b', width: 10, height: 10 }],
      edges: [{ id: 'e', sources: ['a'], targets: ['b'] }],
    })
    .catch(() => undefined);
  return elk;
}
