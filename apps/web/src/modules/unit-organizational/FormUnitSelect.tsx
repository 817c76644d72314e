import { useQuery } from '@tanstack/react-query';
import { FormSelect } from '../../core/form';
import { fetchUnitOptions } from './api';

/** The organization's units as select options ("Regional Ponta Grossa (PGO)"). */
export function useUnitOptions() {
  const q = useQuery({ queryKey: ['unit-organizational', 'options'], queryFn: fetchUnitOptions, staleTime: 60_000 });
  return (q.data ?? []).map((u) => ({ value: u.id, label: `${u.name} (${u.code})` }));
}

type Props = { name?: string; label?: string; required?: boolean; helperText?: string; emptyLabel?: string };

/** A form's organizational unit (a record's branch: unit-scoped permissions reach it through this). */
export function FormUnitSelect({ name = 'unit_organizational_id', label = 'Unidade organizacional', required, helperText, emptyLabel }: Props) {
  const options = useUnitOptions();
  return <FormSelect name={name} label={label} required={required} options={options} helperText={helperText} emptyLabel={required ? undefined : (emptyLabel ?? 'Nenhuma')} />;
}
