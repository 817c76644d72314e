/**
 * /viability/:viabilityId/unit/create and /edit/:unitId: name, address, city, the coordinates
 * (typed with a decimal comma or tapped on the map) and the template (default: the organization's,
 * only active ones), the plan sold (of the template's medium) or a custom monthly fee with its
 * reason, the radio survey's line of sight, and a carrier's quote for a third-party circuit. Saving
 * calculates the unit; the page then opens the unit's info page.
 */
import { Box } from '@mui/material';
import { VIABILITY_MEDIUM_LABELS, viabilityUnitInput, type ViabilityRead } from '@operacoes/contract';
import { useWatch } from 'react-hook-form';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { FormCity } from '../../core/CityAutocomplete';
import { FormCoordinates, FormGrid, FormNotes, FormNumber, FormSelect, FormSwitch, Wide } from '../../core/form';
import { formatBRL } from '../../core/format';
import { PageTitle } from '../../core/PageTitle';
import { ReadOnlyNotice } from '../../core/readOnly';
import { RecordPage, RecordSkeleton } from '../../core/RecordPage';
import { useResourceForm } from '../../core/resource';
import { FormText, ResourceForm } from '../../core/ResourceForm';
import { blankToNull } from '../../core/schema-helpers';
import { Section } from '../../core/Section';
import { fetchActiveTemplates, fetchPlans, fetchSettings, unitApi, viabilityApi, viabilityKeys, type ViabilityTemplateRead, type ViabilityUnitRead } from './api';
import { formatBandwidth } from './format';
import { ViabilityCrumbs } from './UnitsPage';
import { AddressSearch } from './AddressSearch';


const schema = viabilityUnitInput.extend({
  notes: blankToNull(viabilityUnitInput.shape.notes),
  custom_fee_reason: blankToNull(viabilityUnitInput.shape.custom_fee_reason),
  carrier: blankToNull(viabilityUnitInput.shape.carrier),
  carrier_quote: blankToNull(viabilityUnitInput.shape.carrier_quote),
});

/** What the medium of the chosen template asks for: the plan, a custom fee, the survey, the carrier's quote. */
function TermsFields({ templates, unit }: { templates: ViabilityTemplateRead[]; unit: ViabilityUnitRead | null }) {
  const [templateId, customFee] = useWatch({ name: ['template_id', 'custom_monthly_fee'] }) as [number | null, number | null];
  const plans = useQuery({ queryKey: viabilityKeys.plans, queryFn: fetchPlans, staleTime: 30_000, retry: false });
  const medium = templates.find((t) => t.id === templateId)?.medium ?? (unit && unit.template_id === templateId ? unit.calculation.template.medium : undefined);
  const options = (plans.data ?? [])
    .filter((p) => (!medium || p.medium === medium) && (p.active || p.id === unit?.plan_id))
    .map((p) => ({ value: p.id, label: `${p.name} · ${formatBandwidth(p.bandwidth_mbps)} · ${formatBRL(p.monthly_fee)}/mês${p.active ? '' : ' (inativo)'}` }));
  return (
    <>
      <Section title="Plano e mensalidade" hint="A proposta mostra a mensalidade, a taxa de instalação, o prazo e o valor total do contrato do plano. Uma mensalidade personalizada substitui a do plano e precisa de um motivo.">
        <FormGrid>
          <FormSelect
            name="plan_id"
            label="Plano"
            emptyLabel="Sem plano (custo com a margem)"
            options={options}
            helperText={medium ? `Planos ativos de ${VIABILITY_MEDIUM_LABELS[medium]}` : 'Escolha o modelo primeiro'}
          />
          <FormNumber name="custom_monthly_fee" label="Mensalidade personalizada (R$)" money helperText="Em branco: a mensalidade do plano" />
          {customFee !== null && customFee !== undefined && (
            <Wide>
              <FormText name="custom_fee_reason" label="Motivo da mensalidade personalizada" required fullWidth helperText="Ex.: desconto por contrato de 36 meses aprovado pela diretoria" />
            </Wide>
          )}
        </FormGrid>
      </Section>
      {medium === 'radio' && (
        <Section title="Vistoria de visada" hint="Até a vistoria confirmar a linha de visada até a torre, a proposta diz “sujeito a visada”.">
          <FormSwitch name="line_of_sight_confirmed" label="Visada confirmada na vistoria" />
        </Section>
      )}
      {medium === 'circuito_terceiro' && (
        <Section title="Cotação da operadora" hint="Os custos da operadora entram no custo da instalação e no custo mensal.">
          <FormGrid>
            <FormText name="carrier" label="Operadora" helperText="Ex.: Vivo Empresas" />
            <FormText name="carrier_quote" label="Referência da cotação" />
            <FormNumber name="carrier_monthly_cost" label="Custo mensal da operadora (R$)" money />
            <FormNumber name="carrier_installation_cost" label="Custo de instalação da operadora (R$)" money />
          </FormGrid>
        </Section>
      )}
    </>
  );
}


function UnitForm({ viability, unit }: { viability: ViabilityRead; unit: ViabilityUnitRead | null }) {
  const qc = useQueryClient();
  const settings = useQuery({ queryKey: viabilityKeys.settings, queryFn: fetchSettings, staleTime: 60_000, retry: false });
  const templates = useQuery({ queryKey: viabilityKeys.templates, queryFn: fetchActiveTemplates, staleTime: 30_000 });
  const options = (templates.data ?? []).map((t) => ({ value: t.id, label: t.name }));
  if (unit?.template && !options.some((o) => o.value === unit.template_id)) options.push({ value: unit.template_id, label: `${unit.template.name} (inativo)` });
  const defaultTemplate = settings.data?.default_template_id && options.some((o) => o.value === settings.data?.default_template_id) ? settings.data.default_template_id : (options[0]?.value ?? null);
  const blank = {
    viability_id: viability.id,
    name: '',
    address: '',
    city_id: null,
    latitude: null as never,
    longitude: null as never,
    template_id: defaultTemplate as number | null,
    notes: '',
    plan_id: null,
    custom_monthly_fee: null,
    custom_fee_reason: '',
    line_of_sight_confirmed: false,
    carrier: '',
    carrier_quote: '',
    carrier_monthly_cost: null,
    carrier_installation_cost: null,
  };
  const f = useResourceForm(unitApi, unit, {
    schema,
    blank,
    toForm: (u) => ({
      notes: u.notes ?? '',
      template_id: u.template_id,
      plan_id: u.plan_id,
      custom_monthly_fee: u.custom_monthly_fee === null ? null : Number(u.custom_monthly_fee),
      custom_fee_reason: u.custom_fee_reason ?? '',
      line_of_sight_confirmed: u.line_of_sight_confirmed,
      carrier: u.carrier ?? '',
      carrier_quote: u.carrier_quote ?? '',
      carrier_monthly_cost: u.carrier_monthly_cost === null ? null : Number(u.carrier_monthly_cost),
      carrier_installation_cost: u.carrier_installation_cost === null ? null : Number(u.carrier_installation_cost),
    }),
    savedTo: (u) => `/viability/${u.viability_id}/unit/info/${u.id}`,
    cancelTo: (u) => (u ? `/viability/${viability.id}/unit/info/${u.id}` : `/viability/${viability.id}/unit`),
    toasts: { created: 'Unidade criada e calculada!', updated: 'Unidade atualizada e recalculada!' },
    invalidates: () => [viabilityKeys.units(viability.id), viabilityApi.keys.one(viability.id)],
  });
  return (
    <ResourceForm
      {...f}
      onSubmit={(values) => {
        const { viability_id: _v, ...rest } = values as Record<string, unknown>;
        return unit ? unitApi.update(unit.id, rest) : unitApi.create({ ...rest, viability_id: viability.id });
      }}
      onSuccess={(saved) => {
        void qc.invalidateQueries({ queryKey: viabilityKeys.versions((saved as ViabilityUnitRead).id) });
        f.onSuccess(saved);
      }}
    >
      {f.readOnly && <ReadOnlyNotice what="unidade" gender="f" />}
      <Section title="Unidade">
        <FormGrid>
          <FormText name="name" label="Nome da unidade" required helperText="Ex.: Matriz, Filial Centro" />
          <FormCity name="city_id" initialCity={unit?.city ? { id: unit.city.id, name: unit.city.name, uf: unit.city.state } : null} />
          <Wide>
            <FormText name="address" label="Endereço" required fullWidth helperText="Rua, número, bairro" />
          </Wide>
        </FormGrid>
      </Section>
      <Section
        title="Localização"
        hint={
          settings.data?.geocoder_url
            ? 'O cálculo mede a distância deste ponto até a CTO ou o site mais próximo. Busque o endereço ou o CEP e escolha o resultado, digite as coordenadas (vírgula decimal) ou marque no mapa.'
            : 'O cálculo mede a distância deste ponto até a CTO ou o site mais próximo. Digite as coordenadas (vírgula decimal) ou marque no mapa.'
        }
      >
        <FormGrid>
          {settings.data?.geocoder_url && !f.readOnly && <AddressSearch />}
          <FormCoordinates required />
        </FormGrid>
      </Section>
      <Section title="Modelo de atendimento">
        <FormGrid>
          {templates.isLoading ? (
            <RecordSkeleton />
          ) : (
            <FormSelect
              name="template_id"
              label="Modelo de unidade"
              required
              options={options}
              helperText={options.length ? 'Lista de materiais, mão de obra e custo mensal usados no cálculo' : 'Nenhum modelo ativo: cadastre um em Viabilidade › Modelos de unidade'}
            />
          )}
          <FormNotes />
        </FormGrid>
      </Section>
      <TermsFields templates={templates.data ?? []} unit={unit} />
    </ResourceForm>
  );
}

export default function UnitFormPage() {
  const { viabilityId, unitId } = useParams();
  const vid = Number(viabilityId);
  const uid = unitId ? Number(unitId) : null;
  const v = useQuery({ queryKey: viabilityApi.keys.one(vid), queryFn: () => viabilityApi.get(vid), enabled: vid > 0 });
  const u = useQuery({ queryKey: unitApi.keys.one(uid ?? 0), queryFn: () => unitApi.get(uid!), enabled: !!uid });
  const settings = useQuery({ queryKey: viabilityKeys.settings, queryFn: fetchSettings, staleTime: 60_000, retry: false });
  const templates = useQuery({ queryKey: viabilityKeys.templates, queryFn: fetchActiveTemplates, staleTime: 30_000 });
  const ready = !settings.isLoading && !templates.isLoading;
  return (
    <Box sx={{ maxWidth: 1000 }}>
      <ViabilityCrumbs viability={v.data ?? null} here={uid ? (u.data?.name ?? 'Unidade') : 'Nova unidade'} />
      <PageTitle title={uid ? 'Editar unidade' : 'Nova unidade'} subtitle={v.data ? `${v.data.code} · ${v.data.client_name}` : undefined} />
      <RecordPage query={v} what="Viabilidade" gender="f" backTo="/viability">
        {(viability) =>
          !ready ? (
            <RecordSkeleton />
          ) : uid ? (
            <RecordPage query={u} what="Unidade" gender="f" backTo={`/viability/${viability.id}/unit`}>
              {(unit) => <UnitForm key={unit.id} viability={viability} unit={unit} />}
            </RecordPage>
          ) : (
            <UnitForm key="new" viability={viability} unit={null} />
          )
        }
      </RecordPage>
    </Box>
  );
}
