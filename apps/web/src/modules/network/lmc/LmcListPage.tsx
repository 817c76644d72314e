/** /lmc (LMC): logical links end to end, with their ends, capacity, segments and a live "fora do ar" chip. */
import AccountTreeIcon from '@mui/icons-material/AccountTree';
import TerminalIcon from '@mui/icons-material/Terminal';
import type { GridColDef } from '@mui/x-data-grid';
import { LMC_STATUSES, LMC_STATUS_LABELS } from '@operacoes/contract';
import { useNavigate } from 'react-router';
import { linkColumn } from '../../../core/columns';
import { enumFilter } from '../../../core/form';
import { ListPage, useListActions } from '../../../core/resource';
import { AlarmChip } from '../../../core/ToneChip';
import { useLiveCircuits } from '../CircuitParts';
import { lmcApi, type LmcRead } from '../pathApi';
import { LmcStatusChip, mbps } from '../pathParts';

const columns: GridColDef<LmcRead>[] = [
  linkColumn<LmcRead>('code', 'Código', (l) => `/lmc/edit/${l.id}`, { width: 150 }),
  { field: 'name', headerName: 'Nome', flex: 1, minWidth: 180 },
  { field: 'site_a', headerName: 'Pontas', minWidth: 200, flex: 1, sortable: false, valueGetter: (_v, row) => `${row.site_a?.code ?? '—'} → ${row.site_b?.code ?? '—'}` },
  { field: 'capacity_mbps', headerName: 'Capacidade', width: 120, type: 'number', valueFormatter: (v: number) => mbps(v) },
  { field: 'segments', headerName: 'Segmentos', width: 100, type: 'number', sortable: false, valueGetter: (_v, row) => row.segments.length },
  { field: 'status', headerName: 'Situação', width: 170, renderCell: ({ row }) => (row.down ? <AlarmChip label="fora do ar" status="down" /> : <LmcStatusChip status={row.status} />) },
];

export default function LmcListPage() {
  useLiveCircuits();
  const navigate = useNavigate();
  const actions = useListActions(lmcApi, { name: (l) => l.code });
  return (
    <ListPage<LmcRead>
      title="LMC"
      subtitle="Enlaces lógicos de ponta a ponta, feitos de segmentos LMX"
      {...actions}
      rowActions={[
        { label: 'Topologia', icon: <AccountTreeIcon />, onClick: (l) => navigate(`/lmc/topology/${l.id}`) },
        { label: 'Gerar script MikroTik', icon: <TerminalIcon />, onClick: (l) => navigate(`/lmc/generate-script/${l.id}`) },
        ...actions.rowActions,
      ]}
      columns={columns}
      searchPlaceholder="Pesquisar código ou nome"
      filters={[enumFilter(LMC_STATUSES, LMC_STATUS_LABELS)]}
      mobileHidden={['name', 'capacity_mbps', 'segments']}
    />
  );
}
