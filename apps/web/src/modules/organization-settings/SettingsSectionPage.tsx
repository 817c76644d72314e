/** /organization-settings/{section}: one form per section, validated by the contract, with its history. */
import { Alert, Box, CircularProgress, InputAdornment, Paper, Typography } from '@mui/material';
import { ORGANIZATION_SETTINGS, SETTINGS_SECTION_LABELS, canReadSettingsSection, type SettingsSection } from '@operacoes/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, type ReactNode } from 'react';
import { useWatch } from 'react-hook-form';
import { PageTabs } from '../../core/PageTabs';
import { PageTitle } from '../../core/PageTitle';
import { saveUnlessStale, versionOf } from '../../core/resource';
import { useCan } from '../../core/permissions';
import { Forbidden } from '../../core/RouteGate';
import { FormText, ResourceForm, useSchemaForm } from '../../core/ResourceForm';
import { toast } from '../../core/toast';
import { getSettings, saveSettings, settingsKeys } from './api';
import { FormCheckboxes, FormChipList, FormManagementNetworks } from './fields';
import { SETTINGS_FIELD_LABELS } from './labels';
import { RevisionHistory } from '../../core/history';
import { FormSelect, FormSwitch } from '../../core/form';
import { fetchTemplateOptions, PlansPanel } from '../viability';
import { Crumbs } from '../../core/Crumbs';

const MIKROTIK_SERVICES = ['telnet', 'ftp', 'www', 'www-ssl', 'api', 'api-ssl', 'winbox', 'ssh'];

const grid = { display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } } as const;

/** slotProps of a number field with a unit after the value (m, %, dias). */
const suffix = (unit: ReactNode) => ({ input: { endAdornment: <InputAdornment position="end">{unit}</InputAdornment> } });

function PatrimonyExample() {
  const [prefix, digits] = useWatch({ name: ['patrimony_prefix', 'patrimony_digits'] }) as [string, number];
  const n = Math.min(Math.max(Number(digits) || 6, 3), 12);
  return (
    <Typography variant="body2" color="text.secondary" aria-live="polite">
      Exemplo: <strong>{`${(prefix ?? '').toUpperCase()}${'123'.padStart(n, '0')}`}</strong>
    </Typography>
  );
}

/** The viability section's default template: a select of the organization's templates (the plain id field when they cannot be listed). */
function DefaultTemplateField({ label, disabled, fallback }: { label: string; disabled: boolean; fallback: ReactNode }) {
  const q = useQuery({ queryKey: ['viability_unit_template', 'options'], queryFn: fetchTemplateOptions, retry: false, staleTime: 30_000 });
  if (q.isLoading) return <CircularProgress size={24} aria-label="Carregando os modelos" />;
  if (!q.data) return <>{fallback}</>;
  return (
    <FormSelect
      name="default_template_id"
      label={label}
      disabled={disabled}
      emptyLabel="Nenhum"
      options={q.data.map(({ value, label: l }) => ({ value, label: l }))}
      helperText="Sugerido em novas unidades de viabilidade"
    />
  );
}

function SectionFields({ section, disabled }: { section: SettingsSection; disabled: boolean }) {
  const L = SETTINGS_FIELD_LABELS[section];
  const num = (name: string, extra: Record<string, unknown> = {}) => (
    <FormText name={name} label={L[name]} type="number" disabled={disabled} {...extra} />
  );
  switch (section) {
    case 'external-activity':
      return (
        <Box sx={grid}>
          {num('default_duration_minutes', { helperText: 'Entre 5 e 1.440 minutos' })}
          {num('sla_hours', { helperText: 'Prazo de atendimento padrão' })}
          <FormText name="numbering_prefix" label={L.numbering_prefix} disabled={disabled} helperText="Letras maiúsculas, números e hífen (ex.: OS-)" />
        </Box>
      );
    case 'viability':
      return (
        <Box sx={grid}>
          {num('max_distance_m', { slotProps: suffix('m') })}
          {num('price_per_meter', { slotProps: { ...suffix('R$/m'), htmlInput: { step: 0.01 } } })}
          {num('margin_percent', { slotProps: suffix('%') })}
          {num('proposal_validity_days', { slotProps: suffix('dias') })}
          {num('route_factor', { helperText: 'A rota estimada é a distância em linha reta × este fator' })}
          {num('drop_reach_m', { slotProps: suffix('m'), helperText: 'Fibra própria: alcance do drop a partir da CTO' })}
          {num('radio_range_m', { slotProps: suffix('m'), helperText: 'Rádio: alcance do enlace em linha reta a partir de torre ou POP com rádio (15.000 m para PTP 5 GHz)' })}
          {num('default_contract_months', { slotProps: suffix('meses'), helperText: 'Prazo do contrato de uma unidade sem plano' })}
          <DefaultTemplateField label={L.default_template_id} disabled={disabled} fallback={num('default_template_id', { helperText: 'ID do modelo em Viabilidade › Modelos de unidade (opcional)' })} />
          <Box sx={{ gridColumn: { md: '1 / -1' } }}>
            <FormText name="map_tile_url" label={L.map_tile_url} disabled={disabled} fullWidth helperText="Usada nos mapas de sites e de viabilidade; com {z}, {x} e {y}. Padrão: OpenStreetMap" />
          </Box>
          <Box sx={{ gridColumn: { md: '1 / -1' } }}>
            <FormText name="geocoder_url" label={L.geocoder_url} disabled={disabled} fullWidth helperText="Opcional: um serviço no formato de busca do Nominatim (/search). Em branco: escolha a cidade e marque o ponto no mapa" />
          </Box>
        </Box>
      );
    case 'warehouse':
      return (
        <Box sx={grid}>
          <FormText name="patrimony_prefix" label={L.patrimony_prefix} disabled={disabled} helperText="Letras maiúsculas, números e hífen (ex.: PAT-)" />
          {num('patrimony_digits', { helperText: 'Entre 3 e 12 dígitos, com zeros à esquerda' })}
          <Box sx={{ gridColumn: { md: '1 / -1' } }}>
            <PatrimonyExample />
          </Box>
          <FormSwitch name="out_request_needs_approval" label={L.out_request_needs_approval} disabled={disabled} helperText="Um gestor aprova antes da entrega" />
          <FormSwitch name="low_stock_alerts" label={L.low_stock_alerts} disabled={disabled} helperText="Avisa quando um produto fica abaixo do mínimo" />
        </Box>
      );
    case 'logistic':
      return (
        <Box sx={{ display: 'grid', gap: 2 }}>
          <FormChipList name="carriers" label={L.carriers} disabled={disabled} />
          <FormText name="default_sender_address" label={L.default_sender_address} multiline minRows={2} disabled={disabled} />
          <Box sx={grid}>{num('receiving_link_validity_days', { slotProps: suffix('dias') })}</Box>
        </Box>
      );
    case 'mikrotik':
      return (
        <Box sx={{ display: 'grid', gap: 2 }}>
          <Box sx={grid}>
            <FormChipList name="dns_servers" label={L.dns_servers} disabled={disabled} helperText="Até 4 endereços IP; Enter para adicionar" />
            <FormChipList name="ntp_servers" label={L.ntp_servers} disabled={disabled} helperText="Até 4 IPs ou nomes (ex.: a.ntp.br)" />
            <FormText name="snmp_community" label={L.snmp_community} disabled={disabled} />
            <FormText name="syslog_server" label={L.syslog_server} disabled={disabled} helperText="Endereço IP (opcional)" />
            <FormChipList name="admin_users" label={L.admin_users} disabled={disabled} helperText="Até 10 usuários (minúsculas)" />
            {num('management_vlan', { helperText: 'Entre 1 e 4094 (opcional)' })}
          </Box>
          <FormCheckboxes
            name="services_to_disable"
            label={L.services_to_disable}
            disabled={disabled}
            options={MIKROTIK_SERVICES.map((s) => ({ value: s, label: s }))}
            helperText="Serviços do RouterOS desativados pelo script gerado"
          />
          <FormManagementNetworks disabled={disabled} />
        </Box>
      );
    case 'circuit':
      return <Box sx={grid}>{num('contract_end_notice_days', { slotProps: suffix('dias'), helperText: 'Os responsáveis por circuitos são avisados esta quantidade de dias antes do fim do contrato' })}</Box>;
  }
}

function SectionForm({ section, values, canWrite }: { section: SettingsSection; values: Record<string, unknown>; canWrite: boolean }) {
  const qc = useQueryClient();
  const form = useSchemaForm(ORGANIZATION_SETTINGS[section] as never, values as never);
  // The version the form's values came from (a stale save opens the "Registro alterado" dialog).
  const version = useRef(versionOf(values));
  return (
    <ResourceForm
      form={form as never}
      ariaLabel={`Configurações: ${SETTINGS_SECTION_LABELS[section]}`}
      submitLabel="Salvar configurações"
      cancelTo="/organization-settings"
      readOnly={!canWrite}
      onSubmit={(v) =>
        saveUnlessStale((ifMatch) => saveSettings(section, v, ifMatch), version.current, (stale) => {
          form.reset(stale.current as never);
          qc.setQueryData(settingsKeys.section(section), stale.current);
          version.current = stale.version;
        })
      }
      onSuccess={(saved) => {
        version.current = versionOf(saved);
        toast.success('Configurações salvas!');
        form.reset(saved as never);
        qc.setQueryData(settingsKeys.section(section), saved);
        void qc.invalidateQueries({ queryKey: ['revision'] });
      }}
    >
      {!canWrite && (
        <Alert severity="info" sx={{ mb: 2 }}>
          Somente administradores da organização podem alterar estas configurações.
        </Alert>
      )}
      <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 2.5 } }}>
        <SectionFields section={section} disabled={!canWrite} />
      </Paper>
    </ResourceForm>
  );
}

export default function SettingsSectionPage({ section }: { section: SettingsSection }) {
  const { can, user } = useCan();
  const canWrite = can(['ORG']);
  // Some sections (MikroTik: the SNMP community) are not for every member: never ask for them.
  const canRead = canReadSettingsSection({ superAdmin: !!user?.super_admin, permissions: user?.permissions ?? [] }, section);
  const q = useQuery({ queryKey: settingsKeys.section(section), queryFn: () => getSettings(section), enabled: canRead });
  const title = SETTINGS_SECTION_LABELS[section];
  const orgId = user?.organization?.id;
  if (!canRead) return <Forbidden title={`Configurações: ${title}`} />;
  return (
    <Box sx={{ maxWidth: 1000 }}>
      <Crumbs trail={[{ to: '/organization-settings', label: 'Configurações da organização' }]} current={title} />
      <PageTitle title={`Configurações: ${title}`} subtitle={user?.organization?.fantasy_name} />
      {q.isLoading ? (
        <CircularProgress aria-label="Carregando" />
      ) : !q.data ? (
        <Alert severity="error">Não foi possível carregar as configurações.</Alert>
      ) : (
        <PageTabs
          ariaLabel="Seções da página"
          tabs={[
            { value: 'dados', label: 'Configurações', content: <SectionForm section={section} values={q.data as Record<string, unknown>} canWrite={canWrite} /> },
            // The viability section also keeps the plans the organization sells (their own permission decides who edits them).
            { value: 'planos', label: 'Planos', hidden: section !== 'viability', content: section === 'viability' ? <PlansPanel /> : null },
            {
              value: 'historico',
              label: 'Histórico',
              hidden: !orgId,
              content: orgId ? <RevisionHistory entity="organization_settings" entityId={orgId} /> : null,
            },
          ]}
        />
      )}
    </Box>
  );
}
