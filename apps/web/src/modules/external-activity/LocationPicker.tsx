/**
 * Where the client is: "usar minha localização" (the phone's GPS) or a tap on the map, bound to the
 * form's latitude and longitude. The map loads only when opened (Leaflet is large).
 */
import MapIcon from '@mui/icons-material/Map';
import MyLocationIcon from '@mui/icons-material/MyLocation';
import { Box, Button, CircularProgress } from '@mui/material';
import { lazy, Suspense, useState } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { useFormReadOnly } from '../../core/readOnly';
import { toast } from '../../core/toast';

const MapPick = lazy(() => import('../../core/MapPick'));
const round = (v: number) => Math.round(v * 1e6) / 1e6;

export function LocationPicker() {
  const readOnly = useFormReadOnly();
  const { setValue, control } = useFormContext();
  const [lat, lng] = useWatch({ control, name: ['latitude', 'longitude'] }) as [number | null, number | null];
  const [locating, setLocating] = useState(false);
  const [map, setMap] = useState(false);
  const set = (la: number, lo: number) => {
    setValue('latitude', round(la), { shouldDirty: true, shouldValidate: true });
    setValue('longitude', round(lo), { shouldDirty: true, shouldValidate: true });
  };
  const locate = () => {
    if (!navigator.geolocation) return toast.error('Este aparelho não informa a localização.');
    setLocating(true);
    navigator.geolocation.getCurrentPosition(
      (p) => {
        setLocating(false);
        set(p.coords.latitude, p.coords.longitude);
      },
      () => {
        setLocating(false);
        toast.error('Não foi possível obter a localização. Verifique a permissão do navegador.');
      },
      { enableHighAccuracy: true, timeout: 15_000 },
    );
  };
  if (readOnly) return null;
  return (
    <Box sx={{ gridColumn: '1 / -1' }}>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        <Button variant="outlined" startIcon={locating ? <CircularProgress size={16} /> : <MyLocationIcon />} onClick={locate} disabled={locating}>
          Usar minha localização
        </Button>
        <Button variant="outlined" startIcon={<MapIcon />} onClick={() => setMap((m) => !m)} aria-expanded={map}>
          {map ? 'Fechar o mapa' : 'Marcar no mapa'}
        </Button>
      </Box>
      {map && (
        <Suspense fallback={<CircularProgress sx={{ mt: 1 }} />}>
          <MapPick latitude={lat ?? null} longitude={lng ?? null} onPick={set} />
        </Suspense>
      )}
    </Box>
  );
}
