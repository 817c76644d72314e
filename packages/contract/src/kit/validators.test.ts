import { describe, expect, it } from 'vitest';
import { cidr, formatCpfCnpj, ipAddress, isValidCnpj, isValidCpf, money, vlanId } from './validators';
import { settingsWithDefaults } from '../organization-settings';

describe('validators', () => {
  it('CNPJ and CPF check digits', () => {
    expect(isValidCnpj('11.222.333/0001-81')).toBe(true);
    expect(isValidCnpj('11.222.333/0001-82')).toBe(false);
    expect(isValidCnpj('00000000000000')).toBe(false);
    expect(isValidCpf('529.982.247-25')).toBe(true);
    expect(isValidCpf('529.982.247-24')).toBe(false);
  });
  it('IPs, CIDRs, VLANs and money', () => {
    expect(ipAddress.safeParse('10.0.0.1').success).toBe(true);
    expect(ipAddress.safeParse('10.0.0.256').success).toBe(false);
    expect(ipAddress.safeParse('2001:db8::1').success).toBe(true);
    expect(cidr.safeParse('10.0.0.0/24').success).toBe(true);
    expect(cidr.safeParse('10.0.0.0/33').success).toBe(false);
    expect(vlanId.safeParse(4094).success).toBe(true);
    expect(vlanId.safeParse(4095).success).toBe(false);
    expect(money.parse('1234,5')).toBe('1234.5');
    expect(money.parse('1.234,56')).toBe('1234.56');
    expect(money.safeParse('1,234.56').success).toBe(false);
    expect(money.safeParse('1.234.56').success).toBe(false);
  });
  it('settings sections fall back to their defaults', () => {
    expect(settingsWithDefaults('warehouse', undefined)).toMatchObject({ patrimony_prefix: 'PAT-', patrimony_digits: 6 });
    expect(settingsWithDefaults('warehouse', { patrimony_prefix: 'ALM-' }).patrimony_prefix).toBe('ALM-');
  });

  it('shows a CPF or CNPJ as people read it', () => {
    expect(formatCpfCnpj('12345678909')).toBe('123.456.789-09');
    expect(formatCpfCnpj('11222333000181')).toBe('11.222.333/0001-81');
    expect(formatCpfCnpj('11.222.333/0001-81')).toBe('11.222.333/0001-81');
    expect(formatCpfCnpj('123')).toBe('123');
    expect(formatCpfCnpj(null)).toBe('');
  });
});
