/**
 * Layouts by the picture's shape and direction, run once: the route's prefetch (query.ts) starts the layout
 * as soon as the data arrives, while the page's code is still loading, and the canvas picks up the same promise.
 * Text is measured in the page's own font (loaded first), so that ELK sizes every box for what it holds.
 */
import type { LmcTopology } from '@operacoes/contract';
import { elkInstance } from './elk';
import { type Direction, estimateWidth, FONTS, layoutTopology, type Measure, shapeKey } from './layout';

export { elkInstance };

/** Phones (below MUI's `sm`, 600 px) read the path top to bottom. */
export const NARROW_QUERY = '(max-width:599.95px)';
export const directionNow = (): Direction => (typeof window !== 'undefined' && window.matchMedia?.(NARROW_QUERY).matches ? 'DOWN' : 'RIGHT');

const FAMILY = '"Saira Semi Condensed", "Roboto", "Helvetica", "Arial", sans-serif';

let fontsReady: Promise<unknown> | null = null;
/** The drawing's fonts, loaded before measuring (a fallback font's widths would size the boxes wrong). */
function loadFonts() {
  if (!fontsReady) {
    const fonts = typeof document !== 'undefined' ? document.fonts : undefined;
    fontsReady = fonts ? Promise.all(Object.values(FONTS).map((f) => fonts.load(`${f} ${FAMILY}`).catch(() => undefined))) : Promise.resolve();
  }
  return fontsReady;
}

let measurer: Measure | null = null;
/** Text widths from a canvas in the page's font, remembered; the estimate where there is no canvas. */
function measure(): Measure {
  if (measurer) return measurer;
  const ctx = typeof document !== 'undefined' ? document.createElement('canvas').getContext?.('2d') : null;
  if (!ctx) return (measurer = estimateWidth);
  const seen = new Map<string, number>();
  measurer = (text, font) => {
    const k = `${font}|${text}`;
    let w = seen.get(k);
    if (w === undefined) {
      ctx.font = `${font} ${FAMILY}`;
      w = ctx.measureText(text).width;
      seen.set(k, w);
    }
    return w;
  };
  return measurer;
}

type Layout = Awaited<ReturnType<typeof layoutTopology>>;
const cache = new Map<string, Promise<Layout>>();
const KEEP = 8;

export function laidOut(topo: LmcTopology, direction: Direction = directionNow()): { key: string; layout: Promise<Layout> } {
  const key = `${direction}|${shapeKey(topo)}`;
  let layout = cache.get(key);
  if (!layout) {
    const started = performance.now();
    layout = loadFonts()
      .then(() => layoutTopology(topo, elkInstance(), { direction, measure: measure() }))
      .then((r) => {
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
