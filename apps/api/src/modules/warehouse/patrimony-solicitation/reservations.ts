import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../core/db';
import { conflict } from '../../../core/errors';
import { brDateTime } from '../../../core/pdf';
import { patrimonies } from '../patrimony/schema';

/*
 * Items reserved on the schedule stay in the warehouse: an out-request can neither take
 * nor deliver an item whose reservation has not ended yet. The schedule owns the table (it builds
 * on the warehouse, not the reverse), so it is read by SQL here.
 */

/** No upcoming or ongoing reservation of the item (for picking items by product). */
export const notReservedOnSchedule = sql`not exists (select 1 from patrimony_reservation r where r.patrimony_id = ${patrimonies.id} and r.ends_at > now())`;

/** 409 naming the event when any of these (locked) items is reserved on the schedule now or later. */
export async function assertNotReservedOnSchedule(tx: DbOrTx, items: { id: number; tag: string }[]) {
  if (!items.length) return;
  const ids = items.map((i) => i.id);
  const rows = (
    await tx.execute(
      sql`select r.patrimony_id, r.starts_at, r.ends_at, e.title from patrimony_reservation r join schedule_event e on e.id = r.event_id
          where r.patrimony_id in ${ids} and r.ends_at > now() order by r.starts_at limit 5`,
    )
  ).rows as { patrimony_id: number; starts_at: string; ends_at: string; title: string }[];
  if (!rows.length) return;
  const tag = (id: number) => items.find((i) => i.id === Number(id))?.tag ?? `#${id}`;
  throw conflict(
    `Item reservado na agenda: ${rows.map((r) => `${tag(r.patrimony_id)} para o evento "${r.title}" (${brDateTime(r.starts_at)}–${brDateTime(r.ends_at)})`).join('; ')}. Libere a reserva na agenda ou escolha outro item.`,
  );
}
