/** /viability/unit/template (VIABILITY_TEMPLATE_PRODUCT): the ways of serving a client, each with its bill of materials. */
import type { GridColDef } from '@mui/x-data-grid';
import { VIABILITY_MEDIUM_LABELS, VIABILITY_MEDIUMS, type ViabilityTemplateRead } from '@operacoes/contract';
import { linkColumn } from '../../core/columns';
import { enumFilter } from '../../core/form';
import { formatBRL } from '../../core/format';
import { ListPage, useListActions } from '../../core/resource';
import { ActiveChip } from '../../core/ToneChip';
import { templateApi } from './api';

const columns: GridColDef<ViabilityTemplateRead>[] = [
  linkColumn<ViabilityTemplateRead>('name', 'Nome', (t) => `/viability/unit/template/edit/${t.id}`),
  { field: 'medium', headerName: 'Meio', width: 170, valueFormatter: (v: keyof typeof VIABILITY_MEDIUM_LABELS) => VIABILITY_MEDIUM_LABELS[v] ?? v },
  { field: 'items', headerName: 'Materiais', width: 110, sortable: false, valueGetter: (_v, row) => row.items.length },
  { field: 'labour_cost', headerName: 'Mão de obra', width: 130, valueFormatter: (v: string) => formatBRL(v) },
  { field: 'labour_per_meter', headerName: 'M.O. por metro', width: 140, valueFormatter: (v: string) => formatBRL(v) },
  { field: 'monthly_cost', headerName: 'Custo mensal', width: 130, valueFormatter: (v: string) => formatBRL(v) },
  { field: 'active', headerName: 'Situação', width: 100, renderCell: ({ row }) => <ActiveChip active={row.active} /> },
];

export default function TemplateListPage() {
  const actions = useListActions(templateApi, { name: (t) => t.name, removeText: 'Unidades já calculadas guardam os valores do modelo. Esta ação não pode ser desfeita.' });
  return (
    <ListPage<ViabilityTemplateRead>
      title="Modelos de unidade"
      subtitle="Como atender um cliente: meio, lista de materiais, mão de obra e custo mensal"
      {...actions}
      columns={columns}
      mobileHidden={['items', 'labour_cost', 'labour_per_meter', 'monthly_cost']}
      searchPlaceholder="Pesquisar nome"
      filters={[
        enumFilter(VIABILITY_MEDIUMS, VIABILITY_MEDIUM_LABELS, { name: 'medium', label: 'Meio', all: 'Todos' }),
        { name: 'active', label: 'Situação', options: [{ value: '', label: 'Todos' }, { value: 'true', label: 'Somente ativos' }, { value: 'false', label: 'Somente inativos' }] },
      ]}
    />
  );
}
