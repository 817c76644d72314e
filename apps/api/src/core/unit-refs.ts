import type { DbOrTx } from './db';
import { byIds } from './resource';
import { unitsOrganizational } from './schema';

type UnitRef = { id: number; name: string };

/**
 * The `{ id, name }` references of the organizational units rows point at (`unit_organizational`
 * in a read shape), in one read; `of(id)` is null for a row with no unit.
 */
export async function unitRefs(db: DbOrTx, ids: (number | null | undefined)[]) {
  const rows = await byIds<{ id: number; name: string }>(db, unitsOrganizational as never, [...new Set(ids.filter((v): v is number => typeof v === 'number'))]);
  return { of: (id: number | null | undefined): UnitRef | null => (id != null && rows.has(id) ? { id, name: rows.get(id)!.name } : null) };
}
