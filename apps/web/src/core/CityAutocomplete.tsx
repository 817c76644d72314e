/**
 * The city picker of every address field: a searchable autocomplete over
 * GET /api/city?search= (accent-insensitive on the server: "sao jose" finds "São José").
 * `CityAutocomplete` is controlled by the city id; `FormCity` binds it to a react-hook-form field.
 */
import { Autocomplete, Box, CircularProgress, TextField, Typography } from '@mui/material';
import type { ListResult } from '@operacoes/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState, type ReactNode, type Ref } from 'react';
import { api } from './api';
import { useBoundField } from './form/boundField';
import { useDebounced } from './ResourceList';

export type CityOption = { id: number; name: string; uf: string; ibge_code?: number | null };

export const cityLabel = (c: Pick<CityOption, 'name' | 'uf'> | null | undefined) => (c ? `${c.name} – ${c.uf}` : '');

export const cityKeys = {
  search: (q: string, uf?: string) => ['city', 'search', q, uf ?? ''] as const,
  one: (id: number) => ['city', id] as const,
};

type Props = {
  value: number | null | undefined;
  onChange: (id: number | null, city: CityOption | null) => void;
  /** The city already known for `value` (e.g. `city` of an organization read), saves one request. */
  initialCity?: CityOption | null;
  /** Only cities of this UF. */
  uf?: string;
  label?: string;
  name?: string;
  required?: boolean;
  disabled?: boolean;
  error?: boolean;
  helperText?: ReactNode;
  onBlur?: () => void;
  inputRef?: Ref<HTMLInputElement>;
};

export function CityAutocomplete({
  value,
  onChange,
  initialCity,
  uf,
  label = 'Cidade',
  name,
  required,
  disabled,
  error,
  helperText,
  onBlur,
  inputRef,
}: Props) {
  const [input, setInput] = useState('');
  const [picked, setPicked] = useState<CityOption | null>(initialCity && initialCity.id === value ? initialCity : null);
  const [open, setOpen] = useState(false);
  const term = useDebounced(input.trim(), 300);

  // The label of a value set from outside (edit forms without `initialCity`).
  const needsLookup = !!value && picked?.id !== value;
  const one = useQuery({
    queryKey: cityKeys.one(value ?? 0),
    queryFn: async () => (await api.get<CityOption>(`/city/${value}`, { silent: true })).data,
    enabled: needsLookup,
    staleTime: 5 * 60_000,
  });
  const selected: CityOption | null = !value ? null : picked?.id === value ? picked : (one.data ?? null);

  const typing = selected ? term !== cityLabel(selected) : true;
  const list = useQuery({
    queryKey: cityKeys.search(typing ? term : '', uf),
    queryFn: async () =>
      (
        await api.get<ListResult<CityOption>>('/city', {
          params: { search: typing && term ? term : undefined, uf, pageSize: 20, sort: 'name' },
        })
      ).data.items,
    enabled: open,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
  const options = list.data ?? [];

  return (
    <Autocomplete<CityOption, false, false, false>
      value={selected}
      options={selected && !options.some((o) => o.id === selected.id) ? [selected, ...options] : options}
      open={open}
      onOpen={() => setOpen(true)}
      onClose={() => setOpen(false)}
      onChange={(_e, c) => {
        setPicked(c);
        onChange(c?.id ?? null, c);
      }}
      inputValue={input}
      onInputChange={(_e, v) => setInput(v)}
      onBlur={onBlur}
      disabled={disabled}
      filterOptions={(x) => x}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      getOptionLabel={cityLabel}
      loading={list.isFetching || one.isFetching}
      loadingText="Carregando…"
      noOptionsText={term ? 'Nenhuma cidade encontrada' : 'Digite o nome da cidade'}
      openText="Abrir"
      closeText="Fechar"
      clearText="Limpar"
      renderOption={(props, c) => {
        const { key, ...rest } = props as typeof props & { key: string };
        return (
          <Box component="li" key={key} {...rest}>
            <Box sx={{ display: 'flex', justifyContent: 'space-between', width: '100%', gap: 1 }}>
              <span>{c.name}</span>
              <Typography component="span" color="text.secondary" variant="body2">
                {c.uf}
              </Typography>
            </Box>
          </Box>
        );
      }}
      renderInput={(params) => (
        <TextField
          {...params}
          name={name}
          label={label}
          required={required}
          error={error}
          helperText={helperText}
          inputRef={inputRef}
          slotProps={{
            ...params.slotProps,
            input: {
              ...params.slotProps.input,
              endAdornment: (
                <>
                  {(list.isFetching || one.isFetching) && open ? <CircularProgress color="inherit" size={16} /> : null}
                  {params.slotProps.input.endAdornment}
                </>
              ),
            },
          }}
        />
      )}
    />
  );
}

/** A city field bound to the surrounding react-hook-form by name (errors shown under it). */
export function FormCity({
  name,
  initialCity,
  ...rest
}: { name: string; initialCity?: CityOption | null } & Omit<Props, 'value' | 'onChange' | 'error' | 'onBlur' | 'inputRef'>) {
  const bound = useBoundField<number | null>(name, rest.helperText ?? 'Pesquise pelo nome (acentos são opcionais)', rest.label ?? 'Cidade');
  return <CityAutocomplete {...rest} {...bound} initialCity={initialCity} />;
}
