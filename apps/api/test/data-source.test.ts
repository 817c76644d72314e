import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { dataSources } from '../src/modules/data-source/schema';
import { describeCrud } from './crud-suite';
import { createTestApp, type TestApp } from './helpers';

const SECRET = 'token-super-secreto-123';

describeCrud('data sources', {
  path: '/api/organization-settings/data-source',
  entity: 'data_source',
  permission: 'DATA_SOURCE',
  tenancy: true,
  valid: (n) => ({ name: `Inventário legado ${n}`, url: `http://127.0.0.1:9/sites-${n}`, key_field: 'id', token: SECRET }),
  invalid: [
    { name: 'X', url: 'ftp://x', key_field: 'id' },
    { name: 'Sem chave', url: 'http://x.local' },
    { name: 'Cabeçalho', url: 'http://x.local', key_field: 'id', headers: { Authorization: 'Bearer x' } },
    { name: 'Alvo', url: 'http://x.local', key_field: 'id', target: 'planilha' },
  ],
  update: { body: { name: 'Inventário renomeado' }, expect: (r) => expect(r.name).toBe('Inventário renomeado') },
  search: 'inventario',
});

describe('data sources: test and run against a local HTTP server', () => {
  let t: TestApp;
  let server: Server;
  let base: string;
  let token: string;
  const seen: { path: string; auth?: string }[] = [];
  const centro = { codigo: 'POP-01', info: { nome: 'POP Centro', cidade: 'Curitiba' } };
  const records: unknown[] = [
    centro,
    { codigo: 'POP-02', info: { nome: 'POP Batel', cidade: 'Curitiba' } },
    { info: { nome: 'Sem código' } },
    'texto solto',
  ];

  beforeAll(async () => {
    server = createServer((req, res) => {
      seen.push({ path: req.url!, auth: req.headers.authorization });
      if (req.url === '/slow') return void setTimeout(() => res.end('{"data":[]}'), 3000);
      if (req.url === '/broken') return void res.writeHead(500).end('erro');
      if (req.url === '/not-json') return void res.end('<html>');
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ data: { items: records } }));
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
    t = await createTestApp();
    token = (await t.createUser({ permissions: ['DATA_SOURCE'] })).token;
  });
  afterAll(async () => {
    await t.close();
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
  });

  const create = async (extra: Record<string, unknown> = {}) =>
    (
      await t.call('POST', '/api/organization-settings/data-source', token, {
        name: 'Sites do ERP',
        url: `${base}/sites`,
        items_path: 'data.items',
        key_field: 'codigo',
        mapping: { code: 'codigo', name: 'info.nome', city: 'info.cidade' },
        token: SECRET,
        ...extra,
      })
    ).json();

  it('stores the token encrypted and never answers it', async () => {
    const source = await create();
    expect(source.has_token).toBe(true);
    expect(JSON.stringify(source)).not.toContain(SECRET);
    const [row] = await t.app.db.select().from(dataSources).where(eq(dataSources.id, source.id));
    expect(row.token_encrypted).toBeTruthy();
    expect(row.token_encrypted).not.toContain(SECRET);
    const list = await t.call('GET', '/api/organization-settings/data-source', token);
    expect(list.body).not.toContain(SECRET);
    expect(list.body).not.toContain(row.token_encrypted!);
    const revisions = await t.call('GET', `/api/revision?entity=data_source&entityId=${source.id}`, (await t.adminToken()));
    expect(revisions.body).not.toContain(SECRET);
    // Updating without a token keeps it; null clears it.
    expect((await t.call('PUT', `/api/organization-settings/data-source/${source.id}`, token, { name: 'ERP' })).json().has_token).toBe(true);
    expect((await t.call('PUT', `/api/organization-settings/data-source/${source.id}`, token, { token: null })).json().has_token).toBe(false);
  });

  it('"Testar" fetches and shows the first rows, mapped, sending the token', async () => {
    const source = await create();
    const res = await t.call('POST', `/api/organization-settings/data-source/${source.id}/test`, token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().total).toBe(4);
    expect(res.json().mapped[0]).toEqual({ code: 'POP-01', name: 'POP Centro', city: 'Curitiba' });
    expect(seen.at(-1)?.auth).toBe(`Bearer ${SECRET}`);
  });

  it('"Executar" imports, logs created/updated/rejected with reasons, and a second run updates nothing', async () => {
    const source = await create();
    const run = await t.call('POST', `/api/organization-settings/data-source/${source.id}/run`, token);
    expect(run.statusCode, run.body).toBe(200);
    expect(run.json()).toMatchObject({ status: 'success', created: 2, updated: 0, rejected: 2 });
    expect(run.json().log.map((l: { reason: string }) => l.reason)).toEqual(['Campo-chave "codigo" ausente', 'O registro não é um objeto JSON']);
    const again = (await t.call('POST', `/api/organization-settings/data-source/${source.id}/run`, token)).json();
    expect(again).toMatchObject({ created: 0, updated: 0 });
    centro.info.nome = 'POP Centro (novo)';
    const third = (await t.call('POST', `/api/organization-settings/data-source/${source.id}/run`, token)).json();
    expect(third).toMatchObject({ created: 0, updated: 1 });
    const stored = (await t.call('GET', `/api/organization-settings/data-source/${source.id}/records`, token)).json();
    expect(stored.total_items).toBe(2);
    expect(stored.items[0].data.name).toBe('POP Centro (novo)');
    const runs = (await t.call('GET', `/api/organization-settings/data-source/${source.id}/runs`, token)).json();
    expect(runs.items).toHaveLength(3);
  });

  it('a slow, broken or non-JSON source fails with a clear message and changes nothing', async () => {
    const slow = await create({ url: `${base}/slow`, timeout_ms: 500 });
    const res = await t.call('POST', `/api/organization-settings/data-source/${slow.id}/run`, token);
    expect(res.statusCode).toBe(504);
    expect(res.json().message).toMatch(/não respondeu em 1 s. Nada foi alterado/);
    const runs = (await t.call('GET', `/api/organization-settings/data-source/${slow.id}/runs`, token)).json();
    expect(runs.items[0]).toMatchObject({ status: 'failed', created: 0 });
    expect((await t.call('GET', `/api/organization-settings/data-source/${slow.id}/records`, token)).json().total_items).toBe(0);
    const broken = await create({ url: `${base}/broken` });
    expect((await t.call('POST', `/api/organization-settings/data-source/${broken.id}/test`, token)).json().message).toMatch(/HTTP 500/);
    const notJson = await create({ url: `${base}/not-json` });
    expect((await t.call('POST', `/api/organization-settings/data-source/${notJson.id}/run`, token)).json().message).toMatch(/JSON válido/);
    const closed = await create({ url: 'http://127.0.0.1:9/nada' });
    expect((await t.call('POST', `/api/organization-settings/data-source/${closed.id}/test`, token)).statusCode).toBe(502);
  });
});
