/** /shipment (ASSET_SHIPMENT): shipments born of approved requests, by status. */
import PictureAsPdfIcon from '@mui/icons-material/PictureAsPdf';
import { Box, Link, Typography } from '@mui/material';
import type { GridColDef } from '@mui/x-data-grid';
import { SHIPMENT_STATUSES, SHIPMENT_STATUS_LABELS } from '@operacoes/contract';
import { Link as RouterLink, useNavigate } from 'react-router';
import { formatDateTime } from '../../core/format';
import { useCan } from '../../core/permissions';
import { SHIPMENT_PATH, type ShipmentRead } from './api';
import { destinationText, itemsCount } from './format';
import { ShipmentStatusChip } from './StatusChip';
import { openPackingList } from './packing-list';
import { enumFilter } from '../../core/form';
import { editOrView, ListPage } from '../../core/resource';

const columns: GridColDef<ShipmentRead>[] = [
  { field: 'id', headerName: 'Nº', width: 70, valueFormatter: (v: number) => `#${v}` },
  { field: 'status', headerName: 'Situação', width: 190, renderCell: ({ row }) => <ShipmentStatusChip status={row.status} /> },
  { field: 'origin_stock', headerName: 'Origem', flex: 1, minWidth: 130, sortable: false, valueGetter: (_v, row) => row.origin_stock.name },
  {
    field: 'destination',
    headerName: 'Destino',
    flex: 1.4,
    minWidth: 170,
    sortable: false,
    renderCell: ({ row }) => (
      <Box sx={{ lineHeight: 1.3, py: 0.5, minWidth: 0 }}>
        <Link component={RouterLink} to={`/shipment/edit/${row.id}`} variant="body2" noWrap sx={{ display: 'block' }} underline="hover" color="inherit">
          {destinationText(row)}
        </Link>
        <Typography variant="caption" color="text.secondary" noWrap component="div">
          {row.recipient_name}
        </Typography>
      </Box>
    ),
  },
  {
    field: 'carrier',
    headerName: 'Transportadora',
    width: 150,
    sortable: false,
    valueGetter: (_v, row) => [row.carrier, row.tracking_code].filter(Boolean).join(' · ') || '—',
  },
  { field: 'items', headerName: 'Itens', width: 80, sortable: false, valueGetter: (_v, row) => itemsCount(row.items.length) },
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
