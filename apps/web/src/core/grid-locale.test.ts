import { describe, expect, it } from 'vitest';
import { GRID_LOCALE_TEXT } from './ResourceList';

describe('grid texts', () => {
  it('are Brazilian Portuguese: no European-Portuguese wording ("Gerir", "Ecrã", "ficheiro", "Deselecionar")', () => {
    const texts = Object.values(GRID_LOCALE_TEXT).filter((v): v is string => typeof v === 'string');
    expect(texts.length).toBeGreaterThan(50);
    const ptPT = texts.filter((t) => /\b(gerir|ecrã|ficheiro|deselecionar|registo|utilizador)\b/i.test(t));
    expect(ptPT).toEqual([]);
    expect(GRID_LOCALE_TEXT.columnMenuManageColumns).toBe('Gerenciar colunas');
  });
});
