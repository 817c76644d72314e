/** /user: the users of the organization (SPEC §7, §9: page 1, pageSize 10, isActive filter). */
import BlockIcon from '@mui/icons-material/Block';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import EditIcon from '@mui/icons-material/Edit';
import { Alert, Avatar, Box, Chip } from '@mui/material';
import type { GridColDef } from '@mui/x-data-grid';
import type { UserRead } from '@operacoes/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { PageTitle } from '../../core/PageTitle';
import { useCan } from '../../core/permissions';
import { listKey, ResourceList } from '../../core/ResourceList';
import { confirmAction, toast } from '../../core/toast';
import { deleteUser, fetchUnits, updateUser, userKeys } from './api';
import { scopeSummary } from './PermissionScopes';
import { formatDate } from '../../core/format';


const columns: GridColDef<UserRead>[] = [
  {
    field: 'username',
    headerName: 'Usuário',
    flex: 1,
    minWidth: 140,
    renderCell: ({ row }) => (
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, height: '100%' }}>
        <Avatar src={row.picture ?? undefined} alt="" sx={{ width: 24, height: 24, fontSize: 12 }}>
          {row.username.slice(0, 1).toUpperCase()}
        </Avatar>
        {row.username}
      </Box>
    ),
  },
  { field: 'full_name', headerName: 'Nome', flex: 1.5, minWidth: 160, valueGetter: (_v, row) => row.person?.full_name },
  { field: 'email', headerName: 'E-mail', flex: 1.5, minWidth: 180 },
  {
    field: 'unit',
    headerName: 'Unidade',
    flex: 1,
    minWidth: 120,
    sortable: false,
    valueGetter: (_v, row) => row.unit_organizational?.name ?? '—',
  },
  {
    field: 'scope',
    headerName: 'Alcance',
    flex: 1,
    minWidth: 140,
    sortable: false,
    renderCell: ({ row }) => <ScopeCell scopes={row.permission_scopes} />,
  },
  {
    field: 'is_active',
    headerName: 'Situação',
    width: 120,
    renderCell: ({ row }) =>
      row.is_active ? (
        <Chip size="small" color="success" variant="outlined" label={row.is_confirmed ? 'Ativo' : 'Ativo (não confirmado)'} />
      ) : (
        <Chip size="small" variant="outlined" label="Inativo" />
      ),
  },
  {
    field: 'created_at',
    headerName: 'Criado em',
    width: 110,
    valueFormatter: (v: string) => (v ? formatDate(v) : ''),
  },
];

/** How far the user's permissions reach: the organization, or the names of the units. */
function ScopeCell({ scopes }: { scopes: UserRead['permission_scopes'] }) {
  const scoped = Object.keys(scopes ?? {}).length > 0;
  const unitsQ = useQuery({ queryKey: userKeys.units(null), queryFn: () => fetchUnits(), staleTime: 60_000, enabled: scoped });
  if (!scoped) return <>Toda a organização</>;
  return <Chip size="small" variant="outlined" label={scopeSummary(scopes, unitsQ.data ?? [])} />;
}

export default function UserListPage() {
  const { can, canSeeRoute, user: me } = useCan();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const canWrite = can(['USER']);
  const refresh = () => qc.invalidateQueries({ queryKey: listKey('/user') });

  const deactivate = async (u: UserRead) => {
    const ok = await confirmAction({
      title: `Desativar o usuário ${u.username}?`,
      text: 'O usuário perderá o acesso imediatamente. Usuários sem histórico são excluídos.',
      confirmText: 'Desativar',
    });
    if (!ok) return;
    try {
      const r = await deleteUser(u.id);
      toast.success(r.status === 204 || !(r.data && (r.data as { deactivated?: boolean }).deactivated) ? 'Usuário removido!' : 'Usuário desativado!');
      void refresh();
    } catch {
      /* toast shown */
    }
  };
  const activate = async (u: UserRead) => {
    try {
      await updateUser(u.id, { is_active: true });
      toast.success('Usuário ativado!');
      void refresh();
    } catch {
      /* toast shown */
    }
  };

  if (!canSeeRoute('/user'))
    return (
      <>
        <PageTitle title="Usuários" />
        <Alert severity="warning">Você não tem permissão para acessar o módulo Usuários.</Alert>
      </>
    );

  return (
    <>
      <PageTitle title="Usuários" subtitle="Pessoas com acesso ao Operações na sua organização" />
      <ResourceList<UserRead>
        resource="/user"
        ariaLabel="Lista de usuários"
        columns={columns}
        searchPlaceholder="Pesquisar usuário, nome ou e-mail"
        filters={[
          {
            name: 'isActive',
            label: 'Situação',
            options: [
              { value: 'false', label: 'Todos' },
              { value: 'true', label: 'Somente ativos' },
            ],
          },
        ]}
        defaultFilters={{ isActive: 'false' }}
        createPath="/user/create"
        createLabel="Novo usuário"
        canCreate={canWrite}
        mobileHidden={['email', 'unit', 'scope', 'created_at', 'full_name']}
        onRowOpen={(u) => navigate(`/user/edit/${u.id}`)}
        rowActions={[
          { label: 'Editar', icon: <EditIcon />, onClick: (u) => navigate(`/user/edit/${u.id}`) },
          {
            label: 'Desativar',
            icon: <BlockIcon />,
            onClick: (u) => void deactivate(u),
            show: (u) => canWrite && u.is_active && u.id !== me?.id,
          },
          {
            label: 'Ativar',
            icon: <CheckCircleIcon />,
            onClick: (u) => void activate(u),
            show: (u) => canWrite && !u.is_active,
          },
        ]}
      />
    </>
  );
}
