import { eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../core/db';
import { cities, states } from './schema';

/** `{id, name, uf}` of the given cities, in one query. */
export async function presentCities(db: DbOrTx, ids: (number | null)[]) {
  const wanted = [...new Set(ids.filter((x): x is number => x !== null))];
  if (wanted.length === 0) return new Map<number, { id: number; name: string; uf: string }>();
  const rows = await db
    .select({ id: cities.id, name: cities.name, uf: states.uf })
    .from(cities)
    .innerJoin(states, eq(states.id, cities.state_id))
    .where(inArray(cities.id, wanted));
  return new Map(rows.map((r) => [r.id, r]));
}
