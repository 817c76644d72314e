/** A record picked by search, bound to a numeric form field (sites, LMCs, assistance types…). */
import { useQuery } from '@tanstack/react-query';
import { api } from '../api';
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
  const f = useBoundField<number | null>(props.name, props.hint, props.label);
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


/**
 * The search and read of a `FormRecordPicker` over a kit list endpoint (`/site`, `/svc`…): `{id, name}`
 * options named by `label`, for a form in another module than the records'.
 */
export function listPicker(path: string, label: (r: Record<string, unknown>) => string) {
  return {
    search: async (term: string) => (await api.get<{ items: Record<string, unknown>[] }>(path, { params: { search: term || undefined, pageSize: 20 } })).data.items.map((r) => ({ id: r.id as number, name: label(r) })),
    get: async (id: number) => {
      const r = (await api.get<Record<string, unknown>>(`${path}/${id}`)).data;
      return { id: r.id as number, name: label(r) };
    },
  };
}
