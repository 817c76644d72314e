/** /organization-settings/data-source (DATA_SOURCE): the organization's external HTTP JSON sources. */
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import ScienceIcon from '@mui/icons-material/Science';
import { Box, Breadcrumbs, Chip, Link, Typography } from '@mui/material';
import type { GridColDef } from '@mui/x-data-grid';
import { DATA_SOURCE_SCHEDULE_LABELS, DATA_SOURCE_TARGET_LABELS } from '@operacoes/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { formatDateTime } from '../../core/format';
import { PageTitle } from '../../core/PageTitle';
import { useCan } from '../../core/permissions';
import { listKey, ResourceList } from '../../core/ResourceList';
import { confirmAction, toast } from '../../core/toast';
import { deleteSource, PATH, type DataSource } from './api';
import { RunDialog, TestDialog } from './SourceDialogs';

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
  const navigate = useNavigate();
  const qc = useQueryClient();
  const canWrite = can(['DATA_SOURCE']);
  const [testing, setTesting] = useState<DataSource | null>(null);
  const [running, setRunning] = useState<DataSource | null>(null);

  const remove = async (s: DataSource) => {
    const ok = await confirmAction({
      title: `Excluir a fonte ${s.name}?`,
      text: 'A configuração, as execuções e os registros importados por ela serão excluídos.',
      confirmText: 'Excluir',
    });
    if (!ok) return;
    try {
      await deleteSource(s.id);
      toast.success('Fonte de dados excluída!');
      void qc.invalidateQueries({ queryKey: listKey(PATH) });
    } catch {
      /* toast shown */
    }
  };

  return (
    <Box>
      <Breadcrumbs aria-label="Você está em" sx={{ mb: 1 }}>
        <Link component={RouterLink} to="/organization-settings" underline="hover" color="inherit">
          Configurações da organização
        </Link>
        <Typography color="text.primary">Fontes de dados</Typography>
      </Breadcrumbs>
      <PageTitle title="Fontes de dados" subtitle="Sistemas externos de onde a organização importa registros" />
      <ResourceList<DataSource>
        resource={PATH}
        ariaLabel="Lista de fontes de dados"
        columns={columns}
        searchPlaceholder="Pesquisar nome ou URL"
        createPath={`${PATH}/create`}
        createLabel="Nova fonte de dados"
        canCreate={canWrite}
        mobileHidden={['url', 'target', 'schedule', 'last_run_at']}
        onRowOpen={(s) => navigate(`${PATH}/edit/${s.id}`)}
        rowActions={[
          { label: canWrite ? 'Editar' : 'Ver', icon: <EditIcon />, onClick: (s) => navigate(`${PATH}/edit/${s.id}`) },
          { label: 'Testar', icon: <ScienceIcon />, onClick: setTesting, show: canWrite },
          { label: 'Executar', icon: <PlayArrowIcon />, onClick: setRunning, show: (s) => canWrite && s.is_active },
          { label: 'Excluir', icon: <DeleteIcon />, onClick: (s) => void remove(s), show: canWrite },
        ]}
      />
      <TestDialog source={testing} onClose={() => setTesting(null)} />
      <RunDialog source={running} onClose={() => setRunning(null)} />
    </Box>
  );
}
