/**
 * The unit's map (Leaflet, lazy): the client, the nearest site and the straight line between them.
 * Markers and the line are vectors (no images to fetch): without the tile server the map still
 * shows them on a blank layer with its scale, and says that the images could not load.
 */
import 'leaflet/dist/leaflet.css';
import { latLngBounds } from 'leaflet';
import { useEffect } from 'react';
import { CircleMarker, Polyline, Tooltip, useMap } from '../../core/map/leaflet';
import { MapFrame } from '../../core/MapFrame';

type Point = { latitude: number; longitude: number };
/** A fibre box around the address, with its free ports. */
type Box = Point & { id: number; code: string; name: string; port_count: number; free: number; distance_m: number };

function Fit({ client, site }: { client: Point; site: Point | null }) {
  const map = useMap();
  const key = `${client.latitude},${client.longitude},${site?.latitude},${site?.longitude}`;
  useEffect(() => {
    if (!site) map.setView([client.latitude, client.longitude], 15);
    else
      map.fitBounds(
        latLngBounds([
          [client.latitude, client.longitude],
          [site.latitude, site.longitude],
        ]),
        { padding: [36, 36], maxZoom: 17 },
      );
  }, [key, map]); // refit when the points change
  return null;
}

export default function UnitMap({
  client,
  clientLabel,
  site,
  siteLabel,
  tileUrl,
  height = 360,
  label = 'Mapa da unidade',
  ctos,
}: {
  client: Point;
  clientLabel: string;
  site?: Point | null;
  siteLabel?: string;
  tileUrl: string;
  height?: number;
  label?: string;
  /** The CTOs around the address: green with a free port, grey when full. */
  ctos?: Box[];
}) {
  const c: [number, number] = [client.latitude, client.longitude];
  const s: [number, number] | null = site ? [site.latitude, site.longitude] : null;
  return (
    <MapFrame label={label} testId="unit-map" marked="Os pontos" tileUrl={tileUrl} height={height} center={c} zoom={15} scrollWheelZoom={false}>
      <Fit client={client} site={site ?? null} />
      {s && <Polyline positions={[c, s]} pathOptions={{ color: '#1565c0', weight: 3, dashArray: '6 6' }} />}
      {s && (
        <CircleMarker center={s} radius={9} className="unit-map-site" pathOptions={{ color: '#fff', weight: 2, fillColor: '#2e7d32', fillOpacity: 0.95 }}>
          <Tooltip direction="top" offset={[0, -6]}>
            {siteLabel ?? 'Site'}
          </Tooltip>
        </CircleMarker>
      )}
      {ctos?.map((b) => (
        <CircleMarker key={b.id} center={[b.latitude, b.longitude]} radius={6} className="unit-map-cto" pathOptions={{ color: '#fff', weight: 1.5, fillColor: b.free > 0 ? '#00897b' : '#757575', fillOpacity: 0.9 }}>
          <Tooltip direction="top" offset={[0, -4]}>
            {`CTO ${b.code} · ${b.free} de ${b.port_count} portas livres · ${b.distance_m} m`}
          </Tooltip>
        </CircleMarker>
      ))}
      <CircleMarker center={c} radius={9} className="unit-map-client" pathOptions={{ color: '#fff', weight: 2, fillColor: '#c62828', fillOpacity: 0.95 }}>
        <Tooltip direction="top" offset={[0, -6]} permanent={!s}>
          {clientLabel}
        </Tooltip>
      </CircleMarker>
    </MapFrame>
  );
}
