/**
 * /van (STOCK): the technicians' vans — each van's consumables and patrimony items — and "Carregar
 * van" (STOCK writers): quantities and available items of one warehouse section go to the van, a
 * movement each. A section becomes a van on its form (Técnico). `VanContents` also shows the
 * technician's own van on /my-patrimony.
 */
import AddIcon from '@mui/icons-material/Add';
import LocalShippingIcon from '@mui/icons-material/LocalShipping';
import {
  Alert,
  Box,
  Button,
  Checkbox,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  Paper,
  Stack,
  TextField,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { AsyncPicker, NumberInput } from '../../core/form';
import { PageTitle } from '../../core/PageTitle';
import { useCan } from '../../core/permissions';
import { toast } from '../../core/toast';
import { VanContents } from './VanContents';
import { fetchSectionBalances, fetchSectionItems, fetchVans, searchWarehouseSections, transferToVan, whKeys, type SectionRead, type VanRead } from './api';
import { formatQty, sectionLabel } from './parts';

export default function VanPage() {
  const { can } = useCan();
  const vans = useQuery({ queryKey: whKeys.vans, queryFn: () => fetchVans() });
  const [loading, setLoading] = useState<VanRead | null>(null);
  const mayLoad = can(['STOCK']);
  return (
    <Box sx={{ maxWidth: 1000 }}>
      <PageTitle title="Vans dos técnicos" subtitle="O estoque de cada técnico na rua: o que está na van sai dela nas atividades externas" />
      {vans.isPending ? (
        <CircularProgress size={24} />
      ) : !vans.data?.length ? (
        <Alert severity="info">
          Nenhuma van cadastrada. Uma seção vira a van de um técnico no cadastro da seção (campo “Técnico”).{' '}
          {can(['SECTION']) && (
            <RouterLink to="/section/create">Nova seção</RouterLink>
          )}
        </Alert>
      ) : (
        <Stack spacing={2}>
          {vans.data.map((van) => (
            <Paper key={van.id} variant="outlined" sx={{ p: 2 }} component="section" aria-label={van.name} data-testid="van">
              <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1.5, flexWrap: 'wrap' }}>
                <LocalShippingIcon color="action" />
                <Box sx={{ flex: 1, minWidth: 0 }}>
                  <Typography variant="h6" component="h2">
                    {van.name}
                  </Typography>
                  <Typography variant="body2" color="text.secondary">
                    {van.technician.name} · {van.code} · estoque {van.stock.name}
                  </Typography>
                </Box>
                {mayLoad && (
                  <Button variant="contained" startIcon={<AddIcon />} onClick={() => setLoading(van)}>
                    Carregar van
                  </Button>
                )}
              </Box>
              <VanContents van={van} />
            </Paper>
          ))}
        </Stack>
      )}
      {loading && <LoadVanDialog van={loading} onClose={() => setLoading(null)} />}
    </Box>
  );
}

type Lines = Record<number, number | null>;

/** Quantities and available items of one warehouse section, into the van. */
function LoadVanDialog({ van, onClose }: { van: VanRead; onClose: () => void }) {
  const qc = useQueryClient();
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'));
  const [from, setFrom] = useState<SectionRead | null>(null);
  const [quantities, setQuantities] = useState<Lines>({});
  const [picked, setPicked] = useState<number[]>([]);
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const balances = useQuery({ queryKey: ['warehouse', 'van-load', 'balances', from?.id], queryFn: () => fetchSectionBalances(from!.id), enabled: !!from });
  const items = useQuery({ queryKey: ['warehouse', 'van-load', 'items', from?.id], queryFn: () => fetchSectionItems(from!.id), enabled: !!from });
  const consumables = Object.entries(quantities)
    .filter(([, q]) => q && q > 0)
    .map(([product_id, quantity]) => ({ product_id: Number(product_id), quantity: quantity! }));
  const save = async () => {
    setBusy(true);
    try {
      await transferToVan(van.id, { from_section_id: from!.id, consumables, patrimony_ids: picked, reason: reason.trim() || null });
      toast.success(`${van.name} carregada.`);
      void qc.invalidateQueries({ queryKey: ['warehouse'] });
      onClose();
    } catch {
      /* toasted: the reason (balance, item) in Portuguese */
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" fullScreen={phone} aria-labelledby="load-van-title">
      <DialogTitle id="load-van-title">Carregar {van.name}</DialogTitle>
      <DialogContent sx={{ '&&': { pt: 1 } }}>
        <Stack spacing={2}>
          <AsyncPicker<SectionRead>
            queryKey={['warehouse', 'van-load', 'sections']}
            fetch={searchWarehouseSections}
            value={from}
            onChange={(s) => {
              setFrom(s);
              setQuantities({});
              setPicked([]);
            }}
            getLabel={(s) => sectionLabel(s)}
            label="De onde sai (estoque › seção)"
            required
          />
          {from && (balances.isPending || items.isPending) && <CircularProgress size={24} />}
          {from && balances.data && (
            <Box>
              <Typography variant="subtitle2" sx={{ mb: 1 }}>
                Consumíveis
              </Typography>
              {balances.data.length === 0 && <Typography color="text.secondary">Nenhum consumível nesta seção.</Typography>}
              <Stack spacing={1}>
                {balances.data.map((b) => (
                  <Box key={b.id} sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
                    <Typography sx={{ flex: 1 }}>
                      {b.product.name}{' '}
                      <Typography component="span" variant="body2" color="text.secondary">
                        (saldo {`${formatQty(b.quantity)} ${b.product.unit_of_measure}`})
                      </Typography>
                    </Typography>
                    <NumberInput
                      label={`Quantidade (${b.product.unit_of_measure})`}
                      value={quantities[b.product.id] ?? null}
                      onChange={(v) => setQuantities((q) => ({ ...q, [b.product.id]: v ?? null }))}
                      size="small"
                      sx={{ width: 150 }}
                    />
                  </Box>
                ))}
              </Stack>
            </Box>
          )}
          {from && items.data && (
            <Box>
              <Typography variant="subtitle2">Itens de patrimônio disponíveis</Typography>
              {items.data.length === 0 && <Typography color="text.secondary">Nenhum item disponível nesta seção.</Typography>}
              <Box sx={{ display: 'flex', flexDirection: 'column' }}>
                {items.data.map((i) => (
                  <FormControlLabel
                    key={i.id}
                    control={<Checkbox checked={picked.includes(i.id)} onChange={(e) => setPicked((p) => (e.target.checked ? [...p, i.id] : p.filter((x) => x !== i.id)))} />}
                    label={`${i.tag} · ${i.product?.name ?? ''}${i.serial ? ` · S/N ${i.serial}` : ''}`}
                  />
                ))}
              </Box>
            </Box>
          )}
          <TextField label="Motivo (opcional)" value={reason} onChange={(e) => setReason(e.target.value)} placeholder={`Carga da van de ${van.technician.name}`} />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancelar</Button>
        <Button variant="contained" disabled={busy || !from || (consumables.length === 0 && picked.length === 0)} onClick={() => void save()}>
          Transferir para a van
        </Button>
      </DialogActions>
    </Dialog>
  );
}
