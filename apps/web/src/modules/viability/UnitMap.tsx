/**
 * The unit's map (Leaflet, lazy): the client, the nearest site and the straight line between them.
 * Markers and the line are vectors (no images to fetch): without the tile server the map still
 * shows them on a blank layer with its scale, and says that the images could not load.
 */
import 'leaflet/dist/leaflet.css';
import { Alert, Box } from '@mui/material';
import { latLngBounds } from 'leaflet';
import { useEffect, useMemo, useState } from 'react';
import { CircleMarker, MapContainer, Polyline, ScaleControl, TileLayer, Tooltip, useMap } from 'react-leaflet';

type Point = { latitude: number; longitude: number };

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
}: {
  client: Point;
  clientLabel: string;
  site?: Point | null;
  siteLabel?: string;
  tileUrl: string;
  height?: number;
  label?: string;
}) {
  const [tilesFailed, setTilesFailed] = useState(false);
  const handlers = useMemo(() => ({ tileerror: () => setTilesFailed(true), tileload: () => setTilesFailed(false) }), []);
  const c: [number, number] = [client.latitude, client.longitude];
  const s: [number, number] | null = site ? [site.latitude, site.longitude] : null;
  return (
    <Box>
      {tilesFailed && (
        <Alert severity="warning" sx={{ mb: 1 }} role="status">
          Não foi possível carregar as imagens do mapa. Os pontos continuam marcados sobre um fundo em branco.
        </Alert>
      )}
      <Box
        role="region"
        aria-label={label}
        data-testid="unit-map"
        sx={{ height, borderRadius: 1, overflow: 'hidden', border: 1, borderColor: 'divider', bgcolor: '#f4f4f0', '& .leaflet-container': { height: '100%', bgcolor: '#f4f4f0' } }}
      >
        <MapContainer center={c} zoom={15} scrollWheelZoom={false} style={{ height: '100%', width: '100%' }}>
          <TileLayer url={tileUrl} attribution='&copy; colaboradores do <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a>' eventHandlers={handlers} />
          <ScaleControl position="bottomleft" imperial={false} />
          <Fit client={client} site={site ?? null} />
          {s && <Polyline positions={[c, s]} pathOptions={{ color: '#1565c0', weight: 3, dashArray: '6 6' }} />}
          {s && (
            <CircleMarker center={s} radius={9} className="unit-map-site" pathOptions={{ color: '#fff', weight: 2, fillColor: '#2e7d32', fillOpacity: 0.95 }}>
              <Tooltip direction="top" offset={[0, -6]}>
                {siteLabel ?? 'Site'}
              </Tooltip>
            </CircleMarker>
          )}
          <CircleMarker center={c} radius={9} className="unit-map-client" pathOptions={{ color: '#fff', weight: 2, fillColor: '#c62828', fillOpacity: 0.95 }}>
            <Tooltip direction="top" offset={[0, -6]} permanent={!s}>
              {clientLabel}
            </Tooltip>
          </CircleMarker>
        </MapContainer>
      </Box>
    </Box>
  );
}
