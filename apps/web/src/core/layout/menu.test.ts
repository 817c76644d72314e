import { describe, expect, it } from 'vitest';
import { builtPaths } from '../../routes';
import { buildMenu, builtEntries } from './menu';

const MENU = buildMenu((path) => builtPaths.has(path));

describe('menu "em breve" flags', () => {
  it('flags exactly the entries whose page is a placeholder, and keeps the SPEC §2 groups', () => {
    expect(MENU.map((g) => g.label ?? '')).toEqual(['', 'Viabilidade', 'Almoxarifado', 'Logística', 'Campo', 'Rede', 'Administração']);
    expect(MENU.flatMap((g) => g.entries).filter((e) => e.soon).map((e) => e.path)).toContain('/faq');
    expect(MENU.flatMap((g) => g.entries).find((e) => e.path === '/viability')?.soon).toBeUndefined();
    expect(MENU.flatMap((g) => g.entries).find((e) => e.path === '/project')?.soon).toBeUndefined();
    expect(MENU.flatMap((g) => g.entries).find((e) => e.path === '/lmc')?.soon).toBeUndefined();
  });
  const entries = MENU.flatMap((g) => g.entries).filter((e) => e.path !== '/');
  it('an entry without the flag opens a built page', () => {
    for (const e of entries.filter((x) => !x.soon)) expect(builtPaths.has(e.path), e.path).toBe(true);
  });
  it('an entry flagged "em breve" has no built page yet (building it flips the flag)', () => {
    for (const e of entries.filter((x) => x.soon)) expect(builtPaths.has(e.path), e.path).toBe(false);
  });
  it('the dashboard tiles leave flagged modules out', () => {
    expect(builtEntries(MENU).some((e) => e.soon)).toBe(false);
    expect(builtEntries(MENU).map((e) => e.path)).toContain('/stock');
  });
});
