/**
 * /viability/:viabilityId/unit/create and /edit/:unitId: name, address, city, the coordinates
 * (typed with a decimal comma or tapped on the map) and the template (default: the organization's,
 * only active ones). Saving calculates the unit; the page then opens the unit's info page.
 */
import { Box } from '@mui/material';
import { viabilityUnitInput, type ViabilityRead } from '@operacoes/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { FormCity } from '../../core/CityAutocomplete';
import { FormCoordinates, FormGrid, FormNotes, FormSelect, Wide } from '../../core/form';
import { PageTitle } from '../../core/PageTitle';
import { ReadOnlyNotice } from '../../core/readOnly';
import { RecordPage, RecordSkeleton } from '../../core/RecordPage';
import { useResourceForm } from '../../core/resource';
import { FormText, ResourceForm } from '../../core/ResourceForm';
import { blankToNull } from '../../core/schema-helpers';
import { Section } from '../../core/Section';
import { fetchActiveTemplates, fetchSettings, unitApi, viabilityApi, viabilityKeys, type ViabilityUnitRead } from './api';
import { ViabilityCrumbs } from './UnitsPage';


const schema = viabilityUnitInput.extend({ notes: blankToNull(viabilityUnitInput.shape.notes) });


function UnitForm({ viability, unit }: { viability: ViabilityRead; unit: ViabilityUnitRead | null }) {
  const qc = useQueryClient();
  const settings = useQuery({ queryKey: viabilityKeys.settings, queryFn: fetchSettings, staleTime: 60_000, retry: false });
  const templates = useQuery({ queryKey: viabilityKeys.templates, queryFn: fetchActiveTemplates, staleTime: 30_000 });
  const options = (templates.data ?? []).map((t) => ({ value: t.id, label: t.name }));
  if (unit?.template && !options.some((o) => o.value === unit.template_id)) options.push({ value: unit.template_id, label: `${unit.template.name} (inativo)` });
  const defaultTemplate = settings.data?.default_template_id && options.some((o) => o.value === settings.data?.default_template_id) ? settings.data.default_template_id : (options[0]?.value ?? null);
  const blank = { viability_id: viability.id, name: '', address: '', city_id: null, latitude: null as never, longitude: null as never, template_id: defaultTemplate as number | null, notes: '' };
  const f = useResourceForm(unitApi, unit, {
    schema,
    blank,
    toForm: (u) => ({ notes: u.notes ?? '', template_id: u.template_id }),
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
      <Section title="Localização" hint="O cálculo mede a distância deste ponto até o site ativo mais próximo. Digite as coordenadas (vírgula decimal) ou marque no mapa.">
        <FormGrid>
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
