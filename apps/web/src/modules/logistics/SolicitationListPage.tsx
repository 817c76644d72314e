/** /shipment-solicitation (ASSET_SHIPMENT): requests to send items, with their approval steps. */
import BlockIcon from '@mui/icons-material/Block';
import CancelIcon from '@mui/icons-material/Cancel';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import LocalShippingIcon from '@mui/icons-material/LocalShipping';
import type { GridColDef } from '@mui/x-data-grid';
import { SHIPMENT_DESTINATION_LABELS, SHIPMENT_SOLICITATION_STATUSES, SHIPMENT_SOLICITATION_STATUS_LABELS } from '@operacoes/contract';
import { useNavigate } from 'react-router';
import { formatDateTime } from '../../core/format';
import { useCan } from '../../core/permissions';
import { SOLICITATION_PATH, type SolicitationRead } from './api';
import { formatDay } from './format';
import { SolicitationStatusChip } from './StatusChip';
import { useSolicitationSteps } from './useSolicitationSteps';
import { enumFilter } from '../../core/form';
import { destinationColumn, itemsColumn, originColumn } from './columns';
import { editOrView, ListPage } from '../../core/resource';

const columns: GridColDef<SolicitationRead>[] = [
  { field: 'id', headerName: 'Nº', width: 70, valueFormatter: (v: number) => `#${v}` },
  {
    field: 'status',
    headerName: 'Situação',
    width: 170,
    renderCell: ({ row }) => <SolicitationStatusChip status={row.status} />,
  },
  originColumn<SolicitationRead>(),
  destinationColumn<SolicitationRead>((r) => `/shipment-solicitation/edit/${r.id}`, (r) => `${SHIPMENT_DESTINATION_LABELS[r.destination_type]} · ${r.recipient_name}`),
  itemsColumn<SolicitationRead>(),
  { field: 'wanted_date', headerName: 'Desejado para', width: 120, valueFormatter: (v: string | null) => formatDay(v) || '—' },
  { field: 'requester', headerName: 'Solicitante', width: 130, sortable: false, valueGetter: (_v, row) => row.requester?.username ?? '—' },
  { field: 'created_at', headerName: 'Criada em', width: 140, valueFormatter: (v: string) => formatDateTime(v) },
];

export default function SolicitationListPage() {
  const navigate = useNavigate();
  const { can } = useCan();
  const canWrite = can(['ASSET_SHIPMENT']);
  const steps = useSolicitationSteps();
  const pending = (s: SolicitationRead) => canWrite && s.status === 'pendente';
  const open = (s: SolicitationRead) => navigate(`/shipment-solicitation/edit/${s.id}`);

  return (
    <ListPage<SolicitationRead>
      title="Solicitações de envio"
      subtitle="Pedidos para enviar itens do almoxarifado a uma unidade, um endereço ou uma pessoa"
      resource={SOLICITATION_PATH}
      columns={columns}
      searchPlaceholder="Pesquisar destinatário, endereço ou justificativa"
      filters={[enumFilter(SHIPMENT_SOLICITATION_STATUSES, SHIPMENT_SOLICITATION_STATUS_LABELS)]}
      createPath="/shipment-solicitation/create"
      createLabel="Nova solicitação"
      canCreate={canWrite}
      mobileHidden={['id', 'origin_stock', 'items', 'wanted_date', 'requester', 'created_at']}
      onRowOpen={open}
      rowActions={[
        ...editOrView(open, pending),
        { label: 'Aprovar', icon: <CheckCircleIcon />, onClick: (s) => void steps.approve(s), show: pending },
        { label: 'Recusar', icon: <BlockIcon />, onClick: steps.refuse, show: pending },
        { label: 'Cancelar', icon: <CancelIcon />, onClick: steps.cancel, show: pending },
        { label: 'Ver envio', icon: <LocalShippingIcon />, onClick: (s) => navigate(`/shipment/edit/${s.shipment_id}`), show: (s) => !!s.shipment_id },
      ]}
    >
      {steps.dialogs}
    </ListPage>
  );
}
