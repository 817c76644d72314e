/** /site (SITE): the organization's sites as a table or on a map; search by code, name or city, filters by type and status. */
import MapIcon from '@mui/icons-material/Map';
import TableRowsIcon from '@mui/icons-material/TableRows';
import { Alert, Box, CircularProgress, MenuItem, Paper, Stack, TextField, ToggleButton, ToggleButtonGroup, Typography } from '@mui/material';
import type { GridColDef } from '@mui/x-data-grid';
import { SITE_STATUS_LABELS, SITE_STATUSES, SITE_TYPE_LABELS, SITE_TYPES } from '@operacoes/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { useSearchParams } from 'react-router';
import { linkColumn } from '../../core/columns';
import { enumFilter } from '../../core/form';
import { PageTitle } from '../../core/PageTitle';
import { useCan } from '../../core/permissions';
import { useListActions } from '../../core/resource';
import { ResourceList, useDebounced, type ListFilter } from '../../core/ResourceList';
import { fetchMarkers, fetchTileUrl, netKeys, siteApi, type SiteRead } from './api';
import { SiteStatusChip } from './parts';

// Leaflet and its CSS load with the map view only.
const SiteMap = lazy(() => import('./SiteMap'));

const columns: GridColDef<SiteRead>[] = [
  linkColumn<SiteRead>('code', 'Código', (s) => `/site/edit/${s.id}`, { width: 130 }),
  { field: 'name', headerName: 'Nome', flex: 1, minWidth: 160 },
  { field: 'type', headerName: 'Tipo', width: 120, valueFormatter: (v: SiteRead['type']) => SITE_TYPE_LABELS[v] },
  { field: 'city', headerName: 'Cidade', width: 170, sortable: false, valueGetter: (_v, row) => (row.city ? `${row.city.name}/${row.city.uf}` : '—') },
  { field: 'asset_count', headerName: 'Ativos', width: 80, type: 'number', sortable: false },
  { field: 'status', headerName: 'Situação', width: 140, renderCell: ({ row }) => <SiteStatusChip status={row.status} /> },
];

const FILTERS: ListFilter[] = [enumFilter(SITE_TYPES, SITE_TYPE_LABELS, { name: 'type', label: 'Tipo', all: 'Todos' }), enumFilter(SITE_STATUSES, SITE_STATUS_LABELS)];

function MapView() {
  const { user } = useCan();
  const [search, setSearch] = useState('');
  const [filters, setFilters] = useState<Record<string, string>>({ type: '', status: '' });
  const term = useDebounced(search.trim(), 400);
  const params = Object.fromEntries(Object.entries({ search: term, ...filters }).filter(([, v]) => v !== ''));
  const markers = useQuery({ queryKey: netKeys.map(params), queryFn: () => fetchMarkers(params), placeholderData: keepPreviousData });
  const tiles = useQuery({ queryKey: netKeys.tiles, queryFn: fetchTileUrl, staleTime: 5 * 60_000 });
  return (
    <Paper variant="outlined" sx={{ p: { xs: 1, sm: 2 } }}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ mb: 1.5 }}>
        <TextField type="search" label="Pesquisar código, nome ou cidade" value={search} onChange={(e) => setSearch(e.target.value)} sx={{ maxWidth: { sm: 320 } }} />
        {FILTERS.map((f) => (
          <TextField key={f.name} select label={f.label} value={filters[f.name]} onChange={(e) => setFilters((v) => ({ ...v, [f.name]: e.target.value }))} sx={{ minWidth: 160 }}>
            {f.options.map((o) => (
              <MenuItem key={o.value} value={o.value}>
                {o.label}
              </MenuItem>
            ))}
          </TextField>
        ))}
      </Stack>
      {markers.data && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }} aria-live="polite">
          {markers.data.total_items === 0 ? 'Nenhum site com coordenadas encontrado.' : `${markers.data.total_items} site(s) no mapa.`} Clique em um marcador para abrir o site
          {siteApi.canCreate(user) ? ' ou no mapa para criar um site no ponto.' : '.'}
        </Typography>
      )}
      {markers.data?.truncated && <Alert severity="info" sx={{ mb: 1 }}>Há mais sites do que o mapa mostra: refine a busca.</Alert>}
      {markers.isError ? (
        <Alert severity="error">Não foi possível carregar os sites do mapa.</Alert>
      ) : (
        <Suspense fallback={<CircularProgress aria-label="Carregando o mapa" />}>
          {tiles.data && <SiteMap markers={markers.data?.items ?? []} tileUrl={tiles.data} canCreate={siteApi.canCreate(user)} height="min(70vh, 640px)" />}
        </Suspense>
      )}
    </Paper>
  );
}

export default function SiteListPage() {
  const actions = useListActions(siteApi, { name: (s) => `${s.code} — ${s.name}` });
  const [params, setParams] = useSearchParams();
  const view = params.get('view') === 'map' ? 'map' : 'table';
  return (
    <>
      <PageTitle title="Sites" subtitle="POPs, torres, data centers, armários e clientes onde a rede está" />
      <Box sx={{ mb: 1.5 }}>
        <ToggleButtonGroup
          exclusive
          size="small"
          value={view}
          onChange={(_e, v) => v && setParams(v === 'map' ? { view: 'map' } : {}, { replace: true })}
          aria-label="Modo de exibição"
        >
          <ToggleButton value="table" aria-label="Tabela">
            <TableRowsIcon fontSize="small" sx={{ mr: 0.5 }} /> Tabela
          </ToggleButton>
          <ToggleButton value="map" aria-label="Mapa">
            <MapIcon fontSize="small" sx={{ mr: 0.5 }} /> Mapa
          </ToggleButton>
        </ToggleButtonGroup>
      </Box>
      {view === 'map' ? (
        <MapView />
      ) : (
        <ResourceList<SiteRead> {...actions} columns={columns} searchPlaceholder="Pesquisar código, nome ou cidade" filters={FILTERS} mobileHidden={['type', 'city', 'asset_count']} />
      )}
    </>
  );
}
