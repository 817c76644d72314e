/** /asset (NETWORK_ASSET): network assets with filters, bulk status change and move, and CSV/XLSX export of what the list shows. */
import MoveIcon from '@mui/icons-material/DriveFileMove';
import { Button, Chip, Dialog, DialogActions, DialogContent, DialogTitle, MenuItem, Stack, TextField } from '@mui/material';
import type { GridColDef, GridRowId } from '@mui/x-data-grid';
import { ASSET_ROLE_LABELS, ASSET_ROLES, ASSET_STATUS_LABELS, ASSET_STATUSES, ASSET_VENDOR_LABELS, ASSET_VENDORS, type AssetStatus, type SiteRef } from '@operacoes/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { linkColumn } from '../../core/columns';
import { ExportButtons } from '../../core/ExportButtons';
import { AsyncPicker, enumFilter } from '../../core/form';
import { PageTitle } from '../../core/PageTitle';
import { useCan } from '../../core/permissions';
import { useListActions } from '../../core/resource';
import { ResourceList } from '../../core/ResourceList';
import { toast } from '../../core/toast';
import { assetApi, bulkMove, bulkStatus, searchSites, type AssetRead } from './api';
import { AssetStatusChip, siteLabel } from './parts';

const columns: GridColDef<AssetRead>[] = [
  linkColumn<AssetRead>('hostname', 'Hostname', (a) => `/asset/edit/${a.id}`, { flex: 1, minWidth: 170 }),
  { field: 'role', headerName: 'Função', width: 110, valueFormatter: (v: AssetRead['role']) => ASSET_ROLE_LABELS[v] },
  { field: 'vendor', headerName: 'Fabricante', width: 110, valueFormatter: (v: AssetRead['vendor']) => ASSET_VENDOR_LABELS[v] },
  { field: 'model', headerName: 'Modelo', width: 140 },
  { field: 'management_ip', headerName: 'IP de gerência', width: 150 },
  { field: 'site', headerName: 'Site', width: 160, sortable: false, valueGetter: (_v, row) => (row.site ? siteLabel(row.site) : '—') },
  { field: 'status', headerName: 'Situação', width: 140, renderCell: ({ row }) => <AssetStatusChip status={row.status} /> },
];

function MoveDialog({ open, count, onClose, onMove }: { open: boolean; count: number; onClose: () => void; onMove: (site: SiteRef) => void }) {
  const [site, setSite] = useState<SiteRef | null>(null);
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="xs">
      <DialogTitle>Mover {count} ativo(s) para outro site</DialogTitle>
      <DialogContent sx={{ pt: '8px !important' }}>
        <AsyncPicker<SiteRef>
          queryKey={['site', 'picker']}
          fetch={async (term) => (await searchSites(term)).map((s) => ({ id: s.id, code: s.code, name: s.name }))}
          value={site}
          onChange={setSite}
          getLabel={siteLabel}
          label="Site de destino"
          required
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancelar</Button>
        <Button variant="contained" disabled={!site} onClick={() => site && onMove(site)}>
          Mover
        </Button>
      </DialogActions>
    </Dialog>
  );
}

export default function AssetListPage() {
  const actions = useListActions(assetApi, { name: (a) => a.hostname });
  const { user } = useCan();
  const qc = useQueryClient();
  const canWrite = assetApi.canWrite(user);
  const [selected, setSelected] = useState<Set<GridRowId>>(() => new Set());
  const [query, setQuery] = useState<Record<string, string>>({});
  const [moving, setMoving] = useState(false);
  const onQueryChange = useCallback((q: Record<string, string>) => setQuery(q), []);
  const ids = [...selected].map(Number);

  const done = async (updated: number, what: string) => {
    toast.success(`${updated} ativo(s) ${what}.`);
    setSelected(new Set());
    await assetApi.invalidate(qc);
  };
  const changeStatus = async (status: AssetStatus) => {
    try {
      await done((await bulkStatus(ids, status)).updated, `com situação "${ASSET_STATUS_LABELS[status]}"`);
    } catch {
      /* toasted by the API client */
    }
  };
  const move = async (site: SiteRef) => {
    try {
      await done((await bulkMove(ids, site.id)).updated, `movido(s) para ${siteLabel(site)}`);
      setMoving(false);
    } catch {
      /* toasted by the API client */
    }
  };

  return (
    <>
      <PageTitle title="Ativos de rede" subtitle="Roteadores, switches, OLTs e rádios, com suas interfaces" />
      <ResourceList<AssetRead>
        {...actions}
        columns={columns}
        searchPlaceholder="Pesquisar hostname, IP, série ou modelo"
        filters={[
          enumFilter(ASSET_STATUSES, ASSET_STATUS_LABELS),
          enumFilter(ASSET_ROLES, ASSET_ROLE_LABELS, { name: 'role', label: 'Função' }),
          enumFilter(ASSET_VENDORS, ASSET_VENDOR_LABELS, { name: 'vendor', label: 'Fabricante', all: 'Todos' }),
        ]}
        mobileHidden={['role', 'vendor', 'model', 'management_ip', 'site']}
        selection={canWrite ? { ids: selected, onChange: setSelected } : undefined}
        onQueryChange={onQueryChange}
        toolbar={
          <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            {selected.size > 0 && (
              <>
                <Chip label={`${selected.size} selecionado(s)`} onDelete={() => setSelected(new Set())} size="small" />
                <TextField select size="small" label="Alterar situação" value="" onChange={(e) => void changeStatus(e.target.value as AssetStatus)} sx={{ minWidth: 170 }}>
                  {ASSET_STATUSES.map((s) => (
                    <MenuItem key={s} value={s}>
                      {ASSET_STATUS_LABELS[s]}
                    </MenuItem>
                  ))}
                </TextField>
                <Button variant="outlined" startIcon={<MoveIcon />} onClick={() => setMoving(true)}>
                  Mover de site
                </Button>
              </>
            )}
            <ExportButtons path="/asset/export" fileName="ativos-de-rede" params={query} />
          </Stack>
        }
      />
      <MoveDialog key={String(moving)} open={moving} count={selected.size} onClose={() => setMoving(false)} onMove={(s) => void move(s)} />
    </>
  );
}
