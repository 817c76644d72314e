/**
 * Layouts by the picture's shape, run once: the route's prefetch (query.ts) starts the layout as soon as the
 * data arrives, while the page's code is still loading, and the canvas picks up the same promise.
 */
import type { LmcTopology } from '@operacoes/contract';
import { elkInstance } from './elk';
import { layoutTopology, shapeKey } from './layout';

export { elkInstance };

type Layout = Awaited<ReturnType<typeof layoutTopology>>;
const cache = new Map<string, Promise<Layout>>();
const KEEP = 8;

export function laidOut(topo: LmcTopology): { key: string; layout: Promise<Layout> } {
  const key = shapeKey(topo);
  let layout = cache.get(key);
  if (!layout) {
    const started = performance.now();
    layout = layoutTopology(topo, elkInstance()).then((r) => {
      // For the render benchmark (bench/topology.ts): the layout's own time.
      performance.measure('topology-layout', { start: started, end: performance.now() });
      return r;
    });
    layout.catch(() => cache.delete(key));
    cache.set(key, layout);
    if (cache.size > KEEP) cache.delete(cache.keys().next().value!);
  }
  return { key, layout };
}
