/** /project (PROJECT): projects with status, manager, period and budget; filters by status and manager. */
import InsightsIcon from '@mui/icons-material/Insights';
import type { GridColDef } from '@mui/x-data-grid';
import { PROJECT_STATUSES, PROJECT_STATUS_LABELS, type ProjectRead } from '@operacoes/contract';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { linkColumn } from '../../core/columns';
import { enumFilter, selectFilter } from '../../core/form';
import { formatBRL } from '../../core/format';
import { ListPage, useListActions } from '../../core/resource';
import { dayLabel, projectApi, searchPeople } from './api';
import { ProjectStatusChip } from './parts';

export const dashboardLink = (p: { id: number }) => `/project/dashboard/${p.id}`;

const columns: GridColDef<ProjectRead>[] = [
  linkColumn<ProjectRead>('code', 'Código', (p) => `/project/edit/${p.id}`, { width: 140 }),
  { field: 'name', headerName: 'Nome', flex: 1, minWidth: 200 },
  { field: 'status', headerName: 'Situação', width: 140, renderCell: ({ row }) => <ProjectStatusChip status={row.status} /> },
  { field: 'manager', headerName: 'Gerente', width: 160, sortable: false, valueGetter: (_v, row) => row.manager?.name ?? '' },
  { field: 'starts_on', headerName: 'Início', width: 110, valueFormatter: (v: string) => dayLabel(v) },
  { field: 'ends_on', headerName: 'Término', width: 110, valueFormatter: (v: string) => dayLabel(v) },
  { field: 'budget', headerName: 'Orçamento', width: 150, valueFormatter: (v: string | null) => formatBRL(v) },
  { field: 'task_count', headerName: 'Tarefas', width: 90, sortable: false },
];

export default function ProjectListPage() {
  const navigate = useNavigate();
  const actions = useListActions(projectApi, { name: (p) => `${p.code} (${p.name})`, removeText: 'As tarefas do projeto e os vínculos com atividades serão excluídos junto. Esta ação não pode ser desfeita.' });
  const people = useQuery({ queryKey: ['project', 'people', ''], queryFn: () => searchPeople('') });
  return (
    <ListPage<ProjectRead>
      title="Projetos"
      subtitle="Obras e implantações: prazos, tarefas, custo e orçamento"
      {...actions}
      rowActions={[{ label: 'Painel', icon: <InsightsIcon />, onClick: (p) => navigate(dashboardLink(p)) }, ...actions.rowActions]}
      columns={columns}
      mobileHidden={['manager', 'starts_on', 'budget', 'task_count']}
      searchPlaceholder="Pesquisar código, nome ou cliente"
      filters={[enumFilter(PROJECT_STATUSES, PROJECT_STATUS_LABELS), selectFilter('manager', 'Gerente', (people.data ?? []).map((p) => ({ value: p.id, label: p.name })))]}
    />
  );
}
