/**
 * A place as latitude and longitude (decimal comma, the API's ranges in the hints), with a map to
 * tap it on and, where the user stands at the place (a technician at the client), "Usar minha
 * localização" from the phone's GPS. The map loads only when opened (Leaflet is large).
 */
import MapIcon from '@mui/icons-material/Map';
import MyLocationIcon from '@mui/icons-material/MyLocation';
import { Box, Button, CircularProgress } from '@mui/material';
import { lazy, Suspense, useState } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { useFormReadOnly } from '../readOnly';
import { toast } from '../toast';
import { FormNumber } from './NumberInput';

const MapPick = lazy(() => import('../MapPick'));
const round = (v: number) => Math.round(v * 1e6) / 1e6;
const finite = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

function LocationButtons({ gps }: { gps: boolean }) {
  const readOnly = useFormReadOnly();
  const { setValue, control } = useFormContext();
  const [lat, lng] = useWatch({ control, name: ['latitude', 'longitude'] }) as [unknown, unknown];
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
        {gps && (
          <Button variant="outlined" startIcon={locating ? <CircularProgress size={16} /> : <MyLocationIcon />} onClick={locate} disabled={locating}>
            Usar minha localização
          </Button>
        )}
        <Button variant="outlined" startIcon={<MapIcon />} onClick={() => setMap((m) => !m)} aria-expanded={map}>
          {map ? 'Fechar o mapa' : 'Marcar no mapa'}
        </Button>
      </Box>
      {map && (
        <Suspense fallback={<CircularProgress sx={{ mt: 1, display: 'block' }} />}>
          <MapPick latitude={finite(lat) ? lat : null} longitude={finite(lng) ? lng : null} onPick={set} />
        </Suspense>
      )}
    </Box>
  );
}

/** The `latitude` and `longitude` fields of a form grid, then the map (and the GPS button with `gps`). */
export function FormCoordinates({ required, gps = false }: { required?: boolean; gps?: boolean }) {
  return (
    <>
      <FormNumber name="latitude" label="Latitude" required={required} allowNegative helperText="Entre -90 e 90 (ex.: -25,4284)" />
      <FormNumber name="longitude" label="Longitude" required={required} allowNegative helperText="Entre -180 e 180 (ex.: -49,2733)" />
      <LocationButtons gps={gps} />
    </>
  );
}
