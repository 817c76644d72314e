/** A record picked by search, bound to a numeric form field (sites, LMCs, assistance types…). */
import { useQuery } from '@tanstack/react-query';
import { useFormReadOnly } from '../readOnly';
import { AsyncPicker } from './AsyncPicker';
import { useBoundField } from './boundField';

type Picked = { id: number };

/**
 * A record picked by search, bound to a numeric form field: `initial` names the current record
 * without a request; otherwise it is read by id (`get`).
 */
export function FormRecordPicker<T extends Picked>(props: {
  name: string;
  label: string;
  queryKey: readonly unknown[];
  search: (term: string) => Promise<T[]>;
  get: (id: number) => Promise<T>;
  getLabel: (r: T) => string;
  initial?: T | null;
  required?: boolean;
  hint?: string;
  onPicked?: (r: T | null) => void;
}) {
  const f = useBoundField<number | null>(props.name, props.hint);
  const readOnly = useFormReadOnly();
  const known = props.initial && props.initial.id === f.value ? props.initial : null;
  const q = useQuery({ queryKey: [...props.queryKey, 'one', f.value], queryFn: () => props.get(f.value!), enabled: !!f.value && !known });
  return (
    <AsyncPicker<T>
      name={props.name}
      queryKey={[...props.queryKey, 'picker']}
      fetch={props.search}
      value={known ?? q.data ?? null}
      onChange={(r) => {
        f.onChange(r?.id ?? null);
        props.onPicked?.(r);
      }}
      getLabel={props.getLabel}
      label={props.label}
      required={props.required}
      disabled={readOnly}
      error={f.error}
      helperText={f.helperText}
    />
  );
}

