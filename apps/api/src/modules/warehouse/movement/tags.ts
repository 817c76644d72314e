import { inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../../core/db';
import { patrimonies } from '../patrimony/schema';

export async function patrimonyTags(db: DbOrTx, ids: number[]): Promise<Map<number, string>> {
  const rows = await db.select({ id: patrimonies.id, tag: patrimonies.tag }).from(patrimonies).where(inArray(patrimonies.id, [...new Set(ids)]));
  return new Map(rows.map((r) => [r.id, r.tag]));
}
