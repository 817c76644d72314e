/** /organization/create and /organization/edit/:id: data, logo, units with members, history. */
import { Alert, Box } from '@mui/material';
import { BRAZIL_TIME_ZONES, DEFAULT_TIME_ZONE, organizationInput, type OrganizationRead } from '@operacoes/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import { FormSelect, FormSwitch } from '../../core/form';
import { useSession } from '../../core/session';
import { useNavigate, useParams } from 'react-router';
import { FormCity } from '../../core/CityAutocomplete';
import { formatCnpj, formatZip } from '../../core/format';
import { PageTabs } from '../../core/PageTabs';
import { PageTitle } from '../../core/PageTitle';
import { RecordNotFound, RecordSkeleton } from '../../core/RecordPage';
import { useCan } from '../../core/permissions';
import { FormText, ResourceForm, useSchemaForm } from '../../core/ResourceForm';
import { listKey } from '../../core/ResourceList';
import { blanksToNull } from '../../core/schema-helpers';
import { confirmAction, toast } from '../../core/toast';
import { UnitsPanel } from '../unit-organizational';
import { createOrganization, getOrganization, orgKeys, updateOrganization, uploadLogo } from './api';
import { LogoField } from './LogoField';
import { FormMasked } from '../../core/form/MaskedInput';
import { RevisionHistory } from '../../core/history';
import { Section } from '../../core/Section';
import { ReadOnlyNotice } from '../../core/readOnly';

const formSchema = organizationInput.extend(blanksToNull(organizationInput.shape, ['cnpj', 'email', 'phone', 'zip_code']));

function OrganizationForm({ org }: { org: OrganizationRead | null }) {
  const navigate = useNavigate();
  const qc = useQueryClient();
  const { can, isSuperAdmin } = useCan();
  const canWrite = can(['ORG']) && (!!org || isSuperAdmin);
  const pendingLogo = useRef<File | null>(null);
  const { user, updateUser } = useSession();
  const form = useSchemaForm(formSchema, {
    fantasy_name: org?.fantasy_name ?? '',
    legal_name: org?.legal_name ?? '',
    cnpj: formatCnpj(org?.cnpj),
    email: org?.email ?? '',
    phone: org?.phone ?? '',
    address: org?.address ?? '',
    zip_code: formatZip(org?.zip_code),
    city_id: org?.city_id ?? null,
    is_active: org?.is_active ?? true,
    time_zone: org?.time_zone ?? DEFAULT_TIME_ZONE,
  } as never);

  const refresh = (id?: number) => {
    void qc.invalidateQueries({ queryKey: listKey('/organization') });
    if (id) void qc.invalidateQueries({ queryKey: orgKeys.one(id) });
  };

  return (
    <ResourceForm
      form={form as never}
      ariaLabel={org ? 'Editar organização' : 'Nova organização'}
      submitLabel={org ? 'Salvar alterações' : 'Criar organização'}
      cancelTo="/organization"
      onSubmit={async (values: Record<string, unknown>) => {
        const body = { ...values };
        if (!isSuperAdmin) delete body.is_active;
        if (org && org.is_active && body.is_active === false) {
          const ok = await confirmAction({
            title: `Desativar ${org.fantasy_name}?`,
            text: 'Os usuários desta organização não poderão mais entrar. Todos os dados são mantidos e ela pode ser reativada.',
            confirmText: 'Desativar',
          });
          if (!ok) throw new Error('cancelado');
        }
        if (org) return updateOrganization(org.id, body);
        const created = await createOrganization(body);
        if (pendingLogo.current) {
          try {
            await uploadLogo(created.id, pendingLogo.current);
          } catch {
            /* the organization exists; the toast tells the logo failed */
          }
        }
        return created;
      }}
      onSuccess={(saved) => {
        const o = saved as OrganizationRead;
        // The user's own organization changed zone: every date on screen follows at once.
        if (user && o.id === user.organization.id && o.time_zone !== user.organization.time_zone) updateUser({ organization: { ...user.organization, time_zone: o.time_zone } });
        toast.success(org ? 'Organização atualizada!' : 'Organização criada!');
        refresh(o.id);
        // A new organization opens on its units tab: the next step is creating its units.
        navigate(org ? '/organization' : `/organization/edit/${o.id}?tab=unidades`);
      }}
    >
      {!canWrite && <ReadOnlyNotice what="organização" gender="f" />}
      <Section title="Identificação">
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
          <FormText name="fantasy_name" label="Nome fantasia" required autoFocus={!org} disabled={!canWrite} />
          <FormText name="legal_name" label="Razão social" disabled={!canWrite} />
          <FormMasked kind="cnpj" name="cnpj" label="CNPJ" disabled={!canWrite} />
          <FormText name="email" label="E-mail" type="email" disabled={!canWrite} />
          <FormMasked kind="phone" name="phone" label="Telefone" disabled={!canWrite} />
          <FormSelect
            name="time_zone"
            label="Fuso horário"
            required
            disabled={!canWrite}
            helperText="Horários de telas, relatórios, PDFs, e-mails, SLA e agenda; uma unidade pode ter o seu."
            options={BRAZIL_TIME_ZONES.map((z) => ({ value: z.value, label: z.label }))}
          />
          <FormSwitch
            name="is_active"
            label="Organização ativa"
            disabled={!isSuperAdmin || !!org?.is_platform}
            helperText={
              org?.is_platform
                ? 'A organização da plataforma não pode ser desativada.'
                : isSuperAdmin
                  ? 'Desativar bloqueia o acesso dos usuários; os dados são mantidos.'
                  : 'Somente o administrador da plataforma pode desativar uma organização.'
            }
          />
        </Box>
      </Section>
      <Section title="Endereço">
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '2fr 1fr' } }}>
          <FormText name="address" label="Logradouro, número e complemento" disabled={!canWrite} />
          <FormMasked kind="cep" name="zip_code" label="CEP" disabled={!canWrite} />
          <FormCity name="city_id" initialCity={org?.city} disabled={!canWrite} />
        </Box>
      </Section>
      <Section title="Logotipo">
        <LogoField
          current={org?.logo ?? null}
          name={org?.fantasy_name ?? 'nova organização'}
          disabled={!canWrite}
          onPick={async (file) => {
            if (!org) {
              pendingLogo.current = file;
              return;
            }
            await uploadLogo(org.id, file);
            toast.success('Logotipo atualizado!');
            refresh(org.id);
          }}
        />
      </Section>
    </ResourceForm>
  );
}

export default function OrganizationFormPage() {
  const { id } = useParams();
  const orgId = id ? Number(id) : null;
  const q = useQuery({ queryKey: orgKeys.one(orgId ?? 0), queryFn: () => getOrganization(orgId!), enabled: !!orgId });
  const org = q.data ?? null;
  const { isSuperAdmin } = useCan();

  return (
    <Box sx={{ maxWidth: 1000 }}>
      <PageTitle
        title={orgId ? 'Editar organização' : 'Nova organização'}
        subtitle={org ? [org.fantasy_name, org.cnpj ? formatCnpj(org.cnpj) : null].filter(Boolean).join(' · ') : undefined}
      />
      {orgId && q.isLoading ? (
        <RecordSkeleton />
      ) : orgId && !org ? (
        <RecordNotFound what="Organização" gender="f" backTo="/organization" />
      ) : !orgId && !isSuperAdmin ? (
        <Alert severity="warning">Somente o administrador da plataforma pode criar organizações.</Alert>
      ) : org ? (
        <>
          {!org.is_active && (
            <Alert severity="warning" sx={{ mb: 2 }}>
              Organização desativada: os usuários dela não conseguem entrar.
            </Alert>
          )}
          <PageTabs
            ariaLabel="Seções da organização"
            tabs={[
              { value: 'dados', label: 'Dados', content: <OrganizationForm key={org.id} org={org} /> },
              { value: 'unidades', label: `Unidades (${org.units_count})`, content: <UnitsPanel organizationId={org.id} /> },
              { value: 'historico', label: 'Histórico', content: <RevisionHistory entity="organization" entityId={org.id} /> },
            ]}
          />
        </>
      ) : (
        <OrganizationForm key="new" org={null} />
      )}
    </Box>
  );
}
