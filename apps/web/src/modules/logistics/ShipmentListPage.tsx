/** /shipment (ASSET_SHIPMENT): shipments born of approved requests, by status. */
import PictureAsPdfIcon from '@mui/icons-material/PictureAsPdf';
import type { GridColDef } from '@mui/x-data-grid';
import { SHIPMENT_STATUSES, SHIPMENT_STATUS_LABELS } from '@operacoes/contract';
import { useNavigate } from 'react-router';
import { formatDateTime } from '../../core/format';
import { useCan } from '../../core/permissions';
import { SHIPMENT_PATH, type ShipmentRead } from './api';
import { ShipmentStatusChip } from './StatusChip';
import { openPackingList } from './packing-list';
import { enumFilter } from '../../core/form';
import { destinationColumn, itemsColumn, originColumn } from './columns';
import { editOrView, ListPage } from '../../core/resource';

const columns: GridColDef<ShipmentRead>[] = [
  { field: 'id', headerName: 'Nº', width: 70, valueFormatter: (v: number) => `#${v}` },
  { field: 'status', headerName: 'Situação', width: 190, renderCell: ({ row }) => <ShipmentStatusChip status={row.status} /> },
  originColumn<ShipmentRead>(),
  destinationColumn<ShipmentRead>((r) => `/shipment/edit/${r.id}`, (r) => r.recipient_name),
  {
    field: 'carrier',
    headerName: 'Transportadora',
    width: 150,
    sortable: false,
    valueGetter: (_v, row) => [row.carrier, row.tracking_code].filter(Boolean).join(' · ') || '—',
  },
  itemsColumn<ShipmentRead>(),
  { field: 'dispatched_at', headerName: 'Despachado em', width: 140, valueFormatter: (v: string | null) => (v ? formatDateTime(v) : '—') },
  { field: 'created_at', headerName: 'Criado em', width: 140, valueFormatter: (v: string) => formatDateTime(v) },
];

export default function ShipmentListPage() {
  const navigate = useNavigate();
  const { can } = useCan();
  const canWrite = can(['ASSET_SHIPMENT']);
  const open = (s: ShipmentRead) => navigate(`/shipment/edit/${s.id}`);
  const editable = (s: ShipmentRead) => canWrite && (s.status === 'preparando' || s.status === 'enviado');
  return (
    <ListPage<ShipmentRead>
      title="Envios"
      subtitle="Remessas aprovadas: preparo, despacho e confirmação de recebimento"
      resource={SHIPMENT_PATH}
      columns={columns}
      searchPlaceholder="Pesquisar destinatário, rastreio ou nota fiscal"
      filters={[enumFilter(SHIPMENT_STATUSES, SHIPMENT_STATUS_LABELS)]}
      mobileHidden={['id', 'origin_stock', 'carrier', 'items', 'dispatched_at', 'created_at']}
      onRowOpen={open}
      rowActions={[...editOrView(open, editable), { label: 'Romaneio (PDF)', icon: <PictureAsPdfIcon />, onClick: (s) => void openPackingList(s.id) }]}
    />
  );
}
