/**
 * The key figures come from the row the periodic job keeps: a burst of dashboards computes nothing
 * (every answer carries the same `computed_at`), the job's run refreshes them, and a request
 * computes them itself only for a first dashboard or while the job is late.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../helpers';
import { dashboardFigures } from '../../src/modules/dashboard/schema';
import { organizationFigures, refreshAllFigures } from '../../src/modules/dashboard/figures';

describe('dashboard figures kept by the periodic job', () => {
  let t: TestApp;
  let manager: { id: number; token: string };
  let organizationId: number;

  beforeAll(async () => {
    t = await createTestApp();
    manager = await t.createUser({ permissions: ['ORG'] });
    const [me] = (await t.app.db.execute(sql`select organization_id from "user" where id = ${manager.id}`)).rows as { organization_id: number }[];
    organizationId = Number(me.organization_id);
  });
  afterAll(() => t?.close());

  const figuresOf = async () => (await t.call('GET', '/api/dashboard', manager.token)).json().figures as { computed_at: string; stock_value: string };
  const stored = async () => (await t.app.db.select().from(dashboardFigures).where(eq(dashboardFigures.organization_id, organizationId)))[0];

  it('a first dashboard stores them; a burst reads the same row; the job refreshes it; a late job is made up by a request', async () => {
    expect(await stored()).toBeUndefined();
    const first = await figuresOf();
    const row = await stored();
    expect(row.computed_at.toISOString()).toBe(first.computed_at);
    const burst = await Promise.all(Array.from({ length: 20 }, figuresOf));
    expect(new Set(burst.map((f) => f.computed_at))).toEqual(new Set([first.computed_at]));
    expect((await stored()).computed_at.toISOString()).toBe(first.computed_at);

    await new Promise((r) => setTimeout(r, 5));
    expect(await refreshAllFigures(t.app.db)).toBeGreaterThanOrEqual(1);
    const refreshed = (await stored()).computed_at.getTime();
    expect(refreshed).toBeGreaterThan(Date.parse(first.computed_at));
    // Past this process's short memory of the row, a dashboard answers the job's figures (the
    // memory answers its old value once while it reads the row again behind it).
    const soon = Date.now() + 6_000;
    await vi.waitFor(async () => expect((await organizationFigures(t.app.db, organizationId, soon)).computed_at).toBe(new Date(refreshed).toISOString()));

    // The job stopped ten minutes ago: the next read computes them again (and stores them).
    await t.app.db.update(dashboardFigures).set({ computed_at: new Date(Date.now() - 600_000) }).where(eq(dashboardFigures.organization_id, organizationId));
    const late = Date.now() + 12_000;
    await vi.waitFor(async () => expect((await organizationFigures(t.app.db, organizationId, late)).computed_at).toBe(new Date(late).toISOString()));
    expect((await stored()).computed_at.getTime()).toBe(late);
  });
});
