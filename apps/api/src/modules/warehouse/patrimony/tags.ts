import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../core/db';
import { getOrganizationSettings } from '../../organization-settings';
import { patrimonies, warehouseSequences } from './schema';

/**
 * `n` new tag numbers from the organization's prefix and digits (PAT-000123), skipping numbers
 * someone typed by hand. The counter row stays locked until the transaction ends, so two
 * creations never draw the same number.
 */
export async function nextTags(tx: DbOrTx, organizationId: number, n: number): Promise<string[]> {
  const { patrimony_prefix: prefix, patrimony_digits: digits } = await getOrganizationSettings(tx, organizationId, 'warehouse');
  const tags: string[] = [];
  while (tags.length < n) {
    const want = n - tags.length;
    const [{ value }] = await tx
      .insert(warehouseSequences)
      .values({ organization_id: organizationId, name: 'patrimony_tag', value: want })
      .onConflictDoUpdate({ target: [warehouseSequences.organization_id, warehouseSequences.name], set: { value: sql`${warehouseSequences.value} + ${want}` } })
      .returning({ value: warehouseSequences.value });
    const candidates = Array.from({ length: want }, (_, i) => prefix + String(value - want + 1 + i).padStart(digits, '0'));
    const taken = await tx
      .select({ tag: patrimonies.tag })
      .from(patrimonies)
      .where(and(eq(patrimonies.organization_id, organizationId), inArray(sql`lower(${patrimonies.tag})`, candidates.map((c) => c.toLowerCase()))));
    const takenSet = new Set(taken.map((t) => t.tag.toLowerCase()));
    tags.push(...candidates.filter((c) => !takenSet.has(c.toLowerCase())));
  }
  return tags;
}

export async function tagTaken(tx: DbOrTx, organizationId: number, tag: string, exceptId?: number): Promise<boolean> {
  const [row] = await tx
    .select({ id: patrimonies.id })
    .from(patrimonies)
    .where(and(eq(patrimonies.organization_id, organizationId), sql`lower(${patrimonies.tag}) = lower(${tag})`));
  return Boolean(row && row.id !== exceptId);
}
