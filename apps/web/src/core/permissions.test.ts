import { describe, expect, it } from 'vitest';
import { buildMenu, visibleMenu } from './layout/menu';

const MENU = buildMenu(() => true);
import { can, canSeeRoute, hasAnyPermission } from './permissions';

// SPEC §6's ungated routes, and the wiki (reading it needs only a login, DESIGN §3)
const ALWAYS = ['/', '/warehouse', '/report', '/organization-settings', '/wiki', '/faq'];
const menuPaths = (perms: string[], superAdmin: 0 | 1 = 0) =>
  visibleMenu(MENU, (gate) => canSeeRoute({ permissions: perms, super_admin: superAdmin }, gate)).flatMap((g) =>
    g.entries.map((e) => e.path),
  );

describe('the permission rule (SPEC §6)', () => {
  it('passes when nothing is required, or when any one required name is held', () => {
    expect(hasAnyPermission([], [])).toBe(true);
    expect(hasAnyPermission(['A'], ['B', 'A'])).toBe(true);
    expect(hasAnyPermission(['A'], ['B'])).toBe(false);
    expect(hasAnyPermission(undefined, ['B'])).toBe(false);
  });
  it('a module name or its .INDEX form opens the route', () => {
    expect(canSeeRoute({ permissions: ['USER'] }, '/user')).toBe(true);
    expect(canSeeRoute({ permissions: ['USER.INDEX'] }, '/user')).toBe(true);
    expect(canSeeRoute({ permissions: ['STOCK'] }, '/user')).toBe(false);
    expect(canSeeRoute({ permissions: ['LOG.READ'] }, '/revision')).toBe(true);
    expect(canSeeRoute({ permissions: ['CITY.INDEX'] }, '/locale')).toBe(true);
  });
  it('super admins pass every check', () => {
    expect(can({ permissions: [], super_admin: 1 }, ['USER'])).toBe(true);
    expect(can({ permissions: [], super_admin: 0 }, ['USER'])).toBe(false);
  });
});

describe('side menu (SPEC §2)', () => {
  it('shows the ungated entries to everyone', () => {
    expect(menuPaths([])).toEqual(ALWAYS);
  });
  it('with only STOCK.INDEX shows only the stock entries (stocks and the technicians\' vans) among gated modules', () => {
    expect(menuPaths(['STOCK.INDEX']).filter((p) => !ALWAYS.includes(p))).toEqual(['/stock', '/van']);
  });
  it('shows every module to a super admin', () => {
    expect(menuPaths([], 1).length).toBe(MENU.flatMap((g) => g.entries).length);
  });
  it('shows each gated entry for its permission', () => {
    expect(menuPaths(['VIABILITY_TEMPLATE_PRODUCT.INDEX'])).toEqual(
      expect.arrayContaining(['/viability', '/viability/unit/template']),
    );
    expect(menuPaths(['ASSET_SHIPMENT'])).toEqual(expect.arrayContaining(['/shipment', '/shipment-solicitation']));
  });
});
