import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { centsToMoney, coveredMinutes, currentMonth, monthBounds, slaFigures, sumMoney, type SlaPeriod } from '../../src/modules/network/circuit/sla';

// The SLA math of the carrier report: property tests against a brute-force minute
// counter, plus worked examples.

const MIN = 60_000;
const DAY = 86_400_000;

/** Walks every minute of the month and asks each period whether it covers the minute's first instant. */
function bruteDowntime(periods: SlaPeriod[], month: { start: number; end: number }, now: number): number {
  let down = 0;
  for (let m = Math.ceil(month.start / MIN) * MIN; m < month.end; m += MIN) {
    if (periods.some((p) => p.counts_for_sla && p.started_at.getTime() <= m && m < (p.ended_at ? p.ended_at.getTime() : now))) down++;
  }
  return down;
}

const monthArb = fc.record({ year: fc.integer({ min: 2015, max: 2030 }), month: fc.integer({ min: 1, max: 12 }) }).map(({ year, month }) => `${year}-${String(month).padStart(2, '0')}`);

const scenario = monthArb.chain((month) => {
  const b = monthBounds(month);
  const span = b.end - b.start;
  const period = fc
    .record({
      offset: fc.integer({ min: -10 * DAY, max: span + 10 * DAY }),
      duration: fc.option(fc.integer({ min: 0, max: 15 * DAY }), { nil: null }),
      counts: fc.boolean(),
    })
    .map(({ offset, duration, counts }): SlaPeriod => ({
      started_at: new Date(b.start + offset),
      ended_at: duration === null ? null : new Date(b.start + offset + duration),
      counts_for_sla: counts,
    }));
  return fc.record({
    month: fc.constant(month),
    periods: fc.array(period, { maxLength: 8 }),
    now: fc.integer({ min: b.start - 5 * DAY, max: b.end + 5 * DAY }),
    sla: fc.integer({ min: 9000, max: 10000 }).map((n) => (n / 100).toFixed(2)),
    cost: fc.integer({ min: 0, max: 100_000_000 }).map((c) => centsToMoney(BigInt(c))),
    factor: fc.integer({ min: 0, max: 50_000 }).map((f) => (f / 10_000).toFixed(4)),
  });
});

describe('SLA math', () => {
  it('downtime equals a brute-force minute count (overlaps merged, clipped, ongoing up to now)', () => {
    fc.assert(
      fc.property(scenario, ({ month, periods, now }) => {
        const b = monthBounds(month);
        const f = slaFigures({ sla_percent: '99.5', monthly_cost: '100.00', credit_factor: '1' }, periods, b, now);
        expect(f.downtime_minutes).toBe(bruteDowntime(periods, b, now));
        expect(f.minutes_in_month).toBe((b.end - b.start) / MIN);
      }),
      { numRuns: 150 },
    );
  });

  it('availability, breach, credit, incidents and MTTR follow their definitions', () => {
    fc.assert(
      fc.property(scenario, ({ month, periods, now, sla, cost, factor }) => {
        const b = monthBounds(month);
        const f = slaFigures({ sla_percent: sla, monthly_cost: cost, credit_factor: factor }, periods, b, now);
        const M = f.minutes_in_month;
        const D = f.downtime_minutes;
        expect(f.availability_percent).toBeCloseTo(100 * (1 - D / M), 6);
        expect(f.breached).toBe(100 * (M - D) * 100 < Number(sla.replace('.', '')) * M);
        // credit: half-up to cents of cost × D / M × factor, only when breached.
        const exactNum = BigInt(cost.replace('.', '')) * BigInt(D) * BigInt(factor.replace('.', '')); // cents × 10^4 × M
        const den = BigInt(M) * 10_000n;
        const credit = BigInt(f.credit.replace('.', ''));
        if (!f.breached) expect(f.credit).toBe('0.00');
        else {
          expect(credit * den * 2n - exactNum * 2n <= den).toBe(true); // at most half a cent above
          expect(exactNum * 2n - credit * den * 2n < den).toBe(true); // less than half a cent below (ties go up)
        }
        expect(f.credit).toMatch(/^\d+\.\d{2}$/);
        const counted = periods.filter((p) => p.counts_for_sla && p.started_at.getTime() < b.end && (p.ended_at ? p.ended_at.getTime() : Math.max(now, p.started_at.getTime())) > Math.max(b.start, p.started_at.getTime()));
        expect(f.incidents).toBe(counted.length);
        const closed = counted.filter((p) => p.ended_at);
        if (closed.length === 0) expect(f.mttr_minutes).toBeNull();
        else expect(f.mttr_minutes).toBeCloseTo(closed.reduce((a, p) => a + (p.ended_at!.getTime() - p.started_at.getTime()) / MIN, 0) / closed.length, 1);
      }),
      { numRuns: 300 },
    );
  });

  it('merging is order-independent and never exceeds the month', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.integer({ min: -1000, max: 50_000 }), fc.integer({ min: 0, max: 5000 })), { maxLength: 20 }), (raw) => {
        const intervals = raw.map(([s, d]) => [s * MIN, (s + d) * MIN] as [number, number]);
        const a = coveredMinutes(intervals, 0, 44_640 * MIN);
        expect(coveredMinutes([...intervals].reverse(), 0, 44_640 * MIN)).toBe(a);
        expect(a).toBeLessThanOrEqual(44_640);
        expect(a).toBeLessThanOrEqual(raw.reduce((t, [, d]) => t + d, 0));
      }),
    );
  });

  describe('worked examples', () => {
    const at = (s: string) => new Date(s);
    it('month boundaries are São Paulo midnights', () => {
      const nov = monthBounds('2026-11');
      expect(new Date(nov.start).toISOString()).toBe('2026-11-01T03:00:00.000Z');
      expect(new Date(nov.end).toISOString()).toBe('2026-12-01T03:00:00.000Z');
      expect(nov.minutes).toBe(30 * 24 * 60);
      expect(monthBounds('2026-02').minutes).toBe(28 * 24 * 60);
      // 2018: daylight saving started on 4 November (one hour shorter) and ended on 18 February 2018.
      expect(monthBounds('2018-11').minutes).toBe(30 * 24 * 60 - 60);
      expect(monthBounds('2018-02').minutes).toBe(28 * 24 * 60 + 60);
      expect(currentMonth(Date.parse('2026-12-01T02:59:00Z'))).toBe('2026-11');
      expect(currentMonth(Date.parse('2026-12-01T03:00:00Z'))).toBe('2026-12');
    });

    it('a 4-hour outage on a 99.5 % circuit of R$ 1.500,00 in a 30-day month', () => {
      // 240 of 43 200 minutes: 99.444444…% < 99.5 → breached; credit 1500 × 240 / 43200 = 8.333… → 8.33.
      const f = slaFigures({ sla_percent: '99.5', monthly_cost: '1500.00', credit_factor: '1' }, [{ started_at: at('2026-11-10T12:00:00Z'), ended_at: at('2026-11-10T16:00:00Z'), counts_for_sla: true }], monthBounds('2026-11'), Date.parse('2026-12-15T00:00:00Z'));
      expect(f).toEqual({ minutes_in_month: 43_200, downtime_minutes: 240, availability_percent: 99.444444, breached: true, incidents: 1, mttr_minutes: 240, credit: '8.33' });
    });

    it('overlapping periods count once, the part outside the month is clipped, and ongoing runs to now', () => {
      const periods: SlaPeriod[] = [
        { started_at: at('2026-10-31T23:00:00Z'), ended_at: at('2026-11-01T04:00:00Z'), counts_for_sla: true }, // 60 min inside November
        { started_at: at('2026-11-05T10:00:00Z'), ended_at: at('2026-11-05T12:00:00Z'), counts_for_sla: true }, // 120
        { started_at: at('2026-11-05T11:00:00Z'), ended_at: at('2026-11-05T13:00:00Z'), counts_for_sla: true }, // +60 (overlap merged)
        { started_at: at('2026-11-06T10:00:00Z'), ended_at: at('2026-11-06T20:00:00Z'), counts_for_sla: false }, // not counted
        { started_at: at('2026-11-20T10:00:00Z'), ended_at: null, counts_for_sla: true }, // ongoing: 90 min until now
      ];
      const f = slaFigures({ sla_percent: '99.9', monthly_cost: '2000.00', credit_factor: '2' }, periods, monthBounds('2026-11'), Date.parse('2026-11-20T11:30:00Z'));
      expect(f.downtime_minutes).toBe(60 + 180 + 90);
      expect(f.incidents).toBe(4);
      expect(f.mttr_minutes).toBe((300 + 120 + 120) / 3);
      expect(f.availability_percent).toBe(99.236111);
      // 2000 × 330 / 43200 × 2 = 30.5555… → 30.56
      expect(f.credit).toBe('30.56');
      expect(f.breached).toBe(true);
    });

    it('exactly at the SLA is not a breach and gives no credit; credit rounds half-up', () => {
      // 216 of 43 200 minutes is exactly 99.5 %.
      const p = (min: number): SlaPeriod[] => [{ started_at: at('2026-11-02T00:00:00Z'), ended_at: new Date(Date.parse('2026-11-02T00:00:00Z') + min * MIN), counts_for_sla: true }];
      const atSla = slaFigures({ sla_percent: '99.50', monthly_cost: '1000.00', credit_factor: '1' }, p(216), monthBounds('2026-11'), Date.now());
      expect(atSla).toMatchObject({ availability_percent: 99.5, breached: false, credit: '0.00' });
      const below = slaFigures({ sla_percent: '99.50', monthly_cost: '1000.00', credit_factor: '1' }, p(217), monthBounds('2026-11'), Date.now());
      expect(below.breached).toBe(true);
      // 1000 × 217 / 43200 = 5.023148… → 5.02; R$ 0,90 × 24 000 / 43 200 = 0.5 → 0.50 exactly; 0.09 × 24000/43200 = 0.05 exactly.
      expect(below.credit).toBe('5.02');
      const tie = slaFigures({ sla_percent: '100', monthly_cost: '0.09', credit_factor: '1' }, p(24_000), monthBounds('2026-11'), Date.now());
      expect(tie.credit).toBe('0.05');
      const halfCent = slaFigures({ sla_percent: '100', monthly_cost: '0.01', credit_factor: '1' }, p(21_600), monthBounds('2026-11'), Date.now());
      expect(halfCent.credit).toBe('0.01'); // 0.005 rounds up
    });

    it('no periods: full availability, no incidents, no MTTR', () => {
      expect(slaFigures({ sla_percent: 99, monthly_cost: '10.00', credit_factor: 1 }, [], monthBounds('2026-11'), Date.now())).toEqual({ minutes_in_month: 43_200, downtime_minutes: 0, availability_percent: 100, breached: false, incidents: 0, mttr_minutes: null, credit: '0.00' });
    });

    it('money sums exactly', () => {
      expect(sumMoney(['0.10', '0.20', '1234.55'])).toBe('1234.85');
      expect(sumMoney([])).toBe('0.00');
    });
  });
});
