/** /stock (STOCK): the organization's stocks (warehouses of a unit). */
import type { GridColDef } from '@mui/x-data-grid';
import { activeColumn, linkColumn } from '../../core/columns';
import { activeFilter } from '../../core/form';
import { PageTitle } from '../../core/PageTitle';
import { useListActions } from '../../core/resource';
import { ResourceList } from '../../core/ResourceList';
import { stockApi, type StockRead } from './api';

const columns: GridColDef<StockRead>[] = [
  { field: 'code', headerName: 'Código', width: 110 },
  linkColumn<StockRead>('name', 'Nome', (s) => `/stock/info/${s.id}`),
  { field: 'unit', headerName: 'Unidade', flex: 1, minWidth: 140, sortable: false, valueGetter: (_v, row) => row.unit_organizational?.name ?? '—' },
  { field: 'section_count', headerName: 'Seções', width: 90, type: 'number', sortable: false },
  activeColumn<StockRead>(),
];

export default function StockListPage() {
  const actions = useListActions(stockApi, { name: (s) => s.name, info: (s) => `/stock/info/${s.id}` });
  return (
    <>
      <PageTitle title="Estoques" subtitle="Almoxarifados das unidades, com suas seções, saldos e itens" />
      <ResourceList<StockRead> {...actions} columns={columns} searchPlaceholder="Pesquisar nome ou código" filters={[activeFilter()]} mobileHidden={['code', 'unit', 'section_count']} />
    </>
  );
}
