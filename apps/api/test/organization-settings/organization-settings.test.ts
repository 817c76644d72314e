import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers';
import { fixture } from '../viability/helpers';

describe('organization settings', () => {
  let t: TestApp;
  beforeAll(async () => (t = await createTestApp()));
  afterAll(() => t.close());

  it('every section answers its defaults, is saved per organization, validated and audited', async () => {
    const boss = await t.createUser({ permissions: ['ORG', 'LOG'] });
    for (const section of ['external-activity', 'viability', 'warehouse', 'logistic', 'mikrotik']) {
      expect((await t.call('GET', `/api/organization-settings/${section}`, boss.token)).statusCode).toBe(200);
    }
    const wh = (await t.call('GET', '/api/organization-settings/warehouse', boss.token)).json();
    expect(wh).toEqual({ patrimony_prefix: 'PAT-', patrimony_digits: 6, out_request_needs_approval: true, low_stock_alerts: true });
    const saved = await t.call('PUT', '/api/organization-settings/warehouse', boss.token, { ...wh, patrimony_prefix: 'ALM-', low_stock_alerts: false });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().patrimony_prefix).toBe('ALM-');
    const other = await t.createUser({ permissions: ['ORG'], organizationId: await t.createOrganization() });
    expect((await t.call('GET', '/api/organization-settings/warehouse', other.token)).json().patrimony_prefix).toBe('PAT-');
    const log = (await t.call('GET', '/api/revision?entity=organization_settings', boss.token)).json();
    expect(log.items[0].changes).toEqual({ 'warehouse.patrimony_prefix': ['PAT-', 'ALM-'], 'warehouse.low_stock_alerts': [true, false] });
  });

  it('validates IPs and VLANs of the MikroTik section; writes need ORG', async () => {
    const boss = await t.createUser({ permissions: ['ORG'] });
    const mk = (await t.call('GET', '/api/organization-settings/mikrotik', boss.token)).json();
    const bad = await t.call('PUT', '/api/organization-settings/mikrotik', boss.token, { ...mk, dns_servers: ['8.8.8.888'], management_vlan: 5000 });
    expect(bad.statusCode).toBe(422);
    const paths = bad.json().violations.map((v: { propertyPath: string }) => v.propertyPath);
    expect(paths).toContain('dns_servers.0');
    expect(paths).toContain('management_vlan');
    expect((await t.call('GET', '/api/organization-settings/mikrotik', boss.token)).json()).toEqual(mk);
    const ok = await t.call('PUT', '/api/organization-settings/mikrotik', boss.token, { ...mk, management_vlan: 100, syslog_server: '10.0.0.5' });
    expect(ok.json().management_vlan).toBe(100);
    const user = await t.createUser({ permissions: ['USER'] });
    expect((await t.call('PUT', '/api/organization-settings/mikrotik', user.token, mk)).statusCode).toBe(403);
  });

  it('the MikroTik section (SNMP community) is read only by ORG, super admins and network permissions; other sections by any member', async () => {
    const boss = await t.createUser({ permissions: ['ORG'] });
    const mk = (await t.call('GET', '/api/organization-settings/mikrotik', boss.token)).json();
    await t.call('PUT', '/api/organization-settings/mikrotik', boss.token, { ...mk, snmp_community: 'comunidade-secreta' });
    for (const permissions of [[], ['USER'], ['STOCK', 'ASSET_SHIPMENT', 'DATA_SOURCE']]) {
      const member = await t.createUser({ permissions });
      const res = await t.call('GET', '/api/organization-settings/mikrotik', member.token);
      expect(res.statusCode, permissions.join()).toBe(403);
      expect(res.json().message).toBe('Você não tem permissão para esta ação.');
      expect(res.body).not.toContain('comunidade-secreta');
      expect((await t.call('GET', '/api/organization-settings/logistic', member.token)).statusCode).toBe(200);
    }
    for (const permissions of [['ORG'], ['SITE'], ['NETWORK_ASSET.INDEX'], ['OPERATOR_CIRCUIT']]) {
      const reader = await t.createUser({ permissions });
      const res = await t.call('GET', '/api/organization-settings/mikrotik', reader.token);
      expect(res.statusCode, permissions.join()).toBe(200);
      expect(res.json().snmp_community).toBe('comunidade-secreta');
    }
    expect((await t.call('GET', '/api/organization-settings/mikrotik', await t.adminToken())).statusCode).toBe(200);
  });

  it('an id in a settings body must be a row of the organization: a template of another organization or an unknown id is 422 and nothing changes', async () => {
    const boss = await t.createUser({ permissions: ['ORG'] });
    const mine = await fixture(t, boss.organizationId);
    const theirs = await fixture(t, await t.createOrganization());
    const before = (await t.call('GET', '/api/organization-settings/viability', boss.token)).json();
    for (const id of [theirs.templateId, 99999]) {
      const res = await t.call('PUT', '/api/organization-settings/viability', boss.token, { ...before, default_template_id: id, margin_percent: 45 });
      expect(res.statusCode, String(id)).toBe(422);
      expect(res.json().violations).toEqual([{ propertyPath: 'default_template_id', message: 'Modelo de unidade padrão: não encontrado nesta organização' }]);
      expect((await t.call('GET', '/api/organization-settings/viability', boss.token)).json()).toEqual(before);
    }
    const ok = await t.call('PUT', '/api/organization-settings/viability', boss.token, { ...before, default_template_id: mine.templateId });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().default_template_id).toBe(mine.templateId);
  });
});
