/**
 * A search-as-you-type autocomplete over one of the warehouse lists (patrimony items, consumable
 * balances, sections). Options come from `fetch(term)`; `clearOnPick` empties it after each pick
 * (to add several items in a row).
 */
import { Autocomplete, CircularProgress, TextField } from '@mui/material';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useDebounced } from '../ResourceList';

export function AsyncPicker<T extends { id: number }>({
  queryKey,
  fetch,
  value = null,
  onChange,
  getLabel,
  renderOption,
  label,
  placeholder,
  helperText,
  error,
  disabled,
  required,
  clearOnPick = false,
  exclude = () => false,
  noOptionsText = 'Nada encontrado',
  name,
}: {
  queryKey: readonly unknown[];
  fetch: (term: string) => Promise<T[]>;
  value?: T | null;
  onChange: (v: T | null) => void;
  getLabel: (v: T) => string;
  renderOption?: (v: T) => ReactNode;
  label: string;
  placeholder?: string;
  helperText?: ReactNode;
  error?: boolean;
  disabled?: boolean;
  required?: boolean;
  clearOnPick?: boolean;
  exclude?: (v: T) => boolean;
  noOptionsText?: string;
  name?: string;
}) {
  const [input, setInput] = useState('');
  const [open, setOpen] = useState(false);
  const term = useDebounced(input.trim(), 300);
  const typing = value ? term !== getLabel(value) : true;
  const q = useQuery({
    queryKey: [...queryKey, typing ? term : ''],
    queryFn: () => fetch(typing ? term : ''),
    enabled: open && !disabled,
    placeholderData: keepPreviousData,
    staleTime: 15_000,
  });
  const options = (q.data ?? []).filter((o) => !exclude(o));
  return (
    <Autocomplete<T, false, false, false>
      value={clearOnPick ? null : value}
      options={value && !clearOnPick && !options.some((o) => o.id === value.id) ? [value, ...options] : options}
      open={open}
      onOpen={() => setOpen(true)}
      onClose={() => setOpen(false)}
      onChange={(_e, v) => {
        onChange(v);
        if (clearOnPick) setInput('');
      }}
      inputValue={input}
      onInputChange={(_e, v, reason) => {
        if (clearOnPick && reason === 'reset') return;
        setInput(v);
      }}
      disabled={disabled}
      filterOptions={(x) => x}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      getOptionLabel={getLabel}
      loading={q.isFetching}
      loadingText="Carregando…"
      noOptionsText={noOptionsText}
      openText="Abrir"
      closeText="Fechar"
      clearText="Limpar"
      renderOption={(props, o) => {
        const { key, ...rest } = props as typeof props & { key: string };
        return (
          <li key={key} {...rest}>
            {renderOption ? renderOption(o) : getLabel(o)}
          </li>
        );
      }}
      renderInput={(params) => (
        <TextField
          {...params}
          name={name}
          label={label}
          placeholder={placeholder}
          required={required}
          error={error}
          helperText={helperText}
          slotProps={{
            ...params.slotProps,
            input: {
              ...params.slotProps.input,
              endAdornment: (
                <>
                  {q.isFetching && open ? <CircularProgress color="inherit" size={16} /> : null}
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
