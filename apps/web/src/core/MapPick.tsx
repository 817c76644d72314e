/** A map to tap the client's place on (OpenStreetMap tiles, or the organization's). */
import { Box, Typography } from '@mui/material';
import { DEFAULT_MAP_TILE_URL } from '@operacoes/contract';
import { useQuery } from '@tanstack/react-query';
import { CircleMarker, MapContainer, TileLayer, useMapEvents } from './map/leaflet';
import { api } from './api';

/** Curitiba, when nothing is marked yet. */
const START: [number, number] = [-25.4284, -49.2733];

function Clicks({ onPick }: { onPick: (lat: number, lng: number) => void }) {
  useMapEvents({ click: (e) => onPick(e.latlng.lat, e.latlng.lng) });
  return null;
}

export default function MapPick({ latitude, longitude, onPick }: { latitude: number | null; longitude: number | null; onPick: (lat: number, lng: number) => void }) {
  const tiles = useQuery({
    queryKey: ['map-tiles'],
    queryFn: async () => (await api.get<{ map_tile_url?: string }>('/organization-settings/viability', { silent: true })).data.map_tile_url || DEFAULT_MAP_TILE_URL,
    retry: false,
  });
  const here: [number, number] | null = latitude !== null && longitude !== null ? [latitude, longitude] : null;
  return (
    <Box sx={{ mt: 1 }}>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 0.5 }}>
        Toque no mapa para marcar o local.
      </Typography>
      <Box data-testid="location-map" sx={{ height: 320, borderRadius: 1, overflow: 'hidden', border: '1px solid', borderColor: 'divider' }}>
        <MapContainer center={here ?? START} zoom={here ? 16 : 12} style={{ height: '100%' }}>
          <TileLayer url={tiles.data ?? DEFAULT_MAP_TILE_URL} attribution='&copy; colaboradores do <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a>' />
          <Clicks onPick={onPick} />
          {here && <CircleMarker center={here} radius={9} pathOptions={{ color: '#c62828', fillOpacity: 0.8 }} />}
        </MapContainer>
      </Box>
    </Box>
  );
}
