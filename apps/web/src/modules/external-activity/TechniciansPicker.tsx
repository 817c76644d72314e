/** The technicians of an activity: one or more EXTERNAL_ACTIVITY holders, searched by name, bound to `technician_ids`. */
import { Autocomplete, Chip, TextField } from '@mui/material';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useBoundField } from '../../core/form';
import { useFormReadOnly } from '../../core/readOnly';
import { useDebounced } from '../../core/ResourceList';
import { searchTechnicians, type Ref } from './api';

export function FormTechniciansPicker({ name, initial }: { name: string; initial: Ref[] }) {
  const f = useBoundField<number[] | undefined>(name, 'Usuários com a permissão de atividades externas');
  const readOnly = useFormReadOnly();
  const [term, setTerm] = useState('');
  const debounced = useDebounced(term, 250);
  const q = useQuery({ queryKey: ['external_activity', 'technicians', debounced], queryFn: () => searchTechnicians(debounced), placeholderData: keepPreviousData });
  const [known, setKnown] = useState<Ref[]>(initial);
  const ids = f.value ?? [];
  const value = ids.map((id) => known.find((k) => k.id === id) ?? q.data?.find((k) => k.id === id) ?? { id, name: `#${id}` });
  return (
    <Autocomplete<Ref, true>
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
      noOptionsText="Nenhum técnico encontrado"
      loadingText="Carregando…"
      renderValue={(selected, getItemProps) => selected.map((o, index) => <Chip {...getItemProps({ index })} key={o.id} label={o.name} size="small" />)}
      renderInput={(params) => <TextField {...params} name={f.name} inputRef={f.inputRef} onBlur={f.onBlur} label="Técnicos" required error={f.error} helperText={f.helperText} />}
    />
  );
}
