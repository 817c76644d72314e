import { and, inArray, isNull } from 'drizzle-orm';
import type { CircuitRead, UnavailabilityRead } from '@operacoes/contract';
import type { DbOrTx } from '../../../core/db';
import { byIds, plainPresent } from '../../../core/resource';
import { sites } from '../site/schema';
import { circuitUnavailabilities, circuits } from './schema';

type CircuitRow = typeof circuits.$inferSelect;
type UnavailabilityRow = typeof circuitUnavailabilities.$inferSelect;

const siteRefOf = (s: Record<string, unknown> | undefined) => (s ? { id: s.id as number, code: s.code as string, name: s.name as string } : null);

/** Circuits as the API answers them: site references, numbers as numbers, and whether each is down now. */
export async function presentCircuits(rows: CircuitRow[], db: DbOrTx): Promise<CircuitRead[]> {
  const ids = rows.map((r) => r.id);
  const [siteRows, ongoing] = await Promise.all([
    byIds(db, sites as never, rows.flatMap((r) => (r.site_b_id ? [r.site_a_id, r.site_b_id] : [r.site_a_id]))),
    ids.length
      ? db
          .select({ circuit_id: circuitUnavailabilities.circuit_id, started_at: circuitUnavailabilities.started_at })
          .from(circuitUnavailabilities)
          .where(and(inArray(circuitUnavailabilities.circuit_id, ids), isNull(circuitUnavailabilities.ended_at)))
      : [],
  ]);
  const down = new Map(ongoing.map((o) => [o.circuit_id, o.started_at]));
  return (plainPresent(rows as never) as Record<string, unknown>[]).map((r, i) => {
    const row = rows[i];
    const since = down.get(row.id);
    return {
      ...r,
      sla_percent: Number(row.sla_percent),
      credit_factor: Number(row.credit_factor),
      site_a: siteRefOf(siteRows.get(row.site_a_id)),
      site_b: row.site_b_id ? siteRefOf(siteRows.get(row.site_b_id)) : null,
      down: since !== undefined,
      down_since: since ? since.toISOString() : null,
    } as CircuitRead;
  });
}

/** Unavailability periods as the API answers them: their circuit, whether ongoing, and their length. */
export async function presentUnavailabilities(rows: UnavailabilityRow[], db: DbOrTx): Promise<UnavailabilityRead[]> {
  const found = await byIds(db, circuits as never, rows.map((r) => r.circuit_id));
  return (plainPresent(rows as never) as Record<string, unknown>[]).map((r, i) => {
    const row = rows[i];
    const c = found.get(row.circuit_id);
    return {
      ...r,
      circuit: c ? { id: c.id, carrier: c.carrier as string, designation: c.designation as string } : null,
      ongoing: row.ended_at === null,
      duration_minutes: row.ended_at ? Math.round((row.ended_at.getTime() - row.started_at.getTime()) / 60_000) : null,
    } as UnavailabilityRead;
  });
}
