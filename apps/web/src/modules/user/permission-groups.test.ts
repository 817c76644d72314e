import { ALL_PERMISSIONS, MODULE_PERMISSIONS } from '@operacoes/contract/permissions';
import { describe, expect, it } from 'vitest';
import { GROUPED_NAMES, levelOf, setLevel } from './permission-groups';

describe('permission editor levels', () => {
  it('groups every module exactly once', () => {
    expect([...GROUPED_NAMES].sort()).toEqual(MODULE_PERMISSIONS.map((p) => p.name).sort());
  });
  it('sets read (.INDEX), full and none', () => {
    let p = setLevel([], 'STOCK', 'read');
    expect(p).toEqual(['STOCK.INDEX']);
    expect(levelOf(p, 'STOCK')).toBe('read');
    p = setLevel(p, 'STOCK', 'full');
    expect(p).toEqual(['STOCK']);
    p = setLevel([...p, 'USER'], 'STOCK', 'none');
    expect(p).toEqual(['USER']);
    expect(levelOf(['LOG.READ'], 'LOG')).toBe('read');
    expect(setLevel(['LOG.READ'], 'LOG', 'none')).toEqual([]);
    for (const x of setLevel([], 'LOG', 'read')) expect(ALL_PERMISSIONS).toContain(x);
  });
});
