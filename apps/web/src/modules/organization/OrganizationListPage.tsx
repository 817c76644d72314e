/** /organization (ORG): super admins see and manage every organization; an org admin sees their own. */
import BlockIcon from '@mui/icons-material/Block';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import { Avatar, Box, Chip } from '@mui/material';
import type { GridColDef } from '@mui/x-data-grid';
import type { OrganizationRead } from '@operacoes/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { formatCnpj } from '../../core/format';
import { PageTitle } from '../../core/PageTitle';
import { useCan } from '../../core/permissions';
import { listKey, ResourceList } from '../../core/ResourceList';
import { confirmAction, toast } from '../../core/toast';
import { deleteOrganization, updateOrganization } from './api';
import { activeFilter } from '../../core/form';

const columns: GridColDef<OrganizationRead>[] = [
  {
    field: 'fantasy_name',
    headerName: 'Nome fantasia',
    flex: 1.4,
    minWidth: 170,
    renderCell: ({ row }) => (
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, height: '100%', minWidth: 0 }}>
        <Avatar variant="rounded" src={row.logo ?? undefined} alt="" sx={{ width: 26, height: 26, fontSize: 13, '& img': { objectFit: 'contain' } }}>
          {row.fantasy_name.slice(0, 1).toUpperCase()}
        </Avatar>
        <Box component="span" sx={{ overflow: 'hidden', textOverflow: 'ellipsis' }}>
          {row.fantasy_name}
        </Box>
      </Box>
    ),
  },
  { field: 'legal_name', headerName: 'Razão social', flex: 1.4, minWidth: 170 },
  { field: 'cnpj', headerName: 'CNPJ', width: 160, sortable: false, valueFormatter: (v: string | null) => (v ? formatCnpj(v) : '—') },
  {
    field: 'city',
    headerName: 'Cidade',
    flex: 1,
    minWidth: 130,
    sortable: false,
    valueGetter: (_v, row) => (row.city ? `${row.city.name} – ${row.city.uf}` : '—'),
  },
  { field: 'units_count', headerName: 'Unidades', width: 90, type: 'number', sortable: false },
  { field: 'users_count', headerName: 'Usuários', width: 90, type: 'number', sortable: false },
  {
    field: 'is_active',
    headerName: 'Situação',
    width: 110,
    sortable: false,
    renderCell: ({ row }) =>
      row.is_active ? <Chip size="small" color="success" variant="outlined" label="Ativa" /> : <Chip size="small" variant="outlined" label="Inativa" />,
  },
];

export default function OrganizationListPage() {
  const { can, isSuperAdmin } = useCan();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const canWrite = can(['ORG']);
  const refresh = () => qc.invalidateQueries({ queryKey: listKey('/organization') });

  const setActive = async (o: OrganizationRead, active: boolean) => {
    if (!active) {
      const ok = await confirmAction({
        title: `Desativar ${o.fantasy_name}?`,
        text: 'Os usuários desta organização não poderão mais entrar. Todos os dados são mantidos e ela pode ser reativada.',
        confirmText: 'Desativar',
      });
      if (!ok) return;
    }
    try {
      await updateOrganization(o.id, { is_active: active });
      toast.success(active ? 'Organização reativada!' : 'Organização desativada!');
      void refresh();
    } catch {
      /* toast shown */
    }
  };

  const remove = async (o: OrganizationRead) => {
    const ok = await confirmAction({
      title: `Excluir ${o.fantasy_name}?`,
      text: 'Somente organizações sem usuários e sem unidades podem ser excluídas. Esta ação não pode ser desfeita.',
      confirmText: 'Excluir',
    });
    if (!ok) return;
    try {
      await deleteOrganization(o.id);
      toast.success('Organização excluída!');
      void refresh();
    } catch {
      /* the 409 message is toasted by the API client */
    }
  };

  return (
    <>
      <PageTitle
        title="Organizações"
        subtitle={isSuperAdmin ? 'Operadoras atendidas pela plataforma' : 'Os dados da sua organização e das suas unidades'}
      />
      <ResourceList<OrganizationRead>
        resource="/organization"
        ariaLabel="Lista de organizações"
        columns={columns}
        searchPlaceholder="Pesquisar nome, razão social ou CNPJ"
        filters={[activeFilter({ gender: 'f', inactive: false })]}
        createPath="/organization/create"
        createLabel="Nova organização"
        canCreate={isSuperAdmin}
        mobileHidden={['legal_name', 'cnpj', 'city', 'units_count', 'users_count']}
        onRowOpen={(o) => navigate(`/organization/edit/${o.id}`)}
        rowActions={[
          { label: canWrite ? 'Editar' : 'Ver', icon: <EditIcon />, onClick: (o) => navigate(`/organization/edit/${o.id}`) },
          {
            label: 'Desativar',
            icon: <BlockIcon />,
            onClick: (o) => void setActive(o, false),
            show: (o) => isSuperAdmin && o.is_active && !o.is_platform,
          },
          { label: 'Reativar', icon: <CheckCircleIcon />, onClick: (o) => void setActive(o, true), show: (o) => isSuperAdmin && !o.is_active },
          { label: 'Excluir', icon: <DeleteIcon />, onClick: (o) => void remove(o), show: (o) => isSuperAdmin && !o.is_platform },
        ]}
      />
    </>
  );
}
