/**
 * A project's cost, summed in SQL `numeric` (never floats) and answered as strings with 2 places:
 * - materials: warehouse write-offs naming the project, and out-request deliveries whose
 *   destination is the project (less what came back through their return requests), each at
 *   quantity × the product's price;
 * - activities: each linked activity that is not cancelled costs its type's visit cost plus its
 *   materials (quantity × the product's price).
 * The warehouse and field-service tables are read by SQL by name (project builds on both).
 */
import { type SQL, sql } from 'drizzle-orm';
import type { ProjectActivityRead } from '@operacoes/contract';
import type { DbOrTx } from '../../core/db';
import { currentTimeZone } from '../../core/time-zone';

/** Every cost item of project `id`: (at, kind, amount). */
const costItems = (id: number): SQL => sql`
  select m.created_at as at, 'materials' as kind, m.quantity * coalesce(p.price, 0) as amount
    from movement m join product p on p.id = m.product_id
   where m.project_id = ${id} and m.type = 'baixa'
  union all
  select m.created_at, 'materials', m.quantity * coalesce(p.price, 0)
    from movement m join patrimony_solicitation s on s.id = m.solicitation_id join product p on p.id = m.product_id
   where s.destination_project_id = ${id} and s.kind = 'retirada' and m.type = 'saida'
  union all
  select m.created_at, 'materials', -(m.quantity * coalesce(p.price, 0))
    from movement m join patrimony_solicitation r on r.id = m.solicitation_id join patrimony_solicitation s on s.id = r.origin_id join product p on p.id = m.product_id
   where s.destination_project_id = ${id} and r.kind = 'devolucao' and m.type = 'devolucao'
  union all
  select coalesce(a.finished_at, a.scheduled_start, a.created_at), 'activities', coalesce(t.visit_cost, 0)
    from project_activity pa join external_activity a on a.id = pa.activity_id join assistance_type t on t.id = a.assistance_type_id
   where pa.project_id = ${id} and a.status <> 'cancelada'
  union all
  select em.created_at, 'activities', em.quantity * coalesce(p.price, 0)
    from project_activity pa join external_activity a on a.id = pa.activity_id join external_activity_material em on em.activity_id = a.id join product p on p.id = em.product_id
   where pa.project_id = ${id} and a.status <> 'cancelada'`;

/** Totals and the cumulative cost by date (the organization's calendar: the request's zone). */
export async function projectCost(db: DbOrTx, id: number, zone = currentTimeZone()) {
  const items = costItems(id);
  const [totals] = (
    await db.execute(sql`
      with items as (${items})
      select round(coalesce(sum(amount), 0), 2)::text as total,
             round(coalesce(sum(amount) filter (where kind = 'materials'), 0), 2)::text as materials,
             round(coalesce(sum(amount) filter (where kind = 'activities'), 0), 2)::text as activities
        from items`)
  ).rows as { total: string; materials: string; activities: string }[];
  const byDate = (
    await db.execute(sql`
      with items as (${items}),
      days as (select (timezone(${zone}, at))::date as day, sum(amount) as amount from items group by 1)
      select day::text as date, round(sum(amount) over (order by day), 2)::text as cumulative from days order by day`)
  ).rows as { date: string; cumulative: string }[];
  return { ...totals, by_date: byDate };
}

/** The linked activities with each one's cost (visit + materials; "0.00" when cancelled). */
export async function activityCosts(db: DbOrTx, id: number): Promise<ProjectActivityRead[]> {
  const rows = (
    await db.execute(sql`
      select a.id, a.code, a.client_name, a.status, a.scheduled_start, a.scheduled_end,
             t.id as type_id, t.name as type_name, t.color as type_color,
             case when a.status = 'cancelada' then '0.00'
                  else round(coalesce(t.visit_cost, 0) + coalesce((select sum(em.quantity * coalesce(p.price, 0)) from external_activity_material em join product p on p.id = em.product_id where em.activity_id = a.id), 0), 2)::text
             end as cost
        from project_activity pa join external_activity a on a.id = pa.activity_id join assistance_type t on t.id = a.assistance_type_id
       where pa.project_id = ${id}
       order by coalesce(a.scheduled_start, a.created_at), a.id`)
  ).rows as Record<string, unknown>[];
  const iso = (v: unknown) => (v === null || v === undefined ? null : new Date(v as string).toISOString());
  return rows.map((r) => ({
    id: Number(r.id),
    code: r.code as string,
    client_name: r.client_name as string,
    status: r.status as string,
    assistance_type: { id: Number(r.type_id), name: r.type_name as string, color: r.type_color as string },
    scheduled_start: iso(r.scheduled_start),
    scheduled_end: iso(r.scheduled_end),
    cost: r.cost as string,
  }));
}

/** 0–100 with one decimal: each task's progress (100 when concluded) weighted by its duration in days. */
export async function projectProgress(db: DbOrTx, id: number): Promise<number> {
  const [row] = (
    await db.execute(sql`
      select coalesce(round(sum((case when status = 'concluida' then 100 else progress end) * (due_on - starts_on + 1))::numeric / nullif(sum(due_on - starts_on + 1), 0), 1), 0)::float8 as progress
        from project_task where project_id = ${id}`)
  ).rows as { progress: number }[];
  return Number(row.progress);
}
