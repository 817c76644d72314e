import { IMask } from 'react-imask';
import { describe, expect, it } from 'vitest';
import { MASKS, type MaskKind } from './masks';

const typed = (kind: MaskKind, digits: string) => {
  const m = IMask.createMask(MASKS[kind]);
  m.resolve(digits);
  return m.value;
};

describe('input masks', () => {
  it('masks CPF, CNPJ and CEP as typed', () => {
    expect(typed('cpf', '12345678909')).toBe('123.456.789-09');
    expect(typed('cpf', '1234')).toBe('123.4');
    expect(typed('cnpj', '11222333000181')).toBe('11.222.333/0001-81');
    expect(typed('cep', '80010000')).toBe('80010-000');
  });
  it('CPF/CNPJ switches to the CNPJ mask past 11 digits', () => {
    expect(typed('cpfCnpj', '12345678909')).toBe('123.456.789-09');
    expect(typed('cpfCnpj', '112223330001')).toBe('11.222.333/0001');
    expect(typed('cpfCnpj', '11222333000181')).toBe('11.222.333/0001-81');
  });
  it('phone: landline with 10 digits, mobile with 11', () => {
    expect(typed('phone', '4130001234')).toBe('(41) 3000-1234');
    expect(typed('phone', '41987654321')).toBe('(41) 98765-4321');
  });
  it('re-masks text that arrives already punctuated or as digits from the API', () => {
    expect(typed('cnpj', '11.222.333/0001-81')).toBe('11.222.333/0001-81');
    expect(typed('phone', '(41) 3000-1234')).toBe('(41) 3000-1234');
  });
});
