/** /user/create and /user/edit/:id: identity, access, permissions by module, unit memberships. */
import AddIcon from '@mui/icons-material/Add';
import {
  Box,
  Button,
  Chip,
  MenuItem,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { password, userCreate, userUpdate, type UserRead } from '@operacoes/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import { FormSelect, FormSwitch } from '../../core/form';
import { useNavigate, useParams } from 'react-router';
import { z } from 'zod';
import { PageTitle } from '../../core/PageTitle';
import { RecordNotFound, RecordSkeleton } from '../../core/RecordPage';
import { useCan } from '../../core/permissions';
import { FormText, ResourceForm, useSchemaForm } from '../../core/ResourceForm';
import { listKey } from '../../core/ResourceList';
import { confirmAction, toast } from '../../core/toast';
import { createUser, fetchOrganizations, fetchUnits, getUser, insertUnit, removeUnit, updateUser, userKeys, type Unit } from './api';
import { ApiTokens } from './ApiTokens';
import { FormPermissions } from './PermissionsEditor';
import { FormPermissionScopes, type Scopes, scopesHeld } from './PermissionScopes';
import { Section } from '../../core/Section';
import { ReadOnlyNotice } from '../../core/readOnly';

const editSchema = userUpdate.extend({ password: z.union([z.literal(''), password]).optional() });

function UnitMemberships({ user, units, onChange }: { user: UserRead; units: Unit[]; onChange: (u: UserRead) => void }) {
  const [pick, setPick] = useState<number | ''>('');
  const [busy, setBusy] = useState(false);
  const available = units.filter((u) => !user.units.some((m) => m.id === u.id));
  const add = async () => {
    if (pick === '') return;
    setBusy(true);
    try {
      onChange((await insertUnit(user.id, pick)).data);
      setPick('');
      toast.success('Unidade adicionada!');
    } catch {
      /* toast shown */
    } finally {
      setBusy(false);
    }
  };
  const remove = async (unit: { id: number; name: string }) => {
    if (!(await confirmAction({ title: `Remover o usuário da unidade ${unit.name}?`, confirmText: 'Remover' }))) return;
    try {
      onChange((await removeUnit(user.id, unit.id)).data);
      toast.success('Unidade removida!');
    } catch {
      /* toast shown */
    }
  };
  return (
    <Box>
      {/* A list role needs its items: the empty state is a sentence beside it, not inside. */}
      {user.units.length === 0 ? (
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          O usuário não participa de nenhuma unidade.
        </Typography>
      ) : (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mb: 2 }} aria-label="Unidades do usuário" role="list">
          {user.units.map((u) => (
            <Chip key={u.id} role="listitem" label={u.name} onDelete={() => void remove(u)} />
          ))}
        </Box>
      )}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
        <TextField
          select
          label="Adicionar à unidade"
          value={pick}
          onChange={(e) => setPick(e.target.value === '' ? '' : Number(e.target.value))}
          sx={{ maxWidth: { sm: 320 } }}
          disabled={available.length === 0}
          helperText={available.length === 0 ? 'Nenhuma outra unidade disponível' : undefined}
        >
          {available.map((u) => (
            <MenuItem key={u.id} value={u.id}>
              {u.name}
            </MenuItem>
          ))}
        </TextField>
        <Button startIcon={<AddIcon />} onClick={() => void add()} disabled={pick === ''} loading={busy} variant="outlined">
          Adicionar
        </Button>
      </Stack>
    </Box>
  );
}

/**
 * A super admin's choice of the new user's organization (first field); it decides which units
 * the unit pickers offer. Others create users in their own organization and never see it.
 */
function OrganizationPicker({ onChange }: { onChange: () => void }) {
  const orgsQ = useQuery({ queryKey: userKeys.organizations, queryFn: fetchOrganizations, staleTime: 60_000 });
  return (
    <FormSelect
      name="organization_id"
      label="Organização"
      required
      helperText="A unidade principal é escolhida entre as unidades desta organização"
      options={(orgsQ.data ?? []).map((o) => ({ value: o.id, label: o.fantasy_name }))}
      onPicked={onChange}
      sx={{ gridColumn: { md: '1 / -1' } }}
    />
  );
}

function UserForm({ user }: { user: UserRead | null }) {
  const navigate = useNavigate();
  const qc = useQueryClient();
  const { isSuperAdmin, can, user: me } = useCan();
  const canWrite = can(['USER']);
  const [current, setCurrent] = useState<UserRead | null>(user);
  const choosesOrganization = isSuperAdmin && !user;
  const defaults = {
    ...(choosesOrganization ? { organization_id: me?.organization.id } : {}),
    username: user?.username ?? '',
    email: user?.email ?? '',
    password: '',
    person: { nickname: user?.person.nickname ?? '', full_name: user?.person.full_name ?? '' },
    permissions: user?.permissions ?? [],
    permission_scopes: user?.permission_scopes ?? {},
    super_admin: user ? user.super_admin === 1 : false,
    unit_organizational_id: user?.unit_organizational?.id ?? null,
    is_active: user?.is_active ?? true,
  };
  const form = useSchemaForm(user ? editSchema : userCreate, defaults as never);
  const chosenOrganization = useWatch({ control: form.control, name: 'organization_id' as never }) as number | undefined;
  // Super admins see the units of the user's organization (or the one chosen for a new user);
  // others, their own organization's (the API scopes the list).
  const unitsOrganization = isSuperAdmin ? (user ? user.organization.id : (chosenOrganization ?? null)) : null;
  const unitsQ = useQuery({ queryKey: userKeys.units(unitsOrganization), queryFn: () => fetchUnits(unitsOrganization ?? undefined), staleTime: 60_000 });
  const units = unitsQ.data ?? [];

  return (
    <ResourceForm
      form={form as never}
      cancelTo="/user"
      ariaLabel={user ? 'Editar usuário' : 'Novo usuário'}
      submitLabel={user ? 'Salvar alterações' : 'Criar usuário'}
      onSubmit={async (values: Record<string, unknown>) => {
        const body = { ...values };
        if (!body.password) delete body.password;
        if (!isSuperAdmin) delete body.super_admin;
        if (!choosesOrganization) delete body.organization_id;
        body.permission_scopes = scopesHeld(body.permission_scopes as Scopes | undefined, (body.permissions as string[] | undefined) ?? []);
        return user ? updateUser(user.id, body) : createUser(body);
      }}
      onSuccess={() => {
        toast.success(user ? 'Usuário atualizado!' : 'Usuário criado!');
        void qc.invalidateQueries({ queryKey: listKey('/user') });
        if (user) void qc.invalidateQueries({ queryKey: userKeys.one(user.id) });
        navigate('/user');
      }}
    >
      {!canWrite && <ReadOnlyNotice what="usuário" />}
      <Section title="Identificação">
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
          {choosesOrganization && (
            <OrganizationPicker onChange={() => form.setValue('unit_organizational_id' as never, null as never)} />
          )}
          <FormText name="person.full_name" label="Nome completo" required autoFocus />
          <FormText name="person.nickname" label="Apelido" required />
          <FormText name="username" label="Usuário" required autoComplete="off" />
          <FormText name="email" label="E-mail" type="email" required autoComplete="off" />
          <FormText
            name="password"
            label={user ? 'Nova senha' : 'Senha'}
            type="password"
            required={!user}
            autoComplete="new-password"
            helperText={user ? 'Deixe em branco para manter a senha atual' : 'Mínimo de 8 caracteres; evite senhas comuns e dados pessoais'}
          />
          <FormSelect name="unit_organizational_id" label="Unidade principal" emptyLabel="Nenhuma" options={units.map((u) => ({ value: u.id, label: u.name }))} />
        </Box>
        <Stack direction="row" spacing={3} sx={{ mt: 1, flexWrap: 'wrap' }}>
          <FormSwitch name="is_active" label="Usuário ativo" />
          {isSuperAdmin && <FormSwitch name="super_admin" label="Super administrador" />}
        </Stack>
      </Section>
      <Section title="Permissões">
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
          “Consultar” permite ver listas e detalhes do módulo; “Gerenciar” permite também criar, alterar e excluir.
        </Typography>
        <FormPermissions disabled={!canWrite} />
      </Section>
      <Section title="Onde as permissões valem">
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
          Sem unidade escolhida, a permissão vale para toda a organização. Com unidades, só para os registros delas (estoques, seções, itens, usuários…).
        </Typography>
        <FormPermissionScopes units={units} disabled={!canWrite} />
      </Section>
      {current && (
        <Section title="Unidades">
          <UnitMemberships user={current} units={units} onChange={setCurrent} />
        </Section>
      )}
      {current && canWrite && (
        <Section title="Tokens de API">
          <ApiTokens userId={current.id} />
        </Section>
      )}
    </ResourceForm>
  );
}

export default function UserFormPage() {
  const { id } = useParams();
  const userId = id ? Number(id) : null;
  const userQ = useQuery({ queryKey: userKeys.one(userId ?? 0), queryFn: () => getUser(userId!), enabled: !!userId });
  const loading = userId && userQ.isLoading;

  return (
    <Box sx={{ maxWidth: 1000 }}>
      <PageTitle
        title={userId ? 'Editar usuário' : 'Novo usuário'}
        subtitle={userQ.data ? `${userQ.data.person.full_name} (${userQ.data.username})` : undefined}
      />
      {loading ? (
        <RecordSkeleton />
      ) : userId && !userQ.data ? (
        <RecordNotFound what="Usuário" backTo="/user" />
      ) : (
        <UserForm key={userId ?? 'new'} user={userQ.data ?? null} />
      )}
    </Box>
  );
}
