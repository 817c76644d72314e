import { describe, expect, it } from 'vitest';
import { circuitCreate, circuitUpdate, slaQuery } from './circuit';
import { unavailabilityCreate, unavailabilityUpdate } from './unavailability';

const circuit = { carrier: ' Vivo ', designation: 'VIVO-123', type: 'mpls', bandwidth_mbps: 100, site_a_id: 1, monthly_cost: '1234,5', sla_percent: 99.5 };
const paths = (r: { success: boolean; error?: { issues: { path: PropertyKey[] }[] } }) => (r.error?.issues ?? []).map((i) => i.path.join('.'));

describe('circuit schemas', () => {
  it('reads money with a decimal comma, defaults the credit factor and status, trims the carrier', () => {
    expect(circuitCreate.parse(circuit)).toMatchObject({ carrier: 'Vivo', monthly_cost: '1234.5', credit_factor: 1, status: 'ativo', support_contacts: [] });
  });

  it('keeps the SLA between 90 and 100 with at most 3 places, money with 2, and site B apart from site A', () => {
    expect(paths(circuitCreate.safeParse({ ...circuit, sla_percent: 89.99 }))).toEqual(['sla_percent']);
    expect(paths(circuitCreate.safeParse({ ...circuit, sla_percent: 100.01 }))).toEqual(['sla_percent']);
    expect(paths(circuitCreate.safeParse({ ...circuit, sla_percent: 99.9999 }))).toEqual(['sla_percent']);
    expect(circuitCreate.safeParse({ ...circuit, sla_percent: 99.999 }).success).toBe(true);
    expect(paths(circuitCreate.safeParse({ ...circuit, monthly_cost: '10,555' }))).toEqual(['monthly_cost']);
    expect(paths(circuitCreate.safeParse({ ...circuit, monthly_cost: '-1' }))).toEqual(['monthly_cost']);
    expect(paths(circuitCreate.safeParse({ ...circuit, site_b_id: 1 }))).toEqual(['site_b_id']);
  });

  it('a PUT keeps what it does not carry (no defaults filled in)', () => {
    expect(circuitUpdate.parse({ notes: 'x' })).toEqual({ notes: 'x' });
  });

  it('takes a month YYYY-MM between 2000 and 2100', () => {
    expect(slaQuery.safeParse({ month: '2026-11' }).success).toBe(true);
    expect(slaQuery.safeParse({ month: '2026-13' }).success).toBe(false);
    expect(slaQuery.safeParse({ month: '1999-12' }).success).toBe(false);
  });
});

describe('unavailability schemas', () => {
  const ago = (min: number) => new Date(Date.now() - min * 60_000).toISOString();
  it('refuses an end before the start and moments in the future, all at once', () => {
    const later = new Date(Date.now() + 3600_000).toISOString();
    expect(paths(unavailabilityCreate.safeParse({ circuit_id: 1, started_at: ago(10), ended_at: ago(20), cause: 'Queda', responsibility: 'operadora' }))).toEqual(['ended_at']);
    expect(paths(unavailabilityCreate.safeParse({ circuit_id: 1, started_at: later, ended_at: later, cause: '', responsibility: 'operadora' })).sort()).toEqual(['cause', 'ended_at', 'started_at']);
    expect(unavailabilityCreate.safeParse({ circuit_id: 1, started_at: '2026-11-23T10:00:00-03:00', cause: 'Queda', responsibility: 'forca_maior' }).success).toBe(true);
  });

  it('an update may reopen a period (ended_at null) and carries no circuit', () => {
    expect(unavailabilityUpdate.parse({ ended_at: null, circuit_id: 9 })).toEqual({ ended_at: null });
  });
});
