/** /stock (STOCK): the organization's stocks (warehouses of a unit). */
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import VisibilityIcon from '@mui/icons-material/Visibility';
import { Link } from '@mui/material';
import type { GridColDef } from '@mui/x-data-grid';
import { Link as RouterLink, useNavigate } from 'react-router';
import { PageTitle } from '../../core/PageTitle';
import { useCan } from '../../core/permissions';
import { ResourceList } from '../../core/ResourceList';
import { STOCK_PATH, type StockRead } from './api';
import { useRemove } from './useRemove';
import { ToneChip } from '../../core/ToneChip';

const columns: GridColDef<StockRead>[] = [
  { field: 'code', headerName: 'Código', width: 110 },
  {
    field: 'name',
    headerName: 'Nome',
    flex: 1.4,
    minWidth: 160,
    renderCell: ({ row }) => (
      <Link component={RouterLink} to={`/stock/info/${row.id}`} underline="hover" color="inherit">
        {row.name}
      </Link>
    ),
  },
  { field: 'unit', headerName: 'Unidade', flex: 1, minWidth: 140, sortable: false, valueGetter: (_v, row) => row.unit_organizational?.name ?? '—' },
  { field: 'section_count', headerName: 'Seções', width: 90, type: 'number', sortable: false },
  {
    field: 'is_active',
    headerName: 'Situação',
    width: 100,
    renderCell: ({ row }) => <ToneChip color={row.is_active ? 'success' : 'default'} label={row.is_active ? 'Ativo' : 'Inativo'} status={String(row.is_active)} />,
  },
];

export default function StockListPage() {
  const navigate = useNavigate();
  const { can } = useCan();
  const canWrite = can(['STOCK']);
  const remove = useRemove(STOCK_PATH, 'o estoque');
  return (
    <>
      <PageTitle title="Estoques" subtitle="Almoxarifados das unidades, com suas seções, saldos e itens" />
      <ResourceList<StockRead>
        resource={STOCK_PATH}
        ariaLabel="Lista de estoques"
        columns={columns}
        searchPlaceholder="Pesquisar nome ou código"
        filters={[{ name: 'isActive', label: 'Situação', options: [{ value: '', label: 'Todos' }, { value: 'true', label: 'Somente ativos' }, { value: 'false', label: 'Somente inativos' }] }]}
        createPath="/stock/create"
        createLabel="Novo estoque"
        canCreate={canWrite}
        mobileHidden={['code', 'unit', 'section_count']}
        onRowOpen={(s) => navigate(`/stock/info/${s.id}`)}
        rowActions={[
          { label: 'Detalhes', icon: <VisibilityIcon />, onClick: (s) => navigate(`/stock/info/${s.id}`) },
          { label: 'Editar', icon: <EditIcon />, onClick: (s) => navigate(`/stock/edit/${s.id}`), show: canWrite },
          { label: 'Excluir', icon: <DeleteIcon />, onClick: (s) => void remove(s.id, s.name), show: canWrite },
        ]}
      />
    </>
  );
}
