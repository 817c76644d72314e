/** The select filters lists repeat: a status over a contract enum, and active/inactive. */
import type { ListFilter } from '../ResourceList';

/** "Situação: Todas | <each status>" over a contract enum and its pt-BR labels. */
export function enumFilter<E extends string>(
  values: readonly E[],
  labels: Record<E, string>,
  { name = 'status', label = 'Situação', all = 'Todas' }: { name?: string; label?: string; all?: string } = {},
): ListFilter {
  return { name, label, options: [{ value: '', label: all }, ...values.map((v) => ({ value: v, label: labels[v] }))] };
}

/** "Situação: Todos | Somente ativos (| Somente inativos)" on `isActive`, in the entity's gender. */
export function activeFilter({ gender = 'm', inactive = true }: { gender?: 'm' | 'f'; inactive?: boolean } = {}): ListFilter {
  const s = gender === 'f' ? 'as' : 'os';
  return {
    name: 'isActive',
    label: 'Situação',
    options: [
      { value: '', label: `Tod${s}` },
      { value: 'true', label: `Somente ativ${s}` },
      ...(inactive ? [{ value: 'false', label: `Somente inativ${s}` }] : []),
    ],
  };
}

/** "<label>: Todos | <each option>" over options loaded at run time (stocks, units…). */
export function selectFilter(name: string, label: string, options: { value: string | number; label: string }[], all = 'Todos'): ListFilter {
  return { name, label, options: [{ value: '', label: all }, ...options.map((o) => ({ value: String(o.value), label: o.label }))] };
}
