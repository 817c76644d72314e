/** /viability (VIABILITY or VIABILITY_TEMPLATE_PRODUCT): the clients' requests; a row opens its units; "Nova viabilidade" opens the dialog. */
import AddIcon from '@mui/icons-material/Add';
import EditIcon from '@mui/icons-material/Edit';
import ListAltIcon from '@mui/icons-material/ListAlt';
import { Button } from '@mui/material';
import type { GridColDef } from '@mui/x-data-grid';
import { VIABILITY_SERVICE_LABELS, VIABILITY_STATUS_LABELS, VIABILITY_STATUSES, type ViabilityRead } from '@operacoes/contract';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { linkColumn } from '../../core/columns';
import { enumFilter, selectFilter } from '../../core/form';
import { formatCpfCnpj } from '../../core/format';
import { useCan } from '../../core/permissions';
import { ListPage, useListActions } from '../../core/resource';
import { searchSellers, viabilityApi } from './api';
import { formatBandwidth } from './format';
import { ViabilityStatusChip } from './parts';
import { ViabilityDialog } from './ViabilityDialog';

export const unitsLink = (v: { id: number }) => `/viability/${v.id}/unit`;

const columns: GridColDef<ViabilityRead>[] = [
  linkColumn<ViabilityRead>('code', 'Código', unitsLink, { width: 130, flex: 0, minWidth: 120 }),
  { field: 'client_name', headerName: 'Cliente', flex: 1, minWidth: 180 },
  { field: 'client_document', headerName: 'CPF/CNPJ', width: 170, sortable: false, valueFormatter: (v: string) => formatCpfCnpj(v) },
  {
    field: 'service_type',
    headerName: 'Serviço',
    width: 200,
    valueGetter: (_v, row) => `${VIABILITY_SERVICE_LABELS[row.service_type] ?? row.service_type} · ${formatBandwidth(row.bandwidth_mbps)}`,
  },
  { field: 'seller', headerName: 'Vendedor', width: 160, sortable: false, valueGetter: (_v, row) => row.seller?.name ?? '' },
  { field: 'status', headerName: 'Situação', width: 130, renderCell: ({ row }) => <ViabilityStatusChip status={row.status} /> },
  { field: 'unit_count', headerName: 'Unidades', width: 100, sortable: false },
];

export default function ViabilityListPage() {
  const navigate = useNavigate();
  const { user } = useCan();
  const [dialog, setDialog] = useState<{ viability: ViabilityRead | null } | null>(null);
  const actions = useListActions(viabilityApi, { name: (v) => `${v.code} (${v.client_name})`, info: unitsLink, removeText: 'As unidades da viabilidade e seus cálculos serão excluídos junto. Esta ação não pode ser desfeita.' });
  const canWrite = viabilityApi.canWrite(user);
  const people = useQuery({ queryKey: ['viability', 'people', 'filter'], queryFn: () => searchSellers(''), staleTime: 60_000 });
  return (
    <ListPage<ViabilityRead>
      title="Viabilidades"
      subtitle="Pedidos de clientes: unidades, custo, parecer e proposta"
      {...actions}
      createPath={undefined}
      canCreate={false}
      toolbar={
        canWrite ? (
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setDialog({ viability: null })}>
            Nova viabilidade
          </Button>
        ) : undefined
      }
      rowActions={[
        { label: 'Unidades', icon: <ListAltIcon />, onClick: (v) => navigate(unitsLink(v)) },
        { label: 'Editar', icon: <EditIcon />, onClick: (v) => setDialog({ viability: v }), show: canWrite },
        ...actions.rowActions.filter((a) => a.label === 'Excluir'),
      ]}
      columns={columns}
      mobileHidden={['client_document', 'service_type', 'seller', 'unit_count']}
      searchPlaceholder="Pesquisar código, cliente ou CPF/CNPJ"
      filters={[enumFilter(VIABILITY_STATUSES, VIABILITY_STATUS_LABELS), selectFilter('seller', 'Vendedor', (people.data ?? []).map((p) => ({ value: p.id, label: p.name })))]}
    >
      {dialog && <ViabilityDialog viability={dialog.viability} onClose={() => setDialog(null)} onSaved={(v) => !dialog.viability && navigate(unitsLink(v))} />}
    </ListPage>
  );
}
