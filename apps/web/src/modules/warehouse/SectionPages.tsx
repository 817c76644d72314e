/** /section, /section/create, /section/edit/:id, /section/info/:id (SECTION): places inside a stock. */
import { sectionInput } from '@operacoes/contract';
import { TextField } from '@mui/material';
import { useState } from 'react';
import { Controller, useFormContext } from 'react-hook-form';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { useFormReadOnly } from '../../core/readOnly';
import { UserAutocomplete, type UserOption } from '../../core/UserAutocomplete';
import { formatDateTime } from '../../core/format';
import { FormGrid, FormSelect, FormSwitch, selectFilter, FormNotes } from '../../core/form';
import { PageTitle } from '../../core/PageTitle';
import { InfoPage, ResourcePage, useListActions } from '../../core/resource';
import { FormText } from '../../core/ResourceForm';
import { ResourceList } from '../../core/ResourceList';
import { Section } from '../../core/Section';
import { sectionApi, stockApi, type SectionRead } from './api';
import { sectionColumns } from './columns';
import { usePlaceTabs } from './panels';
import { useStockOptions } from './parts';

export function SectionListPage() {
  const actions = useListActions(sectionApi, { name: (s) => s.name, info: (s) => `/section/info/${s.id}` });
  const stocks = useStockOptions();
  return (
    <>
      <PageTitle title="Seções" subtitle="Locais dentro dos estoques (prateleiras, salas, gaiolas)" />
      <ResourceList<SectionRead>
        {...actions}
        columns={sectionColumns}
        searchPlaceholder="Pesquisar nome ou código"
        filters={[selectFilter('stock', 'Estoque', stocks)]}
        mobileHidden={['code', 'stock_id']}
      />
    </>
  );
}

const blank = { stock_id: undefined as never, name: '', code: '', description: '', is_active: true, technician_id: null };

/** "Técnico": the section becomes that technician's van (their own stock on the road). */
function FormVanTechnician({ initial }: { initial: SectionRead['technician'] }) {
  const { control, setValue } = useFormContext();
  const readOnly = useFormReadOnly();
  const [picked, setPicked] = useState<UserOption | null>(initial ? { id: initial.id, username: initial.username, picture: null, person: { full_name: initial.name } } : null);
  return (
    <Controller
      name="technician_id"
      control={control}
      render={({ fieldState }) =>
        readOnly ? (
          <TextField label="Técnico (van)" value={picked ? (picked.person?.full_name ?? picked.username) : '—'} disabled />
        ) : (
          <UserAutocomplete
            label="Técnico (van)"
            value={picked}
            onlyActive
            onChange={(u) => {
              setPicked(u);
              setValue('technician_id', u?.id ?? null, { shouldDirty: true, shouldValidate: true });
            }}
            error={!!fieldState.error}
            helperText={fieldState.error?.message ?? 'Com um técnico, a seção é a van dele: o estoque que ele leva e usa nas atividades'}
          />
        )
      }
    />
  );
}

export function SectionFormPage() {
  const stocks = useStockOptions();
  const stockParam = Number(useSearchParams()[0].get('stock')) || undefined;
  return (
    <ResourcePage
      resource={sectionApi}
      schema={sectionInput}
      blank={{ ...blank, stock_id: stockParam ?? blank.stock_id }}
      subtitle={(s) => `${s.stock?.name ?? ''} › ${s.name}`}
      savedTo={(s) => `/section/info/${s.id}`}
      cancelTo={(s) => (s ? `/section/info/${s.id}` : '/section')}
      invalidates={(s) => [['warehouse'], stockApi.keys.one(s.stock_id)]}
    >
      {(section) => (
        <Section title="Identificação">
          <FormGrid columns="2fr 1fr">
            <FormSelect name="stock_id" label="Estoque" required options={stocks} />
            <FormSwitch name="is_active" label="Seção ativa" />
            <FormText name="name" label="Nome" required autoFocus={!section} />
            <FormText name="code" label="Código" required placeholder="A-01" />
            <FormVanTechnician initial={section?.technician ?? null} />
            <FormNotes name="description" label="Descrição" />
          </FormGrid>
        </Section>
      )}
    </ResourcePage>
  );
}

export function SectionInfoPage() {
  const placeTabs = usePlaceTabs();
  return (
    <InfoPage
      resource={sectionApi}
      subtitle={(s) => `${s.code} · estoque ${s.stock?.name ?? ''}`}
      details={(s) => [
        ['Estoque', s.stock ? <RouterLink to={`/stock/info/${s.stock.id}`}>{s.stock.name}</RouterLink> : null],
        ['Código', s.code],
        ['Van de', s.technician ? <RouterLink to="/van">{s.technician.name}</RouterLink> : null],
        ['Descrição', s.description],
        ['Atualizada em', formatDateTime(s.updated_at)],
      ]}
      tabs={(s) => placeTabs('section', s.id, `/consumable/balances?section=${s.id}`, [s])}
    />
  );
}
