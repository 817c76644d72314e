import { describe, expect, it } from 'vitest';
import { fieldPathLabel, violationsText } from './field-labels';

describe('what a reader calls a violation’s field', () => {
  it('names fields, list items and nested fields in pt-BR', () => {
    expect(fieldPathLabel('ended_at')).toBe('Fim');
    expect(fieldPathLabel('members.1')).toBe('Membro 2');
    expect(fieldPathLabel('depends_on.0')).toBe('Depende de 1');
    expect(fieldPathLabel('items.0.quantity')).toBe('Item 1 › Quantidade');
    expect(fieldPathLabel('interfaces.2.name', 'network_asset')).toBe('Interface 3 › Nome');
    expect(fieldPathLabel('path', 'wiki_page')).toBe('Endereço');
  });
  it('keeps an unknown key rather than nothing, and calls the whole body "Registro"', () => {
    expect(fieldPathLabel('zzz_unknown')).toBe('zzz_unknown');
    expect(fieldPathLabel('')).toBe('Registro');
    expect(fieldPathLabel('body')).toBe('Registro');
  });
  it('joins violations into one sentence', () => {
    expect(violationsText([{ propertyPath: 'ended_at', message: 'Deve ser depois do início' }, { propertyPath: 'members.1', message: 'Obrigatório' }])).toBe('Fim: Deve ser depois do início; Membro 2: Obrigatório');
  });
});
