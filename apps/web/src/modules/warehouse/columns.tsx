/** Grid columns shared by the list pages and the tabs of the stock and section pages. */
import { Box, Link, Typography } from '@mui/material';
import type { GridColDef } from '@mui/x-data-grid';
import { MOVEMENT_TYPE_LABELS, PATRIMONY_CONDITION_LABELS, PATRIMONY_STATUS_LABELS } from '@operacoes/contract';
import { Link as RouterLink } from 'react-router';
import { formatDateTime } from '../../core/format';
import type { BalanceRead, MovementRead, PatrimonyRead, SectionRead } from './api';
import { formatQty, PatrimonyStatusChip } from './parts';
import { ToneChip } from '../../core/ToneChip';

export const patrimonyColumns: GridColDef<PatrimonyRead>[] = [
  {
    field: 'tag',
    headerName: 'Patrimônio',
    width: 130,
    renderCell: ({ row }) => (
      <Link component={RouterLink} to={`/patrimony/edit/${row.id}`} underline="hover" color="inherit" sx={{ fontFamily: 'monospace' }}>
        {row.tag}
      </Link>
    ),
  },
  { field: 'product_id', headerName: 'Produto', flex: 1.4, minWidth: 160, valueGetter: (_v, row) => row.product?.name ?? '—' },
  { field: 'serial', headerName: 'Nº de série', width: 140, valueFormatter: (v: string | null) => v ?? '—' },
  { field: 'status', headerName: 'Situação', width: 140, renderCell: ({ row }) => <PatrimonyStatusChip status={row.status} /> },
  {
    field: 'place',
    headerName: 'Local / responsável',
    flex: 1.2,
    minWidth: 170,
    sortable: false,
    valueGetter: (_v, row) => (row.holder ? `Com ${row.holder.name}` : row.section ? `${row.stock?.name ?? ''} › ${row.section.name}` : '—'),
  },
  { field: 'condition', headerName: 'Conservação', width: 110, valueFormatter: (v: keyof typeof PATRIMONY_CONDITION_LABELS) => PATRIMONY_CONDITION_LABELS[v] },
];
export const patrimonyMobileHidden = ['serial', 'place', 'condition'];

const placeText = (stock: { name: string } | null, section: { name: string } | null, holder: { name: string } | null) =>
  holder ? holder.name : section ? `${stock?.name ?? ''} › ${section.name}` : '';

/** Where a movement took an item from, or to: stock, section or holder, and the item's status there. */
function placeColumn(side: 'from' | 'to', headerName: string): GridColDef<MovementRead> {
  return {
    field: side,
    headerName,
    flex: 1,
    minWidth: 140,
    sortable: false,
    valueGetter: (_v, row) => {
      const status = row[`${side}_status`];
      return [placeText(row[`${side}_stock`], row[`${side}_section`], row[`${side}_holder`]), status ? PATRIMONY_STATUS_LABELS[status] : ''].filter(Boolean).join(' · ') || '—';
    },
  };
}

export const movementColumns: GridColDef<MovementRead>[] = [
  { field: 'created_at', headerName: 'Data', width: 140, valueFormatter: (v: string) => formatDateTime(v) },
  {
    field: 'type',
    headerName: 'Tipo',
    width: 130,
    renderCell: ({ row }) => (
      <ToneChip
        color={row.type === 'entrada' || row.type === 'devolucao' ? 'success' : row.type === 'baixa' ? 'error' : row.type === 'saida' ? 'primary' : 'default'}
        label={MOVEMENT_TYPE_LABELS[row.type]}
        status={row.type}
      />
    ),
  },
  {
    field: 'item',
    headerName: 'Item',
    flex: 1.4,
    minWidth: 180,
    sortable: false,
    renderCell: ({ row }) => (
      <Box sx={{ lineHeight: 1.3, py: 0.5, minWidth: 0 }}>
        <Typography variant="body2" noWrap>
          {row.patrimony ? `${row.patrimony.tag} · ` : ''}
          {row.product.name}
        </Typography>
        {!row.patrimony && (
          <Typography variant="caption" color="text.secondary" noWrap component="div">
            Quantidade: {formatQty(row.quantity)}
          </Typography>
        )}
      </Box>
    ),
  },
  placeColumn('from', 'De'),
  placeColumn('to', 'Para'),
  { field: 'user', headerName: 'Por', width: 130, sortable: false, valueGetter: (_v, row) => row.user?.name ?? '—' },
  {
    field: 'reason',
    headerName: 'Motivo / documento',
    flex: 1,
    minWidth: 150,
    sortable: false,
    valueGetter: (_v, row) => [...new Set([row.reason, row.document, row.solicitation_id ? `Solicitação #${row.solicitation_id}` : null].filter(Boolean))].join(' · ') || '—',
  },
];
export const movementMobileHidden = ['from', 'to', 'user', 'reason'];

export const balanceColumns: GridColDef<BalanceRead>[] = [
  { field: 'product', headerName: 'Produto', flex: 1.4, minWidth: 170, sortable: false, valueGetter: (_v, row) => `${row.product.code} — ${row.product.name}` },
  { field: 'section', headerName: 'Seção', flex: 1, minWidth: 130, sortable: false, valueGetter: (_v, row) => row.section.name },
  {
    field: 'quantity',
    headerName: 'Saldo',
    width: 140,
    renderCell: ({ row }) => (
      <Box component="span" sx={{ color: row.quantity < row.product.minimum_quantity ? 'error.main' : undefined, fontWeight: 600 }}>
        {formatQty(row.quantity, row.product.unit_of_measure)}
      </Box>
    ),
  },
  { field: 'minimum', headerName: 'Mínimo', width: 100, sortable: false, valueGetter: (_v, row) => formatQty(row.product.minimum_quantity, row.product.unit_of_measure) },
  { field: 'updated_at', headerName: 'Atualizado em', width: 140, valueFormatter: (v: string) => formatDateTime(v) },
];

export const sectionColumns: GridColDef<SectionRead>[] = [
  { field: 'code', headerName: 'Código', width: 110 },
  {
    field: 'name',
    headerName: 'Nome',
    flex: 1.3,
    minWidth: 150,
    renderCell: ({ row }) => (
      <Link component={RouterLink} to={`/section/info/${row.id}`} underline="hover" color="inherit">
        {row.name}
      </Link>
    ),
  },
  { field: 'stock_id', headerName: 'Estoque', flex: 1, minWidth: 140, valueGetter: (_v, row) => row.stock?.name ?? '—' },
  { field: 'technician_id', headerName: 'Van de', flex: 1, minWidth: 120, sortable: false, valueGetter: (_v, row) => row.technician?.name ?? '' },
  {
    field: 'is_active',
    headerName: 'Situação',
    width: 100,
    renderCell: ({ row }) => <ToneChip color={row.is_active ? 'success' : 'default'} label={row.is_active ? 'Ativa' : 'Inativa'} status={String(row.is_active)} />,
  },
];
