/**
 * The frame of a read-only Leaflet map (import it only from lazily loaded pieces): a named region
 * with the tiles and the scale. Markers are the caller's vectors, so with no tile network the map
 * still shows them on a blank layer, and a notice says that the images could not load.
 */
import { Alert, Box } from '@mui/material';
import type { LatLngExpression } from 'leaflet';
import { useMemo, useState, type ReactNode } from 'react';
import { MapContainer, ScaleControl, TileLayer } from './map/leaflet';

type Props = {
  /** The region's accessible name ("Mapa de sites"). */
  label: string;
  testId: string;
  /** What stays marked when the tiles fail: "Os sites", "Os pontos". */
  marked: string;
  tileUrl: string;
  height: number | string;
  minHeight?: number;
  center: LatLngExpression;
  zoom: number;
  scrollWheelZoom: boolean;
  children: ReactNode;
};

export function MapFrame({ label, testId, marked, tileUrl, height, minHeight, center, zoom, scrollWheelZoom, children }: Props) {
  const [tilesFailed, setTilesFailed] = useState(false);
  const handlers = useMemo(() => ({ tileerror: () => setTilesFailed(true), tileload: () => setTilesFailed(false) }), []);
  return (
    <Box>
      {tilesFailed && (
        <Alert severity="warning" sx={{ mb: 1 }} role="status">
          Não foi possível carregar as imagens do mapa. {marked} continuam marcados sobre um fundo em branco.
        </Alert>
      )}
      <Box
        role="region"
        aria-label={label}
        data-testid={testId}
        sx={{ height, minHeight, borderRadius: 1, overflow: 'hidden', border: 1, borderColor: 'divider', bgcolor: '#f4f4f0', '& .leaflet-container': { height: '100%', bgcolor: '#f4f4f0' } }}
      >
        <MapContainer center={center} zoom={zoom} scrollWheelZoom={scrollWheelZoom} style={{ height: '100%', width: '100%' }}>
          <TileLayer url={tileUrl} attribution='&copy; colaboradores do <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a>' eventHandlers={handlers} />
          <ScaleControl position="bottomleft" imperial={false} />
          {children}
        </MapContainer>
      </Box>
    </Box>
  );
}
