/** /organization/:id/unit-organizational/create and /unit-organizational/edit/:id: a unit, its members, its history. */
import { Box, Paper, Typography } from '@mui/material';
import { BRAZIL_TIME_ZONES, unitInput } from '@operacoes/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { FormSelect, FormSwitch } from '../../core/form';
import { useNavigate, useParams } from 'react-router';
import { FormCity } from '../../core/CityAutocomplete';
import { formatZip } from '../../core/format';
import { PageTabs } from '../../core/PageTabs';
import { PageTitle } from '../../core/PageTitle';
import { RecordNotFound, RecordSkeleton } from '../../core/RecordPage';
import { useCan } from '../../core/permissions';
import { FormText, ResourceForm, useSchemaForm } from '../../core/ResourceForm';
import { blankToNull } from '../../core/schema-helpers';
import { toast } from '../../core/toast';
import { api } from '../../core/api';
import { createUnit, fetchUnitsOf, getUnit, unitKeys, updateUnit, type UnitRead } from './api';
import { UnitMembers } from './UnitMembers';
import { FormMasked } from '../../core/form/MaskedInput';
import { RevisionHistory } from '../../core/history';
import { Crumbs } from '../../core/Crumbs';
import { ReadOnlyNotice } from '../../core/readOnly';
import { useSession } from '../../core/session';

const formSchema = unitInput.extend({ zip_code: blankToNull(unitInput.shape.zip_code) });

/** Ids of a unit and all units below it (not valid as its parent). */
function selfAndDescendants(id: number, units: UnitRead[]): Set<number> {
  const out = new Set([id]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const u of units) {
      if (u.parent_id && out.has(u.parent_id) && !out.has(u.id)) {
        out.add(u.id);
        grew = true;
      }
    }
  }
  return out;
}

function UnitForm({ unit, organizationId, units }: { unit: UnitRead | null; organizationId: number; units: UnitRead[] }) {
  const navigate = useNavigate();
  const qc = useQueryClient();
  const { can, isSuperAdmin } = useCan();
  const canWrite = can(['ORG']);
  const { user, updateUser } = useSession();
  const excluded = unit ? selfAndDescendants(unit.id, units) : new Set<number>();
  const parents = units.filter((u) => !excluded.has(u.id));
  const form = useSchemaForm(formSchema, {
    name: unit?.name ?? '',
    code: unit?.code ?? '',
    parent_id: unit?.parent_id ?? null,
    address: unit?.address ?? '',
    zip_code: formatZip(unit?.zip_code),
    city_id: unit?.city_id ?? null,
    is_active: unit?.is_active ?? true,
    time_zone: unit?.time_zone ?? null,
  } as never);
  const back = `/organization/edit/${organizationId}?tab=unidades`;

  return (
    <ResourceForm
      form={form as never}
      ariaLabel={unit ? 'Editar unidade' : 'Nova unidade'}
      submitLabel={unit ? 'Salvar alterações' : 'Criar unidade'}
      cancelTo={back}
      onSubmit={async (values: Record<string, unknown>) => {
        if (unit) return updateUnit(unit.id, values);
        return createUnit(isSuperAdmin ? { ...values, organization_id: organizationId } : values);
      }}
      onSuccess={(saved) => {
        const s = saved as UnitRead;
        // The user's own unit changed zone: the session's dates follow.
        if (user?.unit_organizational?.id === s.id && user.unit_organizational.time_zone !== s.time_zone) updateUser({ unit_organizational: { ...user.unit_organizational, time_zone: s.time_zone } });
        toast.success(unit ? 'Unidade atualizada!' : 'Unidade criada!');
        void qc.invalidateQueries({ queryKey: unitKeys.all });
        void qc.invalidateQueries({ queryKey: ['organization', organizationId] });
        // A new unit opens on its members tab, to add people right away.
        navigate(unit ? back : `/unit-organizational/edit/${s.id}?tab=membros`);
      }}
    >
      {!canWrite && <ReadOnlyNotice what="unidade" gender="f" />}
      <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 2.5 } }}>
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '2fr 1fr' } }}>
          <FormText name="name" label="Nome" required autoFocus={!unit} disabled={!canWrite} />
          <FormText name="code" label="Código" required disabled={!canWrite} helperText="Único na organização (ex.: CWB, ALM-01)" />
          <FormSelect
            name="parent_id"
            label="Unidade superior"
            emptyLabel="Nenhuma"
            helperText="Opcional"
            disabled={!canWrite}
            options={parents.map((u) => ({ value: u.id, label: `${u.name} (${u.code})` }))}
          />
          <FormSelect
            name="time_zone"
            label="Fuso horário"
            emptyLabel="O da organização"
            helperText="Só quando a unidade fica em outro fuso (ex.: uma filial em Cuiabá)"
            disabled={!canWrite}
            options={BRAZIL_TIME_ZONES.map((z) => ({ value: z.value, label: z.label }))}
          />
          <FormSwitch name="is_active" label="Unidade ativa" disabled={!canWrite} />
        </Box>
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, mt: 3, mb: 1.5 }}>
          Endereço
        </Typography>
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '2fr 1fr' } }}>
          <FormText name="address" label="Logradouro, número e complemento" disabled={!canWrite} />
          <FormMasked kind="cep" name="zip_code" label="CEP" disabled={!canWrite} />
          <FormCity name="city_id" disabled={!canWrite} />
        </Box>
      </Paper>
    </ResourceForm>
  );
}

export default function UnitFormPage({ mode }: { mode: 'create' | 'edit' }) {
  const params = useParams();
  const editing = mode === 'edit';
  const unitId = editing ? Number(params.id) : null;
  const { can } = useCan();
  const unitQ = useQuery({ queryKey: unitKeys.one(unitId ?? 0), queryFn: () => getUnit(unitId!), enabled: !!unitId });
  const organizationId = editing ? unitQ.data?.organization_id : Number(params.id);
  const unitsQ = useQuery({
    queryKey: unitKeys.ofOrganization(organizationId ?? 0),
    queryFn: () => fetchUnitsOf(organizationId!),
    enabled: !!organizationId,
  });
  const orgQ = useQuery({
    queryKey: ['organization', organizationId ?? 0],
    queryFn: async () => (await api.get<{ id: number; fantasy_name: string }>(`/organization/${organizationId}`, { silent: true })).data,
    enabled: !!organizationId && can(['ORG', 'ORG.INDEX']),
    retry: false,
  });
  const loading = (unitId && unitQ.isLoading) || (organizationId && unitsQ.isLoading);
  const unit = unitQ.data ?? null;
  const orgName = orgQ.data?.fantasy_name ?? (organizationId ? `Organização #${organizationId}` : '');

  const form = loading ? null : unitId && !unit ? null : (
    <UnitForm key={unitId ?? 'new'} unit={unit} organizationId={organizationId!} units={unitsQ.data ?? []} />
  );

  return (
    <Box sx={{ maxWidth: 1000 }}>
      {organizationId ? (
        <Crumbs
          trail={[
            { to: '/organization', label: 'Organizações' },
            { to: `/organization/edit/${organizationId}?tab=unidades`, label: orgName },
          ]}
          current={unit ? unit.name : 'Nova unidade'}
        />
      ) : null}
      <PageTitle title={unitId ? 'Editar unidade' : 'Nova unidade'} subtitle={unit ? `${unit.name} (${unit.code}) · ${orgName}` : orgName || undefined} />
      {loading ? (
        <RecordSkeleton />
      ) : unitId && !unit ? (
        <RecordNotFound what="Unidade" gender="f" backTo="/organization" />
      ) : !organizationId || Number.isNaN(organizationId) ? (
        <RecordNotFound what="Organização" gender="f" backTo="/organization" />
      ) : unit ? (
        <PageTabs
          ariaLabel="Seções da unidade"
          tabs={[
            { value: 'dados', label: 'Dados', content: form },
            { value: 'membros', label: `Membros (${unit.members_count})`, content: <UnitMembers unit={unit} /> },
            { value: 'historico', label: 'Histórico', content: <RevisionHistory entity="unit_organizational" entityId={unit.id} /> },
          ]}
        />
      ) : (
        form
      )}
    </Box>
  );
}
