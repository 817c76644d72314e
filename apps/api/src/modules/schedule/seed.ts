import { and, eq } from 'drizzle-orm';
import { addDays, localAt, localToday } from '../../core/dates';
import type { DemoContext } from '../../core/demo-context';
import { organizationTimeZone } from '../../core/time-zone';
import { patrimonies, products } from '../warehouse';
import { scheduleEvents } from './schema';


/**
 * The demo schedule: the weekly operations meeting, a splicing job holding the
 * fusion splicer, a field training day and a tower inspection (on a day without the meeting) — beside the work orders the
 * field-service seed scheduled. Written through the API.
 */
export async function seedScheduleDemo(ctx: DemoContext): Promise<boolean> {
  // `h:m` of the organization's own day `days` from today (after 21:00 in São Paulo the UTC date is already tomorrow's).
  const zone = await organizationTimeZone(ctx.app.db, ctx.organizationId);
  const at = (days: number, h: number, m = 0) => localAt(days, h, m, zone).toISOString();
  const day = (days: number) => addDays(localToday(zone), days);
  const db = ctx.app.db;
  const [existing] = await db.select({ id: scheduleEvents.id }).from(scheduleEvents).where(eq(scheduleEvents.organization_id, ctx.organizationId)).limit(1);
  if (existing) return false;
  const gestor = ctx.as('gestor');
  const { gestor: marina, almoxarife: joao, tecnico: luiz } = ctx.userId;
  const [splicer] = await db
    .select({ id: patrimonies.id })
    .from(patrimonies)
    .innerJoin(products, eq(products.id, patrimonies.product_id))
    .where(and(eq(patrimonies.organization_id, ctx.organizationId), eq(products.code, 'FUS-41S'), eq(patrimonies.status, 'disponivel')))
    .limit(1);

  // The weekly meeting is a series (on tomorrow's weekday, 26 weeks), with the usual exceptions of a
  // real one: the third meeting cancelled (a holiday), the fourth moved to the afternoon.
  const weekday = ['SU', 'MO', 'TU', 'WE', 'TH', 'FR', 'SA'][new Date(`${day(1)}T12:00:00Z`).getUTCDay()];
  const meeting = {
    title: 'Reunião semanal de operações',
    starts_at: at(1, 9),
    ends_at: at(1, 10),
    participant_ids: [marina, joao, luiz],
    location: 'Sala de reuniões — Matriz Curitiba',
    description: 'Pauta: circuitos fora do ar, solicitações pendentes, agenda de campo da semana.',
    color: '#5e35b1',
    unit_organizational_id: ctx.unitId.CWB,
  };
  const series = (await gestor('POST', '/schedule', { ...meeting, recurrence: { frequency: 'weekly', weekdays: [weekday], ends: 'count', count: 26 } })) as { id: number };
  await gestor('POST', `/schedule/${series.id}/cancel-occurrence`, { occurrence: at(15, 9) });
  await gestor('POST', '/schedule', { ...meeting, starts_at: at(22, 14), ends_at: at(22, 15), series_id: series.id, recurrence_id: at(22, 9) });
  await gestor('POST', '/schedule', {
    title: 'Fusão de fibra — caixa de emenda CE-PG-07',
    starts_at: at(2, 13),
    ends_at: at(2, 18),
    participant_ids: [luiz],
    patrimony_ids: splicer ? [splicer.id] : [],
    location: 'Av. Vicente Machado, 400 — Ponta Grossa/PR',
    description: 'Reemenda de 24 fibras após manutenção da concessionária de energia.',
    color: '#ef6c00',
  });
  await gestor('POST', '/schedule', {
    title: 'Treinamento NR-35 (trabalho em altura)',
    starts_at: day(6),
    ends_at: day(6),
    all_day: true,
    participant_ids: [luiz],
    location: 'Centro de treinamento — São José dos Pinhais/PR',
    color: '#00897b',
  });
  await gestor('POST', '/schedule', {
    title: 'Vistoria da torre TR-CWB-03',
    starts_at: at(9, 8, 30),
    ends_at: at(9, 11),
    participant_ids: [marina],
    location: 'Torre TR-CWB-03 — Campo Comprido, Curitiba/PR',
  });
  return true;
}
