import { describe, expect, it } from 'vitest';
import { cidrsOverlap, formatIp, normalizeCidr, parseCidr, parseIp, pointToPointEnds } from './ip';
import { lmxCreate, svcCreate } from '../network';

const block = (s: string) => parseCidr(s)!;

describe('IP arithmetic', () => {
  it('parses and writes IPv4 and IPv6 canonically (RFC 5952)', () => {
    expect(formatIp(parseIp('10.0.0.5')!)).toBe('10.0.0.5');
    expect(formatIp(parseIp('2001:0DB8:0000:0000:0000:0000:0000:0001')!)).toBe('2001:db8::1');
    expect(formatIp(parseIp('2001:db8:0:0:1:0:0:1')!)).toBe('2001:db8::1:0:0:1');
    expect(formatIp(parseIp('::ffff:10.0.0.1')!)).toBe('::ffff:a00:1');
    expect(formatIp(parseIp('::')!)).toBe('::');
    expect(parseIp('10.0.0.256')).toBeNull();
  });

  it('refuses a block with host bits, suggesting its network', () => {
    expect(normalizeCidr('10.0.0.5/30')).toEqual({ ok: false, message: 'O bloco 10.0.0.5/30 não é o início da rede: use 10.0.0.4/30' });
    expect(normalizeCidr('2001:DB8::/48')).toEqual({ ok: true, cidr: '2001:db8::/48' });
    expect(normalizeCidr('2001:db8::1/64')).toMatchObject({ ok: false, message: expect.stringContaining('use 2001:db8::/64') });
    expect(normalizeCidr('10.0.0.0/33').ok).toBe(false);
  });

  it('tells nested, equal and adjacent blocks apart', () => {
    expect(cidrsOverlap(block('10.0.0.0/24'), block('10.0.0.128/25'))).toBe(true);
    expect(cidrsOverlap(block('10.0.0.0/24'), block('10.0.0.0/24'))).toBe(true);
    expect(cidrsOverlap(block('10.0.0.0/25'), block('10.0.0.128/25'))).toBe(false);
    expect(cidrsOverlap(block('2001:db8::/48'), block('2001:db8:0:ff::/64'))).toBe(true);
    expect(cidrsOverlap(block('2001:db8::/48'), block('2001:db9::/48'))).toBe(false);
    expect(cidrsOverlap(block('10.0.0.0/8'), block('::/0'))).toBe(false);
  });

  it('gives the ends of point-to-point subnets', () => {
    expect(pointToPointEnds('10.255.0.0/30')).toEqual({ from: '10.255.0.1', to: '10.255.0.2', prefix: 30 });
    expect(pointToPointEnds('10.255.0.4/31')).toEqual({ from: '10.255.0.4', to: '10.255.0.5', prefix: 31 });
    expect(pointToPointEnds('2001:db8::/127')).toEqual({ from: '2001:db8::', to: '2001:db8::1', prefix: 127 });
    expect(pointToPointEnds('10.255.0.0/29')).toBeNull();
    expect(pointToPointEnds('10.255.0.1/30')).toBeNull();
  });
});

describe('SVC and LMX bodies', () => {
  const svc = { code: 'SVC-1', client_name: 'Cliente', client_document: '11.222.333/0001-81', type: 'internet_dedicada', bandwidth_mbps: 100 };
  it('keeps the gateway inside the block and normalises the block', () => {
    expect(svcCreate.parse({ ...svc, ip_block: '2001:DB8::/64', gateway: '2001:db8::1' }).ip_block).toBe('2001:db8::/64');
    const out = svcCreate.safeParse({ ...svc, ip_block: '10.0.0.0/30', gateway: '10.0.0.9' });
    expect(out.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['gateway', 'O gateway 10.0.0.9 está fora do bloco 10.0.0.0/30']]);
  });
  it('asks for the circuit exactly when the medium is an operator circuit', () => {
    const seg = { lmc_id: 1, from_asset_id: 1, from_interface_id: 1, to_asset_id: 2, to_interface_id: 2, capacity_mbps: 100 };
    expect(lmxCreate.safeParse({ ...seg, medium: 'circuito_operadora' }).error?.issues[0].path).toEqual(['circuit_id']);
    expect(lmxCreate.safeParse({ ...seg, medium: 'radio', circuit_id: 3 }).error?.issues[0].path).toEqual(['circuit_id']);
    expect(lmxCreate.safeParse({ ...seg, medium: 'radio', subnet: '10.0.0.0/29' }).success).toBe(false);
  });
});
