/**
 * "Exportar PNG" / "Exportar SVG": the whole graph (not only what is on screen), as React Flow's
 * download-image example does: the viewport element rendered by html-to-image with a transform that
 * fits every node's bounds into the picture.
 */
import type { Node, Rect, Viewport } from '@xyflow/react';
import { toPng, toSvg } from 'html-to-image';

const PADDING = 0.06;
const MAX_SIDE = 6000;

/** The picture's size for the graph's bounds: the graph at 1:1 plus a margin, within limits. */
export function imageSize(bounds: Rect) {
  return {
    width: Math.round(Math.min(MAX_SIDE, Math.max(640, bounds.width * (1 + 2 * PADDING) + 40))),
    height: Math.round(Math.min(MAX_SIDE, Math.max(360, bounds.height * (1 + 2 * PADDING) + 40))),
  };
}

type Tools = {
  getNodes: () => Node[];
  getNodesBounds: (nodes: Node[]) => Rect;
  getViewportForBounds: (bounds: Rect, width: number, height: number, minZoom: number, maxZoom: number, padding: number) => Viewport;
};

export async function exportTopology(format: 'png' | 'svg', fileBase: string, container: HTMLElement, tools: Tools) {
  const viewportEl = container.querySelector<HTMLElement>('.react-flow__viewport');
  if (!viewportEl) throw new Error('viewport missing');
  const bounds = tools.getNodesBounds(tools.getNodes());
  const { width, height } = imageSize(bounds);
  const vp = tools.getViewportForBounds(bounds, width, height, 0.1, 2, PADDING);
  const options = {
    backgroundColor: '#ffffff',
    width,
    height,
    style: { width: `${width}px`, height: `${height}px`, transform: `translate(${vp.x}px, ${vp.y}px) scale(${vp.zoom})` },
  };
  const dataUrl = format === 'png' ? await toPng(viewportEl, options) : await toSvg(viewportEl, options);
  const a = document.createElement('a');
  a.setAttribute('download', `${fileBase}-topologia.${format}`);
  a.setAttribute('href', dataUrl);
  document.body.appendChild(a);
  a.click();
  a.remove();
}
