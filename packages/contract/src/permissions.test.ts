import { describe, expect, it } from 'vitest';
import { ALL_PERMISSIONS, hasAnyPermission, routeRequirement } from './permissions';

describe('hasAnyPermission (SPEC §6)', () => {
  it('passes when nothing is required', () => {
    expect(hasAnyPermission([], [])).toBe(true);
    expect(hasAnyPermission(undefined, [])).toBe(true);
  });
  it('passes when the user holds any one of the required names', () => {
    expect(hasAnyPermission(['STOCK.INDEX'], routeRequirement('/stock'))).toBe(true);
    expect(hasAnyPermission(['SECTION'], routeRequirement('/patrimony-area'))).toBe(true);
  });
  it('fails when the user holds none', () => {
    expect(hasAnyPermission(['STOCK.INDEX'], routeRequirement('/user'))).toBe(false);
    expect(hasAnyPermission(undefined, ['USER'])).toBe(false);
  });
  it('LOG.READ opens the revision log', () => {
    expect(hasAnyPermission(['LOG.READ'], routeRequirement('/revision'))).toBe(true);
  });
  it('every module name has an .INDEX form', () => {
    expect(ALL_PERMISSIONS).toContain('USER.INDEX');
    expect(ALL_PERMISSIONS).toContain('LOG.READ');
  });
});
