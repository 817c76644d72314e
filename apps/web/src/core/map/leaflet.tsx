/**
 * A small React binding over plain Leaflet, with the names and props of the part of react-leaflet
 * the app used (react-leaflet is under the Hippocratic licence, which is not OSI-approved).
 *
 * Each component creates its Leaflet object once, keeps it in step with the props that change
 * (position, style, radius) and removes it on unmount. Tooltips and popups render their React
 * children through a portal into a DOM node Leaflet shows, so their text stays text (never HTML).
 * Import this only from lazily loaded pieces: it brings Leaflet (~40 KB gzip).
 */
import 'leaflet/dist/leaflet.css';
import {
  circleMarker,
  control,
  map as createMap,
  polyline,
  popup,
  tileLayer,
  type CircleMarker as LeafletCircleMarker,
  type Evented,
  type Layer,
  type LatLngExpression,
  type LeafletEventHandlerFnMap,
  type Map as LeafletMap,
  type PathOptions,
  type TooltipOptions,
} from 'leaflet';
import { createContext, useContext, useEffect, useLayoutEffect, useRef, useState, type CSSProperties, type ReactNode } from 'react';
import { createPortal } from 'react-dom';

const MapContext = createContext<LeafletMap | null>(null);
/** The layer a Tooltip binds to (its parent marker). */
const LayerContext = createContext<Layer | null>(null);

/** The map the component is drawn in (inside a MapContainer only). */
export function useMap(): LeafletMap {
  const map = useContext(MapContext);
  if (!map) throw new Error('useMap fora de um MapContainer');
  return map;
}

/** Keeps the latest handlers in a ref, so a layer is bound once and still calls the current ones. */
function useLatest<T>(value: T) {
  const ref = useRef(value);
  useLayoutEffect(() => {
    ref.current = value;
  });
  return ref;
}

/** Binds every handler of `handlers` to `target` through the ref (the newest function is called). */
function bindHandlers(target: Evented, handlers: { current: LeafletEventHandlerFnMap | undefined }) {
  const bound: LeafletEventHandlerFnMap = {};
  for (const name of Object.keys(handlers.current ?? {}) as (keyof LeafletEventHandlerFnMap)[]) {
    bound[name] = ((e: never) => (handlers.current?.[name] as ((e: never) => void) | undefined)?.(e)) as never;
  }
  target.on(bound);
  return () => {
    target.off(bound);
  };
}

/** Map events for as long as the calling component is mounted (e.g. `{ click }`). */
export function useMapEvents(handlers: LeafletEventHandlerFnMap): LeafletMap {
  const map = useMap();
  const latest = useLatest<LeafletEventHandlerFnMap | undefined>(handlers);
  useEffect(() => bindHandlers(map, latest), [map, latest]);
  return map;
}

export function MapContainer({ center, zoom, scrollWheelZoom = true, style, children }: { center: LatLngExpression; zoom: number; scrollWheelZoom?: boolean; style?: CSSProperties; children?: ReactNode }) {
  const node = useRef<HTMLDivElement>(null);
  const [map, setMap] = useState<LeafletMap | null>(null);
  const start = useRef({ center, zoom, scrollWheelZoom });
  useEffect(() => {
    if (!node.current) return;
    // The first center and zoom only, as react-leaflet did: later moves are the children's (fit, setView).
    const created = createMap(node.current, { center: start.current.center, zoom: start.current.zoom, scrollWheelZoom: start.current.scrollWheelZoom });
    setMap(created);
    return () => {
      created.remove();
    };
  }, []);
  return (
    <div ref={node} style={style}>
      {map && <MapContext.Provider value={map}>{children}</MapContext.Provider>}
    </div>
  );
}

export function TileLayer({ url, attribution, eventHandlers }: { url: string; attribution?: string; eventHandlers?: LeafletEventHandlerFnMap }) {
  const map = useMap();
  const handlers = useLatest(eventHandlers);
  useEffect(() => {
    const layer = tileLayer(url, { attribution }).addTo(map);
    const unbind = bindHandlers(layer, handlers);
    return () => {
      unbind();
      layer.remove();
    };
  }, [map, url, attribution, handlers]);
  return null;
}

export function ScaleControl({ position, imperial = true }: { position?: 'topleft' | 'topright' | 'bottomleft' | 'bottomright'; imperial?: boolean }) {
  const map = useMap();
  useEffect(() => {
    const scale = control.scale({ position, imperial }).addTo(map);
    return () => {
      scale.remove();
    };
  }, [map, position, imperial]);
  return null;
}

type MarkerProps = {
  center: LatLngExpression;
  radius?: number;
  className?: string;
  pathOptions?: PathOptions;
  bubblingMouseEvents?: boolean;
  eventHandlers?: LeafletEventHandlerFnMap;
  children?: ReactNode;
};

/** A vector circle (no marker image to fetch): drawn with or without the tiles. */
export function CircleMarker({ center, radius = 10, className, pathOptions, bubblingMouseEvents, eventHandlers, children }: MarkerProps) {
  const map = useMap();
  const handlers = useLatest(eventHandlers);
  const [layer, setLayer] = useState<LeafletCircleMarker | null>(null);
  const first = useRef({ center, radius, className, pathOptions, bubblingMouseEvents });
  useEffect(() => {
    const f = first.current;
    const created = circleMarker(f.center, { ...f.pathOptions, radius: f.radius, className: f.className, bubblingMouseEvents: f.bubblingMouseEvents }).addTo(map);
    const unbind = bindHandlers(created, handlers);
    setLayer(created);
    return () => {
      unbind();
      created.remove();
    };
  }, [map, handlers]);
  useEffect(() => {
    layer?.setLatLng(center);
  }, [layer, center]);
  useEffect(() => {
    layer?.setRadius(radius);
  }, [layer, radius]);
  useEffect(() => {
    if (layer && pathOptions) layer.setStyle(pathOptions);
  }, [layer, pathOptions]);
  return layer && children ? <LayerContext.Provider value={layer}>{children}</LayerContext.Provider> : null;
}

export function Polyline({ positions, pathOptions }: { positions: LatLngExpression[]; pathOptions?: PathOptions }) {
  const map = useMap();
  const [layer] = useState(() => polyline(positions, pathOptions));
  useEffect(() => {
    layer.addTo(map);
    return () => {
      layer.remove();
    };
  }, [map, layer]);
  useEffect(() => {
    layer.setLatLngs(positions);
  }, [layer, positions]);
  useEffect(() => {
    if (pathOptions) layer.setStyle(pathOptions);
  }, [layer, pathOptions]);
  return null;
}

/** The parent marker's tooltip; its children are rendered by React (text stays text). */
export function Tooltip({ direction, offset, permanent = false, children }: { direction?: TooltipOptions['direction']; offset?: [number, number]; permanent?: boolean; children: ReactNode }) {
  const layer = useContext(LayerContext);
  const [node] = useState(() => document.createElement('div'));
  const dx = offset?.[0] ?? 0;
  const dy = offset?.[1] ?? 0;
  useEffect(() => {
    if (!layer) return;
    layer.bindTooltip(node, { direction, offset: [dx, dy], permanent });
    return () => {
      layer.unbindTooltip();
    };
  }, [layer, node, direction, dx, dy, permanent]);
  return createPortal(children, node);
}

/** A popup opened at a point of the map; `remove` is called when the user closes it. */
export function Popup({ position, eventHandlers, children }: { position: LatLngExpression; eventHandlers?: { remove?: () => void }; children: ReactNode }) {
  const map = useMap();
  const [node] = useState(() => document.createElement('div'));
  const onRemove = useLatest(eventHandlers?.remove);
  useEffect(() => {
    const opened = popup().setLatLng(position).setContent(node).openOn(map);
    const removed = () => onRemove.current?.();
    opened.on('remove', removed);
    return () => {
      opened.off('remove', removed);
      opened.remove();
    };
  }, [map, node, position, onRemove]);
  return createPortal(children, node);
}
