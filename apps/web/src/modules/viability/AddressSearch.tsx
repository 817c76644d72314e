/**
 * Address or CEP search for a unit, through the organization's geocoder (settings › viabilidade):
 * the places found are listed and one picked sets the unit's point (the map below shows it) and,
 * when blank, its address. Without a geocoder this is not shown: the city list and a tap on the map.
 */
import SearchIcon from '@mui/icons-material/Search';
import { Alert, Box, Button, List, ListItemButton, ListItemText, TextField } from '@mui/material';
import { useState } from 'react';
import { useFormContext } from 'react-hook-form';
import { apiMessageOf } from '../../core/publicLink';
import { formatDecimal } from '../../core/number';
import { geocode, type GeocodeResult } from './api';

type Place = GeocodeResult['items'][number];

export function AddressSearch() {
  const { setValue, getValues } = useFormContext();
  const [q, setQ] = useState('');
  const [busy, setBusy] = useState(false);
  const [found, setFound] = useState<Place[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [picked, setPicked] = useState<Place | null>(null);

  const search = async () => {
    if (q.trim().length < 3) return setError('Digite ao menos 3 caracteres do endereço ou o CEP.');
    setBusy(true);
    setError(null);
    try {
      const r = await geocode(q.trim());
      setFound(r.items);
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
    if (!String(getValues('address') ?? '').trim()) setValue('address', p.label.slice(0, 500), { shouldDirty: true, shouldValidate: true });
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
        <List dense aria-label="Endereços encontrados" sx={{ mt: 0.5 }}>
          {found.map((p) => (
            <ListItemButton key={`${p.latitude},${p.longitude},${p.label}`} selected={picked === p} onClick={() => pick(p)}>
              <ListItemText primary={p.label} secondary={`${formatDecimal(p.latitude)}; ${formatDecimal(p.longitude)}`} />
            </ListItemButton>
          ))}
        </List>
      )}
    </Box>
  );
}
