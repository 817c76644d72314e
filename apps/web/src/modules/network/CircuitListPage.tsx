/** /circuit (OPERATOR_CIRCUIT): the circuits leased from carriers, with a live "fora do ar" chip, and the SLA tab. */
import EventBusyIcon from '@mui/icons-material/EventBusy';
import type { GridColDef } from '@mui/x-data-grid';
import { CIRCUIT_STATUSES, CIRCUIT_STATUS_LABELS, CIRCUIT_TYPE_LABELS, type ListResult, type SiteRead } from '@operacoes/contract';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { api } from '../../core/api';
import { linkColumn } from '../../core/columns';
import { enumFilter, selectFilter } from '../../core/form';
import { formatBRL } from '../../core/format';
import { PageTabs } from '../../core/PageTabs';
import { PageTitle } from '../../core/PageTitle';
import { useListActions } from '../../core/resource';
import { ResourceList } from '../../core/ResourceList';
import { circuitApi, circuitKeys, fetchCarriers, type CircuitRead } from './circuitApi';
import { CircuitStatusChip, DownChip, useLiveCircuits } from './CircuitParts';
import CircuitSlaPanel from './CircuitSlaPanel';

const siteText = (s: { code: string; name: string } | null) => (s ? `${s.code} · ${s.name}` : '—');

const columns: GridColDef<CircuitRead>[] = [
  { field: 'down', headerName: 'Estado', width: 100, sortable: false, renderCell: ({ row }) => <DownChip down={row.down} /> },
  { field: 'carrier', headerName: 'Operadora', width: 120 },
  linkColumn<CircuitRead>('designation', 'Designação', (c) => `/circuit/edit/${c.id}`, { minWidth: 140, flex: 1 }),
  { field: 'type', headerName: 'Tipo', width: 120, valueFormatter: (v: keyof typeof CIRCUIT_TYPE_LABELS) => CIRCUIT_TYPE_LABELS[v] ?? v },
  { field: 'bandwidth_mbps', headerName: 'Banda', width: 100, type: 'number', valueFormatter: (v: number) => `${v.toLocaleString('pt-BR')} Mbps` },
  { field: 'site_a', headerName: 'Ponta A', minWidth: 150, flex: 1, sortable: false, valueGetter: (_v, row) => siteText(row.site_a) },
  { field: 'site_b', headerName: 'Ponta B', minWidth: 150, flex: 1, sortable: false, valueGetter: (_v, row) => siteText(row.site_b) },
  { field: 'monthly_cost', headerName: 'Custo mensal', width: 130, valueFormatter: (v: string) => formatBRL(v) },
  { field: 'sla_percent', headerName: 'SLA', width: 90, valueFormatter: (v: number) => `${v.toLocaleString('pt-BR')}%` },
  { field: 'status', headerName: 'Situação', width: 120, renderCell: ({ row }) => <CircuitStatusChip status={row.status} /> },
];

function CircuitsTab() {
  const navigate = useNavigate();
  const actions = useListActions(circuitApi, { name: (c) => `${c.carrier} ${c.designation}` });
  const carriers = useQuery({ queryKey: circuitKeys.carriers, queryFn: fetchCarriers, staleTime: 60_000 });
  const sites = useQuery({ queryKey: ['circuit', 'site-options'], queryFn: async () => (await api.get<ListResult<SiteRead>>('/site', { params: { pageSize: 100 } })).data.items, staleTime: 60_000 });
  return (
    <ResourceList<CircuitRead>
      {...actions}
      rowActions={[{ label: 'Indisponibilidades', icon: <EventBusyIcon />, onClick: (c) => navigate(`/circuit/${c.id}/unavailability/`) }, ...actions.rowActions]}
      columns={columns}
      searchPlaceholder="Pesquisar operadora ou designação"
      filters={[
        { name: 'down', label: 'Estado', options: [{ value: '', label: 'Todos' }, { value: 'true', label: 'Fora do ar agora' }, { value: 'false', label: 'No ar' }] },
        selectFilter('carrier', 'Operadora', (carriers.data ?? []).map((c) => ({ value: c, label: c })), 'Todas'),
        enumFilter(CIRCUIT_STATUSES, CIRCUIT_STATUS_LABELS),
        selectFilter('site', 'Site', (sites.data ?? []).map((s) => ({ value: s.id, label: `${s.code} · ${s.name}` }))),
      ]}
      mobileHidden={['type', 'bandwidth_mbps', 'site_a', 'site_b', 'monthly_cost', 'sla_percent', 'status']}
    />
  );
}

export default function CircuitListPage() {
  useLiveCircuits();
  return (
    <>
      <PageTitle title="Circuitos de operadora" subtitle="Circuitos contratados das operadoras, indisponibilidades e SLA" />
      <PageTabs
        ariaLabel="Circuitos de operadora"
        tabs={[
          { value: 'circuitos', label: 'Circuitos', content: <CircuitsTab /> },
          { value: 'sla', label: 'SLA', content: <CircuitSlaPanel /> },
        ]}
      />
    </>
  );
}
