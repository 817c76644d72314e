/** Several records picked by searching (technicians, participants, items), bound to an id array field. */
import { Autocomplete, Chip, TextField } from '@mui/material';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useFormReadOnly } from '../readOnly';
import { useDebounced } from '../ResourceList';
import { useBoundField } from './boundField';

export type Named = { id: number; name: string };
const NONE: number[] = [];

export function FormMultiPicker({
  name,
  label,
  queryKey,
  fetch,
  initial,
  helperText,
  required,
  noOptionsText = 'Nada encontrado',
}: {
  name: string;
  label: string;
  queryKey: readonly unknown[];
  fetch: (term: string) => Promise<Named[]>;
  /** The names of the ids the record already has (from its read shape). */
  initial: Named[];
  helperText?: string;
  required?: boolean;
  noOptionsText?: string;
}) {
  const f = useBoundField<number[] | undefined>(name, helperText, label);
  const readOnly = useFormReadOnly();
  const [term, setTerm] = useState('');
  const debounced = useDebounced(term, 250);
  const q = useQuery({ queryKey: [...queryKey, debounced], queryFn: () => fetch(debounced), placeholderData: keepPreviousData });
  const [known, setKnown] = useState<Named[]>(initial);
  const ids = f.value ?? NONE;
  // A stable value while typing: MUI empties the typed text whenever `value` changes identity.
  const value = useMemo(() => ids.map((id) => known.find((k) => k.id === id) ?? { id, name: `#${id}` }), [ids, known]);
  return (
    <Autocomplete<Named, true>
      multiple
      options={q.data ?? []}
      value={value}
      loading={q.isFetching}
      disabled={readOnly}
      filterOptions={(x) => x}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      getOptionLabel={(o) => o.name}
      onInputChange={(_e, v) => setTerm(v)}
      onChange={(_e, picked) => {
        setKnown((k) => [...k, ...picked.filter((p) => !k.some((x) => x.id === p.id))]);
        f.onChange(picked.map((p) => p.id));
      }}
      noOptionsText={noOptionsText}
      loadingText="Carregando…"
      renderValue={(selected, getItemProps) => selected.map((o, index) => <Chip {...getItemProps({ index })} key={o.id} label={o.name} size="small" />)}
      renderInput={(params) => <TextField {...params} name={f.name} inputRef={f.inputRef} onBlur={f.onBlur} label={label} required={required} error={f.error} helperText={f.helperText} />}
    />
  );
}
