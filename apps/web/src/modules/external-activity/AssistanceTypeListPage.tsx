/** /external-activity/assistance-type (ASSISTANCE_TYPE): the kinds of field visit, their SLA and checklist size. */
import { Box } from '@mui/material';
import type { GridColDef } from '@mui/x-data-grid';
import { linkColumn } from '../../core/columns';
import { ActiveChip } from '../../core/ToneChip';
import { activeFilter } from '../../core/form';
import { ListPage, useListActions } from '../../core/resource';
import { assistanceTypeApi, type AssistanceTypeRead } from './api';

const columns: GridColDef<AssistanceTypeRead>[] = [
  {
    field: 'color',
    headerName: 'Cor',
    width: 70,
    sortable: false,
    renderCell: ({ row }) => <Box aria-label={`Cor ${row.color}`} sx={{ width: 22, height: 22, borderRadius: '50%', bgcolor: row.color, border: '1px solid', borderColor: 'divider', mt: 1.5 }} />,
  },
  linkColumn<AssistanceTypeRead>('name', 'Nome', (r) => `/external-activity/assistance-type/edit/${r.id}`, { flex: 1, minWidth: 200 }),
  { field: 'effective_sla_hours', headerName: 'SLA', width: 100, sortable: false, valueFormatter: (v: number) => `${v} h` },
  { field: 'effective_duration_minutes', headerName: 'Duração', width: 110, sortable: false, valueFormatter: (v: number) => `${v} min` },
  { field: 'checklist', headerName: 'Checklist', width: 120, sortable: false, valueFormatter: (v: AssistanceTypeRead['checklist']) => `${v.length} ${v.length === 1 ? 'item' : 'itens'}` },
  { field: 'active', headerName: 'Situação', width: 100, renderCell: ({ row }) => <ActiveChip active={row.active} /> },
];

export default function AssistanceTypeListPage() {
  const actions = useListActions(assistanceTypeApi, { name: (r) => r.name });
  return (
    <ListPage<AssistanceTypeRead>
      title="Tipos de atendimento"
      subtitle="Os tipos de visita de campo: cor, duração, SLA e o checklist que o técnico responde"
      {...actions}
      columns={columns}
      searchPlaceholder="Pesquisar pelo nome"
      filters={[{ ...activeFilter(), name: 'active' }]}
      mobileHidden={['effective_duration_minutes', 'checklist']}
    />
  );
}
