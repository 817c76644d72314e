/** Create/edit dialogs of countries, states and cities (contract schemas, 422 violations on fields). */
import { Box, Button, Dialog, DialogContent, DialogTitle, MenuItem, TextField, useMediaQuery, useTheme } from '@mui/material';
import { cityInput, countryInput, stateInput } from '@operacoes/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Controller, type Control } from 'react-hook-form';
import { api } from '../../core/api';
import { FormText, ResourceForm, useSchemaForm } from '../../core/ResourceForm';
import { listKey } from '../../core/ResourceList';
import { toast } from '../../core/toast';
import { fetchAllCountries, fetchAllStates, localeKeys, type City, type Country, type State } from './api';

function FormDialog({ open, title, onClose, children }: { open: boolean; title: string; onClose: () => void; children: ReactNode }) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" fullScreen={phone} aria-labelledby="locale-dialog-title">
      <DialogTitle id="locale-dialog-title">{title}</DialogTitle>
      <DialogContent sx={{ pt: '8px !important' }}>{children}</DialogContent>
    </Dialog>
  );
}

function IdSelect({
  control,
  name,
  label,
  options,
  autoFocus,
}: {
  control: Control<never>;
  name: string;
  label: string;
  options: { id: number; label: string }[];
  autoFocus?: boolean;
}) {
  return (
    <Controller
      control={control}
      name={name as never}
      render={({ field, fieldState }) => (
        <TextField
          select
          required
          autoFocus={autoFocus}
          label={label}
          value={(field.value as number | undefined) ?? ''}
          onChange={(e) => field.onChange(e.target.value === '' ? undefined : Number(e.target.value))}
          onBlur={field.onBlur}
          inputRef={field.ref}
          error={!!fieldState.error}
          helperText={fieldState.error ? `Escolha: ${label.toLowerCase()}` : undefined}
        >
          {options.map((o) => (
            <MenuItem key={o.id} value={o.id}>
              {o.label}
            </MenuItem>
          ))}
        </TextField>
      )}
    />
  );
}

const cancel = (onClose: () => void) => (
  <Button color="inherit" onClick={onClose}>
    Cancelar
  </Button>
);

function CountryForm({ country, onClose }: { country: Country | null; onClose: () => void }) {
  const qc = useQueryClient();
  const form = useSchemaForm(countryInput, { name: country?.name ?? '', iso_code: country?.iso_code ?? '' });
  return (
    <ResourceForm
      form={form as never}
      guard={false}
      ariaLabel={country ? 'Editar país' : 'Novo país'}
      submitLabel={country ? 'Salvar' : 'Criar país'}
      actions={cancel(onClose)}
      onSubmit={(v) => (country ? api.put(`/country/${country.id}`, v) : api.post('/country', v))}
      onSuccess={() => {
        toast.success(country ? 'País atualizado!' : 'País criado!');
        void qc.invalidateQueries({ queryKey: listKey('/country') });
        void qc.invalidateQueries({ queryKey: localeKeys.countries });
        onClose();
      }}
    >
      <Box sx={{ display: 'grid', gap: 2 }}>
        <FormText name="name" label="Nome" required autoFocus />
        <FormText name="iso_code" label="Código ISO" required helperText="2 letras (ex.: BR)" slotProps={{ htmlInput: { maxLength: 2 } }} />
      </Box>
    </ResourceForm>
  );
}

function StateForm({ state, onClose }: { state: State | null; onClose: () => void }) {
  const qc = useQueryClient();
  const countries = useQuery({ queryKey: localeKeys.countries, queryFn: fetchAllCountries, staleTime: 60_000 });
  const br = countries.data?.find((c) => c.iso_code === 'BR');
  const form = useSchemaForm(stateInput, {
    country_id: state?.country_id ?? br?.id,
    name: state?.name ?? '',
    uf: state?.uf ?? '',
    ibge_code: state?.ibge_code ?? undefined,
  } as never);
  return (
    <ResourceForm
      form={form as never}
      guard={false}
      ariaLabel={state ? 'Editar estado' : 'Novo estado'}
      submitLabel={state ? 'Salvar' : 'Criar estado'}
      actions={cancel(onClose)}
      onSubmit={(v: Record<string, unknown>) => {
        const body = { ...v, ibge_code: v.ibge_code ?? null };
        return state ? api.put(`/state/${state.id}`, body) : api.post('/state', body);
      }}
      onSuccess={() => {
        toast.success(state ? 'Estado atualizado!' : 'Estado criado!');
        void qc.invalidateQueries({ queryKey: listKey('/state') });
        void qc.invalidateQueries({ queryKey: localeKeys.states });
        onClose();
      }}
    >
      <Box sx={{ display: 'grid', gap: 2 }}>
        <IdSelect control={form.control as never} name="country_id" label="País" options={(countries.data ?? []).map((c) => ({ id: c.id, label: c.name }))} />
        <FormText name="name" label="Nome" required autoFocus />
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: '1fr 1fr' }}>
          <FormText name="uf" label="UF" required helperText="2 letras (ex.: PR)" slotProps={{ htmlInput: { maxLength: 2 } }} />
          <FormText name="ibge_code" label="Código IBGE" type="number" helperText="2 dígitos (opcional)" />
        </Box>
      </Box>
    </ResourceForm>
  );
}

function CityForm({ city, onClose }: { city: City | null; onClose: () => void }) {
  const qc = useQueryClient();
  const states = useQuery({ queryKey: localeKeys.states, queryFn: fetchAllStates, staleTime: 60_000 });
  const form = useSchemaForm(cityInput, { state_id: city?.state_id, name: city?.name ?? '', ibge_code: city?.ibge_code ?? undefined } as never);
  return (
    <ResourceForm
      form={form as never}
      guard={false}
      ariaLabel={city ? 'Editar cidade' : 'Nova cidade'}
      submitLabel={city ? 'Salvar' : 'Criar cidade'}
      actions={cancel(onClose)}
      onSubmit={(v: Record<string, unknown>) => {
        const body = { ...v, ibge_code: v.ibge_code ?? null };
        return city ? api.put(`/city/${city.id}`, body) : api.post('/city', body);
      }}
      onSuccess={() => {
        toast.success(city ? 'Cidade atualizada!' : 'Cidade criada!');
        void qc.invalidateQueries({ queryKey: listKey('/city') });
        void qc.invalidateQueries({ queryKey: ['city'] });
        onClose();
      }}
    >
      <Box sx={{ display: 'grid', gap: 2 }}>
        <FormText name="name" label="Nome" required autoFocus />
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
          <IdSelect
            control={form.control as never}
            name="state_id"
            label="Estado"
            options={(states.data ?? []).map((s) => ({ id: s.id, label: `${s.name} (${s.uf})` }))}
          />
          <FormText name="ibge_code" label="Código IBGE" type="number" helperText="7 dígitos (opcional)" />
        </Box>
      </Box>
    </ResourceForm>
  );
}

export type Editing<T> = { open: boolean; row: T | null };

export function CountryDialog({ editing, onClose }: { editing: Editing<Country>; onClose: () => void }) {
  return (
    <FormDialog open={editing.open} title={editing.row ? 'Editar país' : 'Novo país'} onClose={onClose}>
      {editing.open && <CountryForm key={editing.row?.id ?? 'new'} country={editing.row} onClose={onClose} />}
    </FormDialog>
  );
}
export function StateDialog({ editing, onClose }: { editing: Editing<State>; onClose: () => void }) {
  return (
    <FormDialog open={editing.open} title={editing.row ? 'Editar estado' : 'Novo estado'} onClose={onClose}>
      {editing.open && <StateForm key={editing.row?.id ?? 'new'} state={editing.row} onClose={onClose} />}
    </FormDialog>
  );
}
export function CityDialog({ editing, onClose }: { editing: Editing<City>; onClose: () => void }) {
  return (
    <FormDialog open={editing.open} title={editing.row ? 'Editar cidade' : 'Nova cidade'} onClose={onClose}>
      {editing.open && <CityForm key={editing.row?.id ?? 'new'} city={editing.row} onClose={onClose} />}
    </FormDialog>
  );
}
