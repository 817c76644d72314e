import { describe, expect, it } from 'vitest';
import { assetCreate, assetUpdate, macAddress, siteCreate, siteUpdate } from '.';

const paths = (r: { success: boolean; error?: { issues: { path: PropertyKey[] }[] } }) => (r.error?.issues ?? []).map((i) => i.path.join('.'));

describe('network contract', () => {
  it('reads a MAC in any usual spelling as AA:BB:CC:DD:EE:FF', () => {
    for (const v of ['4c:5e:0c:12:34:56', '4C-5E-0C-12-34-56', '4c5e.0c12.3456', '4c5e0c123456']) expect(macAddress.parse(v)).toBe('4C:5E:0C:12:34:56');
    for (const v of ['4c:5e:0c:12:34', 'zz:5e:0c:12:34:56', '4c:5e:0c:12:34:56:78']) expect(macAddress.safeParse(v).success).toBe(false);
  });

  it('keeps site coordinates in range and in pairs', () => {
    expect(siteCreate.safeParse({ code: 'POP-1', name: 'POP', type: 'pop', latitude: -25.4, longitude: -49.2 }).success).toBe(true);
    expect(siteCreate.safeParse({ code: 'POP-1', name: 'POP', type: 'pop' }).success).toBe(true);
    expect(paths(siteCreate.safeParse({ code: 'POP-1', name: 'POP', type: 'pop', latitude: -25.4 }))).toEqual(['longitude']);
    expect(paths(siteCreate.safeParse({ code: 'POP-1', name: 'POP', type: 'pop', latitude: -91, longitude: 181 }))).toEqual(['latitude', 'longitude']);
    // A PUT carries what it changes; the API checks the pair against the stored row.
    expect(siteUpdate.safeParse({ latitude: 10 }).success).toBe(true);
  });

  it('takes a RouterOS version for MikroTik only, blank fields as none, and refuses repeated interface names', () => {
    const base = { hostname: 'rt-1', role: 'roteador', vendor: 'mikrotik' };
    expect(assetCreate.parse({ ...base, routeros_version: '7.x', management_ip: '', interfaces: [{ name: 'ether1', mac: '' }] })).toMatchObject({ routeros_version: '7.x', management_ip: null, interfaces: [{ name: 'ether1', mac: null, type: 'ethernet', enabled: true }] });
    expect(paths(assetCreate.safeParse({ ...base, vendor: 'huawei', routeros_version: '6.x' }))).toEqual(['routeros_version']);
    expect(paths(assetCreate.safeParse({ ...base, management_ip: '10.0.0.256' }))).toEqual(['management_ip']);
    expect(assetCreate.safeParse({ ...base, management_ip: '2001:db8::1' }).success).toBe(true);
    expect(paths(assetCreate.safeParse({ ...base, interfaces: [{ name: 'ether1' }, { name: 'sfp1' }, { name: 'ETHER1' }] }))).toEqual(['interfaces.2.name']);
    // A PUT without `interfaces` keeps them (no default fills the field in).
    expect(assetUpdate.parse({ model: 'CCR' })).toEqual({ model: 'CCR' });
  });
});
