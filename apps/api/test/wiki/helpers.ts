import type { WikiPageView } from '@operacoes/contract';
import { type TestApp } from '../helpers';

/** The kinds of user every wiki rule is checked as, in the platform organization and in another one. */
export async function wikiUsers(t: TestApp) {
  const otherOrg = await t.createOrganization('Outra Telecom');
  return {
    admin: await t.adminToken(),
    org: (await t.createUser({ permissions: ['ORG'], nickname: 'Carla' })).token,
    orgUser2: (await t.createUser({ permissions: ['ORG'], nickname: 'Bruno' })).token,
    orgIndex: (await t.createUser({ permissions: ['ORG.INDEX'] })).token,
    reader: (await t.createUser({ permissions: ['STOCK'] })).token,
    foreignOrg: (await t.createUser({ permissions: ['ORG'], organizationId: otherOrg })).token,
    otherOrg,
  };
}

/** Creates a page (and fails the test on anything but 201). */
export async function createPage(t: TestApp, token: string, path: string, title: string, body = `<p>${title}</p>`): Promise<WikiPageView> {
  const res = await t.call('POST', '/api/wiki/page', token, { path, title, body });
  if (res.statusCode !== 201) throw new Error(`create ${path}: ${res.statusCode} ${res.body}`);
  return res.json();
}

export const view = async (t: TestApp, token: string, path: string) => t.call('GET', `/api/wiki/page?path=${encodeURIComponent(path)}`, token);
