/**
 * The name of a referenced record in a diff (city, unit, stock, product, user…), fetched quietly
 * when the user may read that kind of record; otherwise, or while loading, its id.
 */
import { useQuery } from '@tanstack/react-query';
import { api } from '../../core/api';
import { type Permission, readPermissionsOf } from '@operacoes/contract';
import { useCan } from '../../core/permissions';
import type { RefKind } from './labels';

const PATH: Record<RefKind, string> = {
  city: '/city',
  state: '/state',
  country: '/country',
  unit: '/unit-organizational',
  organization: '/organization',
  stock: '/stock',
  section: '/section',
  product: '/product',
  user: '/user',
};

/** Kinds that need a module permission to read (the others are readable by every member). */
const READ: Partial<Record<RefKind, Permission[]>> = {
  stock: readPermissionsOf('STOCK'),
  section: readPermissionsOf('SECTION'),
  product: readPermissionsOf('PRODUCT'),
  user: readPermissionsOf('USER'),
};

const nameOf = (kind: RefKind, r: Record<string, unknown>) => {
  if (kind === 'city') return `${r.name} – ${r.uf}`;
  if (kind === 'state') return `${r.name} (${r.uf})`;
  if (kind === 'organization') return String(r.fantasy_name);
  if (kind === 'user') return String(r.username);
  if (kind === 'product' || kind === 'stock' || kind === 'section') return r.code ? `${r.code} – ${r.name}` : String(r.name);
  return String(r.name);
};

export function RefName({ kind, id }: { kind: RefKind; id: number }) {
  const { can } = useCan();
  const required = READ[kind];
  const q = useQuery({
    queryKey: ['ref-name', kind, id],
    queryFn: async () => nameOf(kind, (await api.get<Record<string, unknown>>(`${PATH[kind]}/${id}`, { silent: true })).data),
    staleTime: 10 * 60_000,
    retry: false,
    enabled: !required || can(required),
  });
  return <>{q.data ?? `#${id}`}</>;
}
