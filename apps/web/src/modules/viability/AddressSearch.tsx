/**
 * Address or CEP search for a unit, through the organization's geocoder (settings › viabilidade):
 * the places found are numbered markers on a map and the same numbers in a list; choosing one (a tap
 * on its marker, Tab and Enter on it, or its line in the list) sets the unit's point and, when blank
 * or still the text of the place chosen before, its address. Without a geocoder this is not shown: the city list and a tap on the map.
 */
import SearchIcon from '@mui/icons-material/Search';
import { Alert, Avatar, Box, Button, CircularProgress, List, ListItemAvatar, ListItemButton, ListItemText, TextField } from '@mui/material';
import { DEFAULT_MAP_TILE_URL } from '@operacoes/contract';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useRef, useState } from 'react';
import { useFormContext } from 'react-hook-form';
import { apiMessageOf } from '../../core/publicLink';
import { formatDecimal } from '../../core/number';
import { fetchSettings, geocode, viabilityKeys, type GeocodeResult } from './api';

const PlacesMap = lazy(() => import('./PlacesMap'));

type Place = GeocodeResult['items'][number];

export function AddressSearch() {
  const { setValue, getValues } = useFormContext();
  const [q, setQ] = useState('');
  const [busy, setBusy] = useState(false);
  const [found, setFound] = useState<Place[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [picked, setPicked] = useState<Place | null>(null);
  /** The address text a choice wrote (a later choice replaces it; the seller's own text stays). */
  const filled = useRef<string | null>(null);
  const settings = useQuery({ queryKey: viabilityKeys.settings, queryFn: fetchSettings, staleTime: 60_000, retry: false });

  const search = async () => {
    if (q.trim().length < 3) return setError('Digite ao menos 3 caracteres do endereço ou o CEP.');
    setBusy(true);
    setError(null);
    try {
      const r = await geocode(q.trim());
      setFound(r.items);
      setPicked(null);
    } catch (e) {
      setFound(null);
      setError(apiMessageOf(e) ?? 'Não foi possível buscar o endereço. Marque o ponto no mapa.');
    } finally {
      setBusy(false);
    }
  };
  const pick = (p: Place) => {
    setValue('latitude', p.latitude, { shouldDirty: true, shouldValidate: true });
    setValue('longitude', p.longitude, { shouldDirty: true, shouldValidate: true });
    // The address is filled when blank, and follows another choice while it is still the last place's text.
    const address = String(getValues('address') ?? '').trim();
    if (!address || address === filled.current) {
      filled.current = p.label.slice(0, 500);
      setValue('address', filled.current, { shouldDirty: true, shouldValidate: true });
    }
    setPicked(p);
  };

  return (
    <Box sx={{ gridColumn: '1 / -1' }}>
      <Box role="search" aria-label="Buscar endereço" sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
        <TextField
          label="Buscar endereço ou CEP"
          value={q}
          onChange={(e) => setQ(e.target.value)}
          onKeyDown={(e) => {
            // Inside the unit's form: Enter searches instead of saving the unit.
            if (e.key === 'Enter') {
              e.preventDefault();
              void search();
            }
          }}
          size="small"
          fullWidth
          helperText="Ex.: Rua Marechal Deodoro, 235, Curitiba ou 80010-010"
          slotProps={{ htmlInput: { maxLength: 200 } }}
        />
        <Button variant="outlined" startIcon={<SearchIcon />} onClick={() => void search()} loading={busy} sx={{ minHeight: 40, flexShrink: 0 }}>
          Buscar
        </Button>
      </Box>
      {error && (
        <Alert severity="warning" sx={{ mt: 1 }}>
          {error}
        </Alert>
      )}
      {found && found.length === 0 && (
        <Alert severity="info" sx={{ mt: 1 }}>
          Nenhum endereço encontrado. Tente outro termo ou marque o ponto no mapa.
        </Alert>
      )}
      {found && found.length > 0 && (
        <Box sx={{ display: 'grid', gap: 1, gridTemplateColumns: { xs: '1fr', md: '3fr 2fr' }, alignItems: 'start' }}>
          <Suspense fallback={<CircularProgress size={24} sx={{ mt: 1 }} aria-label="Carregando o mapa" />}>
            <PlacesMap places={found} picked={picked} onPick={pick} tileUrl={settings.data?.map_tile_url || DEFAULT_MAP_TILE_URL} />
          </Suspense>
          <List dense aria-label="Endereços encontrados" sx={{ mt: 0.5 }}>
            {found.map((p, i) => (
              <ListItemButton key={`${p.latitude},${p.longitude},${p.label}`} selected={picked === p} aria-pressed={picked === p} onClick={() => pick(p)}>
                <ListItemAvatar sx={{ minWidth: 40 }}>
                  <Avatar sx={{ width: 28, height: 28, fontSize: 14, fontWeight: 700, bgcolor: picked === p ? '#c62828' : '#1565c0' }} aria-hidden>
                    {i + 1}
                  </Avatar>
                </ListItemAvatar>
                <ListItemText primary={p.label} secondary={`${formatDecimal(p.latitude)}; ${formatDecimal(p.longitude)}`} />
              </ListItemButton>
            ))}
          </List>
        </Box>
      )}
    </Box>
  );
}
