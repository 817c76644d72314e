/** /organization-settings/data-source (DATA_SOURCE): the organization's external HTTP JSON sources. */
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import ScienceIcon from '@mui/icons-material/Science';
import { Chip } from '@mui/material';
import type { GridColDef } from '@mui/x-data-grid';
import { DATA_SOURCE_SCHEDULE_LABELS, DATA_SOURCE_TARGET_LABELS } from '@operacoes/contract';
import { useState } from 'react';
import { formatDateTime } from '../../core/format';
import { useCan } from '../../core/permissions';
import { dataSourceApi, type DataSource } from './api';
import { ListPage, useListActions } from '../../core/resource';
import { RunDialog, TestDialog } from './SourceDialogs';
import { Crumbs } from '../../core/Crumbs';

const columns: GridColDef<DataSource>[] = [
  { field: 'name', headerName: 'Nome', flex: 1, minWidth: 150 },
  { field: 'url', headerName: 'URL', flex: 1.5, minWidth: 200, sortable: false },
  { field: 'target', headerName: 'Destino', width: 190, sortable: false, valueFormatter: (v: DataSource['target']) => DATA_SOURCE_TARGET_LABELS[v] },
  { field: 'schedule', headerName: 'Agendamento', width: 140, sortable: false, valueFormatter: (v: DataSource['schedule']) => DATA_SOURCE_SCHEDULE_LABELS[v] },
  { field: 'last_run_at', headerName: 'Última execução', width: 150, valueFormatter: (v: string | null) => (v ? formatDateTime(v) : 'Nunca') },
  {
    field: 'is_active',
    headerName: 'Situação',
    width: 100,
    sortable: false,
    renderCell: ({ row }) => (row.is_active ? <Chip size="small" color="success" variant="outlined" label="Ativa" /> : <Chip size="small" variant="outlined" label="Inativa" />),
  },
];

export default function DataSourceListPage() {
  const { can } = useCan();
  const canWrite = can(['DATA_SOURCE']);
  const [testing, setTesting] = useState<DataSource | null>(null);
  const [running, setRunning] = useState<DataSource | null>(null);
  const actions = useListActions(dataSourceApi, { name: (s) => s.name, removeText: 'A configuração, as execuções e os registros importados por ela serão excluídos.' });

  return (
    <ListPage<DataSource>
      title="Fontes de dados"
      subtitle="Sistemas externos de onde a organização importa registros"
      before={
        <Crumbs trail={[{ to: '/organization-settings', label: 'Configurações da organização' }]} current="Fontes de dados" />
      }
      {...actions}
      columns={columns}
      searchPlaceholder="Pesquisar nome ou URL"
      mobileHidden={['url', 'target', 'schedule', 'last_run_at']}
      rowActions={[
        ...actions.rowActions,
        { label: 'Testar', icon: <ScienceIcon />, onClick: setTesting, show: canWrite },
        { label: 'Executar', icon: <PlayArrowIcon />, onClick: setRunning, show: (s) => canWrite && s.is_active },
      ]}
    >
      <TestDialog source={testing} onClose={() => setTesting(null)} />
      <RunDialog source={running} onClose={() => setRunning(null)} />
    </ListPage>
  );
}
