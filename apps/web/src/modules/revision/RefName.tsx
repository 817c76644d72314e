/** The name of a referenced record in a diff (city, state, unit…), fetched quietly; falls back to its id. */
import { useQuery } from '@tanstack/react-query';
import { api } from '../../core/api';

type Kind = 'city' | 'state' | 'country' | 'unit' | 'organization';

const PATH: Record<Kind, string> = {
  city: '/city',
  state: '/state',
  country: '/country',
  unit: '/unit-organizational',
  organization: '/organization',
};

const nameOf = (kind: Kind, r: Record<string, unknown>) => {
  if (kind === 'city') return `${r.name} – ${r.uf}`;
  if (kind === 'state') return `${r.name} (${r.uf})`;
  if (kind === 'organization') return String(r.fantasy_name);
  return String(r.name);
};

export function RefName({ kind, id }: { kind: Kind; id: number }) {
  const q = useQuery({
    queryKey: ['ref-name', kind, id],
    queryFn: async () => nameOf(kind, (await api.get<Record<string, unknown>>(`${PATH[kind]}/${id}`, { silent: true })).data),
    staleTime: 10 * 60_000,
    retry: false,
  });
  return <>{q.data ?? `#${id}`}</>;
}
