import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import { userResource } from '@operacoes/contract';
import { revisions } from '../../src/modules/revision/schema';
import { describeCrud } from '../crud-suite';
import { realPng } from '../files/images';
import { createTestApp, PASSWORD, type TestApp } from '../helpers';

/** Usernames and e-mails from a counter: unique in the file by construction, never random. */
let seq = 0;

describeCrud(userResource, {
  valid: (n) => ({
    username: `joao.${n}.${++seq}`,
    email: `joao${n}.${seq}@example.com`,
    password: 'uma-senha-forte',
    person: { nickname: `João ${n}`, full_name: `João da Conceição ${n}` },
    permissions: ['USER.INDEX'],
  }),
  invalid: [
    { username: 'ab', email: 'x@example.com', password: 'uma-senha-forte', person: { nickname: 'a', full_name: 'b' } },
    { username: 'valido', email: 'não-é-email', password: 'uma-senha-forte', person: { nickname: 'a', full_name: 'b' } },
    { username: 'valido', email: 'v@example.com', password: 'curta', person: { nickname: 'a', full_name: 'b' } },
    { username: 'valido', email: 'v@example.com', password: 'uma-senha-forte', person: { nickname: 'a', full_name: 'b' }, permissions: ['INVENTADA'] },
  ],
  update: {
    body: { person: { nickname: 'Joãozinho', full_name: 'João Atualizado' }, permissions: ['USER'] },
    expect: (r) => {
      expect((r.person as { nickname: string }).nickname).toBe('Joãozinho');
      expect(r.permissions).toEqual(['USER']);
    },
  },
  search: 'conceicao',
  foreign: async (t, other) => {
    const holder = await t.createUser({ permissions: ['ORG'], organizationId: other });
    const unit = (await t.call('POST', '/api/unit-organizational', holder.token, { name: 'Unidade alheia', code: 'ALHEIA' })).json();
    return { username: `alheio.${++seq}`, email: `alheio${seq}@example.com`, password: 'uma-senha-forte', person: { nickname: 'Alheio', full_name: 'Pessoa Alheia' }, unit_organizational_id: unit.id };
  },
});

describe('users: rules', () => {
  let t: TestApp;
  let manager: Awaited<ReturnType<TestApp['createUser']>>;
  beforeAll(async () => {
    t = await createTestApp();
    manager = await t.createUser({ permissions: ['USER', 'ORG', 'STOCK'] });
  });
  afterAll(() => t.close());

  const newUser = (extra: Record<string, unknown> = {}) => ({
    username: `maria${++seq}`,
    email: `maria${seq}@example.com`,
    password: 'senha-da-maria',
    person: { nickname: 'Maria', full_name: 'Maria Silva' },
    ...extra,
  });

  it('answers the read shape without secrets', async () => {
    const res = await t.call('POST', '/api/user', manager.token, newUser({ permissions: ['STOCK.INDEX'] }));
    expect(res.statusCode).toBe(201);
    const u = res.json();
    expect(u).toMatchObject({ person: { nickname: 'Maria' }, permissions: ['STOCK.INDEX'], super_admin: 0, is_active: true });
    expect(JSON.stringify(u)).not.toMatch(/password|hash|token_version/);
    const login = await t.call('POST', '/api/login', undefined, { username: u.username, password: 'senha-da-maria' });
    expect(login.statusCode).toBe(200);
  });

  it('refuses duplicate usernames with 409', async () => {
    const body = newUser();
    expect((await t.call('POST', '/api/user', manager.token, body)).statusCode).toBe(201);
    const again = await t.call('POST', '/api/user', manager.token, { ...body, email: 'outro@example.com' });
    expect(again.statusCode).toBe(409);
  });

  it('a non-super-admin cannot grant permissions they lack, nor super admin', async () => {
    const a = await t.call('POST', '/api/user', manager.token, newUser({ permissions: ['LOG'] }));
    expect(a.statusCode).toBe(403);
    const b = await t.call('POST', '/api/user', manager.token, newUser({ super_admin: true }));
    expect(b.statusCode).toBe(403);
  });

  it('filters by isActive and searches accent-insensitively', async () => {
    const u = (await t.call('POST', '/api/user', manager.token, newUser({ person: { nickname: 'Conceição', full_name: 'Zuleica Conceição' } }))).json();
    await t.call('PUT', `/api/user/${u.id}`, manager.token, { is_active: false });
    const all = (await t.call('GET', '/api/user?search=ZULEICA%20conceicao', manager.token)).json();
    expect(all.items.map((i: { id: number }) => i.id)).toEqual([u.id]);
    const active = (await t.call('GET', '/api/user?search=zuleica&isActive=true', manager.token)).json();
    expect(active.total_items).toBe(0);
    const noFilter = (await t.call('GET', '/api/user?search=zuleica&isActive=false', manager.token)).json();
    expect(noFilter.total_items).toBe(1);
  });

  it('deactivating a user revokes their tokens at once', async () => {
    const victim = await t.createUser({ permissions: ['USER.INDEX'] });
    expect((await t.call('GET', '/api/user', victim.token)).statusCode).toBe(200);
    expect((await t.call('PUT', `/api/user/${victim.id}`, manager.token, { is_active: false })).statusCode).toBe(200);
    expect((await t.call('GET', '/api/user', victim.token)).statusCode).toBe(401);
    const login = await t.call('POST', '/api/login', undefined, { username: victim.username, password: PASSWORD });
    expect(login.statusCode).toBe(403);
    expect(login.json().message).toMatch(/inativo/);
  });

  it('deletes a user without history, deactivates one with history', async () => {
    const fresh = (await t.call('POST', '/api/user', manager.token, newUser())).json();
    expect((await t.call('DELETE', `/api/user/${fresh.id}`, manager.token)).statusCode).toBe(204);
    expect((await t.call('GET', `/api/user/${fresh.id}`, manager.token)).statusCode).toBe(404);

    const worker = await t.createUser({ permissions: ['USER'] });
    await t.call('POST', '/api/user', worker.token, newUser()); // gives the worker history
    const res = await t.call('DELETE', `/api/user/${worker.id}`, manager.token);
    expect(res.statusCode).toBe(200);
    expect(res.json().deactivated).toBe(true);
    const kept = (await t.call('GET', `/api/user/${worker.id}`, manager.token)).json();
    expect(kept.is_active).toBe(false);
  });

  it('cannot delete oneself', async () => {
    expect((await t.call('DELETE', `/api/user/${manager.id}`, manager.token)).statusCode).toBe(409);
  });

  it('joins and leaves units (SPEC §7 calls)', async () => {
    const unit = (await t.call('POST', '/api/unit-organizational', manager.token, { name: 'Regional Sul', code: 'SUL' })).json();
    const u = (await t.call('POST', '/api/user', manager.token, newUser())).json();
    const joined = await t.call('PUT', `/api/user/${u.id}/insert/unit/${unit.id}`, manager.token);
    expect(joined.statusCode).toBe(200);
    expect(joined.json().units).toEqual([{ id: unit.id, name: 'Regional Sul' }]);
    // A unit with members cannot be deleted.
    expect((await t.call('DELETE', `/api/unit-organizational/${unit.id}`, manager.token)).statusCode).toBe(409);
    const left = await t.call('PUT', `/api/user/${u.id}/remove/unit/${unit.id}`, manager.token);
    expect(left.json().units).toEqual([]);
    await t.call('PUT', `/api/user/${u.id}/insert/unit/${unit.id}`, manager.token);
    const viaDelete = await t.call('DELETE', `/api/user/${u.id}/remove/unit/${unit.id}`, manager.token);
    expect(viaDelete.json().units).toEqual([]);
    expect((await t.call('DELETE', `/api/user/${u.id}/remove/unit/${unit.id}`, manager.token)).statusCode).toBe(404);
    // Another organization's unit is not found.
    const other = await t.createOrganization();
    const foreigner = await t.createUser({ permissions: ['ORG'], organizationId: other });
    const foreignUnit = (await t.call('POST', '/api/unit-organizational', foreigner.token, { name: 'Filial', code: 'FIL' })).json();
    expect((await t.call('PUT', `/api/user/${u.id}/insert/unit/${foreignUnit.id}`, manager.token)).statusCode).toBe(404);
    expect((await t.call('PUT', `/api/user/${u.id}/insert/unit/${unit.id}`, foreigner.token)).statusCode).toBe(403);
  });

  it('GET/PUT /api/me: profile and settings of the current user', async () => {
    const me = await t.createUser();
    const res = await t.call('GET', '/api/me', me.token);
    expect(res.statusCode).toBe(200);
    expect(res.json().settings).toMatchObject({ theme: 1, pageSize: 10, layout: 'standart', sandwichMenuOpen: true });
    const put = await t.call('PUT', '/api/me', me.token, { person: { nickname: 'Novo apelido' }, settings: { theme: 0, pageSize: 25 } });
    expect(put.statusCode).toBe(200);
    expect(put.json().person.nickname).toBe('Novo apelido');
    expect(put.json().settings).toMatchObject({ theme: 0, pageSize: 25, layout: 'standart' });
    const session = await t.login(me.username);
    expect((session as unknown as { user: { settings: { theme: number } } }).user.settings.theme).toBe(0);
    expect((await t.call('PUT', '/api/me', me.token, { settings: { theme: 5 } })).statusCode).toBe(422);
  });

  it('uploads a profile picture (type checked by content, size limited)', async () => {
    const me = await t.createUser();
    const png = await realPng();
    const form = (content: Buffer, type: string, name: string) => {
      const boundary = '----operacoes' + Math.random().toString(16).slice(2);
      const body = Buffer.concat([
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: ${type}\r\n\r\n`),
        content,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      return { body, headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, authorization: `Bearer ${me.token}` } };
    };
    const ok = form(png, 'image/png', 'eu.png');
    const res = await t.app.inject({ method: 'POST', url: '/api/me/picture', payload: ok.body, headers: ok.headers });
    expect(res.statusCode, res.body).toBe(200);
    const picture = res.json().picture as string;
    expect(picture).toMatch(/^\/api\/files\/[a-f0-9]{32}\.png$/);
    const file = await t.app.inject({ method: 'GET', url: picture, headers: { authorization: `Bearer ${me.token}` } });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    const fake = form(Buffer.from('<script>alert(1)</script>'), 'image/png', 'x.png');
    expect((await t.app.inject({ method: 'POST', url: '/api/me/picture', payload: fake.body, headers: fake.headers })).statusCode).toBe(415);
    const big = form(Buffer.concat([png, Buffer.alloc(3 * 1024 * 1024)]), 'image/png', 'big.png');
    expect((await t.app.inject({ method: 'POST', url: '/api/me/picture', payload: big.body, headers: big.headers })).statusCode).toBe(413);
  });
});

describe('users: a manager manages only users who hold no more than they do', () => {
  let t: TestApp;
  let manager: Awaited<ReturnType<TestApp['createUser']>>;
  let n = 0;
  const STRONG = 'tomada-de-conta-7x';
  const body = (extra: Record<string, unknown> = {}) => {
    n++;
    return { username: `alvo.${n}`, email: `alvo.${n}@example.com`, password: 'senha-do-alvo-42', person: { nickname: `Alvo ${n}`, full_name: `Alvo Número ${n}` }, ...extra };
  };
  beforeAll(async () => {
    t = await createTestApp();
    manager = await t.createUser({ permissions: ['USER'] });
  });
  afterAll(() => t.close());

  it('cannot take over a super admin of the same organization (password, e-mail, anything)', async () => {
    const boss = await t.createUser({ superAdmin: true, organizationId: manager.organizationId });
    for (const change of [{ password: STRONG }, { email: 'meu@example.com' }, { permissions: [] }, { is_active: false }, { person: { nickname: 'x', full_name: 'y' } }]) {
      const res = await t.call('PUT', `/api/user/${boss.id}`, manager.token, change);
      expect(res.statusCode, JSON.stringify(change)).toBe(403);
      expect(res.json().message).toMatch(/super administrador/);
    }
    expect((await t.call('DELETE', `/api/user/${boss.id}`, manager.token)).statusCode).toBe(403);
    expect((await t.call('POST', '/api/login', undefined, { username: boss.username, password: STRONG })).statusCode).toBe(401);
    const still = (await t.call('GET', `/api/user/${boss.id}`, manager.token)).json();
    expect(still).toMatchObject({ super_admin: 1, is_active: true, email: `${boss.username}@example.com` });
    expect((await t.call('GET', '/api/me', boss.token)).statusCode).toBe(200);
  });

  it('cannot change a user holding a permission the manager lacks', async () => {
    const stronger = await t.createUser({ permissions: ['USER', 'LOG'] });
    const res = await t.call('PUT', `/api/user/${stronger.id}`, manager.token, { password: STRONG });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toMatch(/LOG/);
    expect((await t.call('DELETE', `/api/user/${stronger.id}`, manager.token)).statusCode).toBe(403);
    const unit = (await t.call('POST', '/api/unit-organizational', (await t.createUser({ permissions: ['ORG'] })).token, { name: `U${n}`, code: `U${n}` })).json();
    expect((await t.call('PUT', `/api/user/${stronger.id}/insert/unit/${unit.id}`, manager.token)).statusCode).toBe(403);
    expect((await t.call('POST', '/api/login', undefined, { username: stronger.username, password: STRONG })).statusCode).toBe(401);
  });

  it('may change a user holding no more (X covers X.INDEX)', async () => {
    const weaker = await t.createUser({ permissions: ['USER.INDEX'] });
    expect((await t.call('PUT', `/api/user/${weaker.id}`, manager.token, { person: { nickname: 'Ok', full_name: 'Ok Ok' } })).statusCode).toBe(200);
  });

  it('never grants what it does not hold, nor super admin, on create and on update', async () => {
    const a = await t.call('POST', '/api/user', manager.token, body({ permissions: ['STOCK'] }));
    expect(a.statusCode).toBe(403);
    const b = await t.call('POST', '/api/user', manager.token, body({ super_admin: true }));
    expect(b.statusCode).toBe(403);
    expect(b.json().message).toMatch(/super administrador/);
    const created = (await t.call('POST', '/api/user', manager.token, body({ permissions: ['USER.INDEX'] }))).json();
    expect((await t.call('PUT', `/api/user/${created.id}`, manager.token, { permissions: ['USER', 'STOCK'] })).statusCode).toBe(403);
    expect((await t.call('PUT', `/api/user/${created.id}`, manager.token, { super_admin: 1 })).statusCode).toBe(403);
    // Nor on oneself.
    expect((await t.call('PUT', `/api/user/${manager.id}`, manager.token, { permissions: ['USER', 'LOG'] })).statusCode).toBe(403);
    expect((await t.call('PUT', `/api/user/${manager.id}`, manager.token, { super_admin: true })).statusCode).toBe(403);
    const me = (await t.call('GET', `/api/user/${created.id}`, manager.token)).json();
    expect(me).toMatchObject({ permissions: ['USER.INDEX'], super_admin: 0 });
  });

  it('a super admin may change another super admin', async () => {
    const boss = await t.createUser({ superAdmin: true });
    const other = await t.createUser({ superAdmin: true });
    expect((await t.call('PUT', `/api/user/${other.id}`, boss.token, { person: { nickname: 'Outro', full_name: 'Outro Super' } })).statusCode).toBe(200);
  });

  it("changing another user's password or e-mail ends their sessions and is audited", async () => {
    for (const change of [{ password: STRONG }, { email: `novo.${n}@example.com` }]) {
      const target = await t.createUser({ permissions: ['USER.INDEX'] });
      expect((await t.call('GET', '/api/me', target.token)).statusCode).toBe(200);
      const res = await t.call('PUT', `/api/user/${target.id}`, manager.token, change);
      expect(res.statusCode, res.body).toBe(200);
      expect((await t.call('GET', '/api/me', target.token)).statusCode).toBe(401);
      const [rev] = await t.app.db
        .select()
        .from(revisions)
        .where(and(eq(revisions.entity, 'user'), eq(revisions.entity_id, target.id)))
        .orderBy(desc(revisions.id))
        .limit(1);
      expect(rev.user_id).toBe(manager.id);
      expect(rev.changes).toHaveProperty('password' in change ? 'password' : 'email');
      if ('password' in change) expect(rev.changes).toEqual(expect.objectContaining({ password: ['***', '***'] }));
    }
    // A change that keeps password and e-mail keeps the sessions.
    const kept = await t.createUser({ permissions: ['USER.INDEX'] });
    await t.call('PUT', `/api/user/${kept.id}`, manager.token, { email: `${kept.username.toUpperCase()}@example.com`, person: { nickname: 'Mesmo', full_name: 'Mesmo Usuário' } });
    expect((await t.call('GET', '/api/me', kept.token)).statusCode).toBe(200);
  });
});

describe('users: organization of a new user', () => {
  let t: TestApp;
  let admin: string;
  let n = 0;
  const body = (extra: Record<string, unknown> = {}) => {
    n++;
    return { username: `membro.${n}`, email: `membro.${n}@example.com`, password: 'senha-do-membro-42', person: { nickname: `Membro ${n}`, full_name: `Membro ${n}` }, ...extra };
  };
  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.adminToken();
  });
  afterAll(() => t.close());

  const unitOf = async (organizationId: number) => {
    const orgAdmin = await t.createUser({ permissions: ['ORG'], organizationId });
    return (await t.call('POST', '/api/unit-organizational', orgAdmin.token, { name: `Regional ${n}`, code: `R${n}` })).json() as { id: number };
  };

  it('a super admin creates a user in another organization, with a unit of that organization', async () => {
    const orgId = await t.createOrganization('Provedor Novo');
    const unit = await unitOf(orgId);
    const res = await t.call('POST', '/api/user', admin, body({ organization_id: orgId, unit_organizational_id: unit.id }));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ organization: { id: orgId }, unit_organizational: { id: unit.id } });
    // The new user logs in to that organization.
    const login = await t.call('POST', '/api/login', undefined, { username: res.json().username, password: 'senha-do-membro-42' });
    expect(login.json().user.organization.id).toBe(orgId);
  });

  it("a unit of another organization than the chosen one is refused (422), and nothing is created", async () => {
    const orgId = await t.createOrganization('Provedor A');
    const otherUnit = await unitOf(await t.createOrganization('Provedor B'));
    const b = body({ organization_id: orgId, unit_organizational_id: otherUnit.id });
    const res = await t.call('POST', '/api/user', admin, b);
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe('Unidade organizacional não encontrada nesta organização.');
    expect((await t.call('POST', '/api/login', undefined, { username: b.username, password: b.password })).statusCode).toBe(401);
    // Without organization_id, a super admin creates in their own organization.
    const own = await t.call('POST', '/api/user', admin, body());
    expect(own.json().organization.id).toBe(t.platformOrganizationId);
  });

  it('an unknown organization is a 422 on organization_id', async () => {
    const res = await t.call('POST', '/api/user', admin, body({ organization_id: 999_999 }));
    expect(res.statusCode).toBe(422);
    expect(res.json().violations[0].propertyPath).toBe('organization_id');
  });

  it('others create only in their own organization: a body naming another one is a 422 on organization_id and writes nothing', async () => {
    const orgId = await t.createOrganization('Provedor Alheio');
    const manager = await t.createUser({ permissions: ['USER'] });
    const before = (await t.call('GET', '/api/user?pageSize=1', admin)).json().total_items;
    const res = await t.call('POST', '/api/user', manager.token, body({ organization_id: orgId }));
    expect(res.statusCode).toBe(422);
    expect(res.json().violations).toEqual([{ propertyPath: 'organization_id', message: 'Organização inválida.' }]);
    expect((await t.call('GET', '/api/user?pageSize=1', admin)).json().total_items).toBe(before);
    const own = await t.call('POST', '/api/user', manager.token, body({ organization_id: manager.organizationId }));
    expect(own.statusCode, own.body).toBe(201);
    expect(own.json().organization.id).toBe(manager.organizationId);
    const foreignUnit = await unitOf(orgId);
    const withUnit = await t.call('POST', '/api/user', manager.token, body({ unit_organizational_id: foreignUnit.id }));
    expect(withUnit.statusCode).toBe(422);
  });

  it('a user does not move to another organization on update', async () => {
    const created = (await t.call('POST', '/api/user', admin, body())).json();
    const orgId = await t.createOrganization('Provedor Destino');
    const res = await t.call('PUT', `/api/user/${created.id}`, admin, { organization_id: orgId });
    expect(res.statusCode).toBe(422);
    expect((await t.call('GET', `/api/user/${created.id}`, admin)).json().organization.id).toBe(t.platformOrganizationId);
  });
});
