import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { TIME_ZONE_INVALID, zonedInstant } from '@operacoes/contract';
import { organizations, users } from '../../src/core/schema';
import { recordTimeZone } from '../../src/core/time-zone';
import { todayBounds } from '../../src/modules/dashboard/cards';
import { monthBounds, slaFigures } from '../../src/modules/network/circuit/sla';
import { scheduleEvents } from '../../src/modules/schedule/schema';
import { notifications } from '../../src/modules/notification/schema';
import { movements } from '../../src/modules/warehouse';
import { createTestApp, type TestApp } from '../helpers';
import { makeCircuit } from '../network/circuit-helpers';
import { place } from '../warehouse/helpers';

/**
 * Each organization's own zone: the setting (organization and unit override) and the same data in
 * an organization in Manaus (UTC−4) and one in São Paulo (UTC−3, daylight saving until 2019),
 * through the circuit SLA months, the schedule and the reports' day filters.
 */
describe('organization time zone', () => {
  let t: TestApp;
  let manaus: number;
  let saoPaulo: number;
  let orgAdmin: Awaited<ReturnType<TestApp['createUser']>>;
  beforeAll(async () => {
    t = await createTestApp();
    manaus = await t.createOrganization('Provedor Amazonas');
    saoPaulo = await t.createOrganization('Provedor Paulista');
    orgAdmin = await t.createUser({ permissions: ['ORG'], organizationId: manaus });
    const res = await t.call('PUT', `/api/organization/${manaus}`, orgAdmin.token, { time_zone: 'America/Manaus' });
    expect(res.statusCode, res.body).toBe(200);
  });
  afterAll(() => t?.close());

  describe('the setting', () => {
    it('saves a zone of the list, answers it and puts it in the session and /api/me', async () => {
      const org = await t.call('GET', `/api/organization/${manaus}`, orgAdmin.token);
      expect(org.json()).toMatchObject({ time_zone: 'America/Manaus' });
      const me = await t.call('GET', '/api/me', orgAdmin.token);
      expect(me.json()).toMatchObject({ time_zone: 'America/Manaus' });
      const session = await t.login(orgAdmin.username);
      expect(session.user).toMatchObject({ organization: { time_zone: 'America/Manaus' } });
      // A new organization runs on Brasília time until it chooses.
      const other = await t.createUser({ permissions: ['ORG'], organizationId: saoPaulo });
      expect((await t.call('GET', '/api/me', other.token)).json()).toMatchObject({ time_zone: 'America/Sao_Paulo' });
    });

    it('refuses a zone outside the list with 422 in Portuguese', async () => {
      for (const zone of ['Europe/Lisbon', 'UTC', 'America/Manaus ', 'nada']) {
        const res = await t.call('PUT', `/api/organization/${manaus}`, orgAdmin.token, { time_zone: zone });
        expect(res.statusCode, zone).toBe(422);
        expect(res.json().violations).toContainEqual({ propertyPath: 'time_zone', message: TIME_ZONE_INVALID });
      }
      expect((await t.call('GET', `/api/organization/${manaus}`, orgAdmin.token)).json()).toMatchObject({ time_zone: 'America/Manaus' });
    });

    it('lets a unit override its organization\'s zone (a unit in Cuiabá); its members follow it', async () => {
      const bad = await t.call('POST', '/api/unit-organizational', orgAdmin.token, { name: 'Filial Cuiabá', code: 'CGB', time_zone: 'America/Cuiabá' });
      expect(bad.statusCode).toBe(422);
      expect(bad.json().violations).toContainEqual({ propertyPath: 'time_zone', message: TIME_ZONE_INVALID });
      const unit = await t.call('POST', '/api/unit-organizational', orgAdmin.token, { name: 'Filial Cuiabá', code: 'CGB', time_zone: 'America/Cuiaba' });
      expect(unit.statusCode, unit.body).toBe(201);
      expect(unit.json()).toMatchObject({ time_zone: 'America/Cuiaba' });
      const plain = await t.call('POST', '/api/unit-organizational', orgAdmin.token, { name: 'Matriz', code: 'MAO' });
      expect(plain.json()).toMatchObject({ time_zone: null });

      const member = await t.createUser({ permissions: [], organizationId: manaus });
      await t.app.db.update(users).set({ unit_organizational_id: unit.json().id }).where(eq(users.id, member.id));
      expect((await t.call('GET', '/api/me', member.token)).json()).toMatchObject({ time_zone: 'America/Cuiaba' });
      // Back to the organization's zone when the unit drops its override (the cached zone is dropped too).
      const cleared = await t.call('PUT', `/api/unit-organizational/${unit.json().id}`, orgAdmin.token, { time_zone: null });
      expect(cleared.statusCode, cleared.body).toBe(200);
      expect((await t.call('GET', '/api/me', member.token)).json()).toMatchObject({ time_zone: 'America/Manaus' });
    });

    it('gives a record its unit\'s zone when the unit overrides, else its organization\'s', async () => {
      const unit = await t.call('POST', '/api/unit-organizational', orgAdmin.token, { name: 'Filial Rio Branco', code: 'RBR', time_zone: 'America/Rio_Branco' });
      expect(unit.statusCode, unit.body).toBe(201);
      expect(await recordTimeZone(t.app.db, { organization_id: manaus, unit_id: unit.json().id })).toBe('America/Rio_Branco');
      expect(await recordTimeZone(t.app.db, { organization_id: manaus, unit_id: null })).toBe('America/Manaus');
      expect(await recordTimeZone(t.app.db, { organization_id: saoPaulo })).toBe('America/Sao_Paulo');
    });

    it('is not changed by a read-only (ORG.INDEX) user nor by another organization\'s admin', async () => {
      const reader = await t.createUser({ permissions: ['ORG.INDEX'], organizationId: manaus });
      expect((await t.call('PUT', `/api/organization/${manaus}`, reader.token, { time_zone: 'America/Rio_Branco' })).statusCode).toBe(403);
      const stranger = await t.createUser({ permissions: ['ORG'], organizationId: saoPaulo });
      expect([403, 404]).toContain((await t.call('PUT', `/api/organization/${manaus}`, stranger.token, { time_zone: 'America/Rio_Branco' })).statusCode);
      const [row] = await t.app.db.select({ zone: organizations.time_zone }).from(organizations).where(eq(organizations.id, manaus));
      expect(row.zone).toBe('America/Manaus');
    });
  });

  describe('circuit SLA months', () => {
    const sla = { sla_percent: '99.5', monthly_cost: '1000.00', credit_factor: '1' };
    const period = (started: string, ended: string) => [{ started_at: new Date(started), ended_at: new Date(ended), counts_for_sla: true }];

    it('splits an outage from 23:30 to 00:30 local on a month\'s last day at the local midnight, per zone', () => {
      // 31/10/2026 23:30–00:30 in Manaus: 03:30Z–04:30Z on 1 Nov; in São Paulo those instants are 00:30–01:30 on 1 Nov.
      const manausOutage = period('2026-11-01T03:30:00Z', '2026-11-01T04:30:00Z');
      expect(slaFigures(sla, manausOutage, monthBounds('2026-10', 'America/Manaus'), Date.now()).downtime_minutes).toBe(30);
      expect(slaFigures(sla, manausOutage, monthBounds('2026-11', 'America/Manaus'), Date.now()).downtime_minutes).toBe(30);
      expect(slaFigures(sla, manausOutage, monthBounds('2026-10', 'America/Sao_Paulo'), Date.now()).downtime_minutes).toBe(0);
      expect(slaFigures(sla, manausOutage, monthBounds('2026-11', 'America/Sao_Paulo'), Date.now()).downtime_minutes).toBe(60);
      expect(monthBounds('2026-11', 'America/Manaus').start).toBe(Date.parse('2026-11-01T04:00:00Z'));
      expect(monthBounds('2026-11', 'America/Sao_Paulo').start).toBe(Date.parse('2026-11-01T03:00:00Z'));
    });

    it('follows São Paulo\'s daylight saving of the past (January 2018, UTC−2) and not in Manaus', () => {
      // 31/01/2018 23:30–00:30 in São Paulo under daylight saving: 01:30Z–02:30Z on 1 Feb.
      const outage = period('2018-02-01T01:30:00Z', '2018-02-01T02:30:00Z');
      expect(slaFigures(sla, outage, monthBounds('2018-01', 'America/Sao_Paulo'), Date.now()).downtime_minutes).toBe(30);
      expect(slaFigures(sla, outage, monthBounds('2018-02', 'America/Sao_Paulo'), Date.now()).downtime_minutes).toBe(30);
      // In Manaus the same instants are 21:30–22:30 on 31 Jan: all of it in January.
      expect(slaFigures(sla, outage, monthBounds('2018-01', 'America/Manaus'), Date.now()).downtime_minutes).toBe(60);
      expect(monthBounds('2018-02', 'America/Sao_Paulo').start).toBe(Date.parse('2018-02-01T02:00:00Z'));
    });

    it('answers /api/circuit/sla with each organization\'s month boundaries', async () => {
      const split = async (organizationId: number, startedLocal: string, endedLocal: string, zone: string) => {
        const boss = await t.createUser({ permissions: ['OPERATOR_CIRCUIT'], organizationId });
        const circuit = await makeCircuit(t, organizationId, { installed_on: '2017-01-10' });
        const res = await t.call('POST', `/api/circuit/${circuit.id}/unavailability`, boss.token, {
          started_at: zonedInstant(startedLocal, zone).toISOString(),
          ended_at: zonedInstant(endedLocal, zone).toISOString(),
          cause: 'Queda de energia no POP',
          responsibility: 'operadora',
        });
        expect(res.statusCode, res.body).toBe(201);
        const minutes = async (month: string) =>
          ((await t.call('GET', `/api/circuit/sla?month=${month}`, boss.token)).json() as { items: { circuit_id: number; downtime_minutes: number }[] }).items.find((i) => i.circuit_id === circuit.id)!.downtime_minutes;
        return [await minutes(startedLocal.slice(0, 7)), await minutes(endedLocal.slice(0, 7))];
      };
      expect(await split(manaus, '2026-10-31T23:30', '2026-11-01T00:30', 'America/Manaus')).toEqual([30, 30]);
      expect(await split(saoPaulo, '2026-10-31T23:30', '2026-11-01T00:30', 'America/Sao_Paulo')).toEqual([30, 30]);
      expect(await split(saoPaulo, '2018-01-31T23:30', '2018-02-01T00:30', 'America/Sao_Paulo')).toEqual([30, 30]);
    });
  });

  describe('schedule', () => {
    it('takes 09:00 local as 13:00Z in Manaus and 12:00Z in São Paulo, and shows it as 09:00 to each', async () => {
      expect(zonedInstant('2026-11-10T09:00', 'America/Manaus').toISOString()).toBe('2026-11-10T13:00:00.000Z');
      expect(zonedInstant('2026-11-10T09:00', 'America/Sao_Paulo').toISOString()).toBe('2026-11-10T12:00:00.000Z');
      for (const [organizationId, zone, utc] of [
        [manaus, 'America/Manaus', '2026-11-10T13:00:00.000Z'],
        [saoPaulo, 'America/Sao_Paulo', '2026-11-10T12:00:00.000Z'],
      ] as const) {
        const planner = await t.createUser({ permissions: ['SCHEDULE'], organizationId });
        const guest = await t.createUser({ permissions: ['SCHEDULE'], organizationId });
        const res = await t.call('POST', '/api/schedule', planner.token, {
          title: 'Vistoria no POP',
          starts_at: zonedInstant('2026-11-10T09:00', zone).toISOString(),
          ends_at: zonedInstant('2026-11-10T10:00', zone).toISOString(),
          participant_ids: [guest.id],
        });
        expect(res.statusCode, res.body).toBe(201);
        const [row] = await t.app.db.select().from(scheduleEvents).where(eq(scheduleEvents.id, res.json().id));
        expect(row.starts_at.toISOString()).toBe(utc);
        // The invitation speaks the organization's clock.
        const [note] = await t.app.db.select().from(notifications).where(eq(notifications.user_id, guest.id));
        expect(`${note.title} ${note.message}`).toContain('10/11/2026, 09:00');
        // A bare day of the calendar is the organization's day: the event is on the 10th, not on the 11th.
        const day = async (d: string) => ((await t.call('GET', `/api/schedule/calendar?from=${d}&to=${d}`, planner.token)).json() as { title: string }[]).filter((c) => c.title.includes('Vistoria')).length;
        expect(await day('2026-11-10')).toBe(1);
        expect(await day('2026-11-11')).toBe(0);
        // An all-day event starts at the organization's midnight.
        const allDay = await t.call('POST', '/api/schedule', planner.token, { title: 'Plantão', starts_at: '2026-11-12', ends_at: '2026-11-12', all_day: true });
        expect(allDay.statusCode, allDay.body).toBe(201);
        expect(allDay.json()).toMatchObject({ starts_at: '2026-11-12' });
        const [stored] = await t.app.db.select().from(scheduleEvents).where(eq(scheduleEvents.id, allDay.json().id));
        expect(stored.starts_at.toISOString()).toBe(zonedInstant('2026-11-12', zone).toISOString());
      }
    });
  });

  describe("the dashboard's today", () => {
    it("is the organization's day: at 03:30Z on 1 Dec it is still 30 Nov in Manaus", () => {
      const at = Date.parse('2026-12-01T03:30:00Z');
      const manausDay = todayBounds(at, 'America/Manaus');
      expect([manausDay.start.toISOString(), manausDay.end.toISOString()]).toEqual(['2026-11-30T04:00:00.000Z', '2026-12-01T04:00:00.000Z']);
      const saoPauloDay = todayBounds(at, 'America/Sao_Paulo');
      expect([saoPauloDay.start.toISOString(), saoPauloDay.end.toISOString()]).toEqual(['2026-12-01T03:00:00.000Z', '2026-12-02T03:00:00.000Z']);
    });
  });

  describe('reports', () => {
    it('includes a movement at 30/11 23:50 local in "from 01/11 to 30/11", and not one at 01/12 00:10', async () => {
      for (const [organizationId, zone] of [
        [manaus, 'America/Manaus'],
        [saoPaulo, 'America/Sao_Paulo'],
      ] as const) {
        const p = await place(t, organizationId);
        const boss = await t.createUser({ permissions: ['PATRIMONY_HISTORY'], organizationId });
        const base = { organization_id: organizationId, user_id: boss.id, type: 'entrada' as const, product_id: p.consumableProductId, quantity: '1', to_stock_id: p.stockId, to_section_id: p.sectionId };
        await t.app.db.insert(movements).values([
          { ...base, reason: 'Último minuto de novembro', created_at: zonedInstant('2026-11-30T23:50', zone) },
          { ...base, reason: 'Primeiro minuto de dezembro', created_at: zonedInstant('2026-12-01T00:10', zone) },
          { ...base, reason: 'Primeiro minuto de novembro', created_at: zonedInstant('2026-11-01T00:05', zone) },
        ]);
        const res = await t.call('GET', '/api/report/movements?from=2026-11-01&to=2026-11-30', boss.token);
        expect(res.statusCode, res.body).toBe(200);
        const text = JSON.stringify(res.json().rows);
        expect(text, zone).toContain('Último minuto de novembro');
        expect(text, zone).toContain('Primeiro minuto de novembro');
        expect(text, zone).not.toContain('Primeiro minuto de dezembro');
        // The export writes the organization's clock, whatever the server's.
        const csv = await t.call('GET', '/api/report/movements/export?format=csv&from=2026-11-30&to=2026-11-30', boss.token);
        expect(csv.statusCode, csv.body).toBe(200);
        expect(csv.body, zone).toContain('30/11/2026 23:50');
        const pdf = await t.call('GET', '/api/report/movements/export?format=pdf&from=2026-11-30&to=2026-11-30', boss.token);
        expect(pdf.statusCode).toBe(200);
      }
    });
  });
});
