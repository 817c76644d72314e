import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { dataSourceResource } from '@operacoes/contract';
import { isPublicAddress, parseAllowList } from '../../src/modules/data-source/safe-fetch';
import { dataSources } from '../../src/modules/data-source/schema';
import { describeCrud } from '../crud-suite';
import { createTestApp, type TestApp } from '../helpers';

const SECRET = 'token-super-secreto-123';

describeCrud(dataSourceResource, {
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
    // This server lives on the loopback: reachable only because the operator allow-lists it.
    t = await createTestApp({ dataSourceAllowedHosts: ['127.0.0.1'] });
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
    const refused = await t.call('POST', `/api/organization-settings/data-source/${closed.id}/test`, token);
    expect(refused.statusCode).toBe(502);
    // No address, port or system error: a connection error must not work as a port scanner.
    expect(refused.json().message).toBe('Não foi possível conectar à fonte de dados. Nada foi alterado.');
    expect(refused.json().message).not.toMatch(INTERNALS);
  });
});

/** The human texts of an error answer. */
const texts = (body: { message: string; violations?: { message: string }[] }) => [body.message, ...(body.violations ?? []).map((v) => v.message)].join(' | ');
/** Anything that names an address, a port or a system error. */
const INTERNALS = /\d+\.\d+\.\d+\.\d+|::1|:\d{2,5}\b|\bE[A-Z]{4,}\b|connect|getaddrinfo|localhost/;

describe('data sources: only public addresses (SSRF)', () => {
  let t: TestApp;
  let secret: Server;
  let redirector: Server;
  let port: number;
  let token: string;
  let hits = 0;

  beforeAll(async () => {
    // An internal service answering something a user must never read back.
    secret = createServer((_req, res) => {
      hits++;
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify([{ id: 1, segredo: 'credencial-interna' }]));
    });
    await new Promise<void>((r) => secret.listen(0, '127.0.0.1', r));
    port = (secret.address() as { port: number }).port;
    // An allow-listed host that redirects into the loopback.
    redirector = createServer((req, res) => res.writeHead(302, { location: `http://127.0.0.1:${port}${req.url}` }).end());
    await new Promise<void>((r) => redirector.listen(0, '127.0.0.2', r));
    t = await createTestApp({ dataSourceAllowedHosts: ['127.0.0.2'] });
    token = (await t.createUser({ permissions: ['DATA_SOURCE'] })).token;
  });
  afterAll(async () => {
    await t.close();
    for (const s of [secret, redirector]) {
      s.closeAllConnections();
      await new Promise((r) => s.close(r));
    }
  });

  const attempt = async (url: string, action: 'test' | 'run' = 'test') => {
    const source = await t.call('POST', '/api/organization-settings/data-source', token, { name: 'Interna', url, key_field: 'id' });
    expect(source.statusCode, source.body).toBe(201);
    return t.call('POST', `/api/organization-settings/data-source/${source.json().id}/${action}`, token);
  };

  it.each([
    ['loopback', () => `http://127.0.0.1:${port}/`],
    ['cloud metadata (link-local)', () => 'http://169.254.169.254/latest/meta-data/'],
    ['private range', () => 'http://10.0.0.1/'],
    ['IPv6 loopback', () => `http://[::1]:${port}/`],
    ['IPv4-mapped IPv6 loopback', () => `http://[::ffff:127.0.0.1]:${port}/`],
    ['a name resolving to the loopback', () => `http://localhost:${port}/`],
    ['a redirect from an allowed host to the loopback', () => `http://127.0.0.2:${(redirector.address() as { port: number }).port}/sites`],
  ])('refuses %s with a plain message and no internals', async (_name, url) => {
    const before = hits;
    const res = await attempt(url());
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().message).toMatch(/^Endereço não permitido/);
    expect(texts(res.json())).not.toMatch(INTERNALS);
    expect(res.body).not.toContain('credencial-interna');
    expect(hits).toBe(before);
  });

  it('a scheduled or manual run is refused the same way, and its log keeps no internals', async () => {
    const res = await attempt(`http://localhost:${port}/`, 'run');
    expect(res.statusCode).toBe(422);
    const sources = (await t.call('GET', '/api/organization-settings/data-source?search=interna&pageSize=100', token)).json().items as { id: number }[];
    const runs = (await t.call('GET', `/api/organization-settings/data-source/${sources.at(-1)!.id}/runs`, token)).json();
    const last = runs.items.find((r: { status: string }) => r.status === 'failed');
    expect(last.error).toMatch(/^Endereço não permitido/);
    expect(last.error).not.toMatch(INTERNALS);
    expect(hits).toBe(0);
  });

  it('judges addresses after unmapping, and parses the allow-list of hosts, addresses and ranges', () => {
    for (const ip of ['8.8.8.8', '200.160.2.3', '2606:4700:4700::1111', '::ffff:8.8.8.8']) expect(isPublicAddress(ip), ip).toBe(true);
    const internal = ['127.0.0.1', '10.1.2.3', '172.16.0.1', '192.168.0.1', '169.254.169.254', '100.64.0.1', '0.0.0.0', '224.0.0.1', '255.255.255.255', '192.0.2.1', '240.0.0.1'];
    const internal6 = ['::1', '::', '::ffff:127.0.0.1', '::7f00:1', 'fe80::1', 'fd00::1', 'ff02::1', '64:ff9b::a9fe:a9fe', '2002:7f00:1::', '2001:db8::1'];
    for (const ip of [...internal, ...internal6]) expect(isPublicAddress(ip), ip).toBe(false);
    const list = parseAllowList([' ERP.Intranet ', '*.corp.local', '10.20.0.0/16', 'fd00::/8', '192.168.1.5']);
    expect(list.hosts).toEqual(['erp.intranet']);
    expect(list.suffixes).toEqual(['.corp.local']);
    expect(list.ranges).toHaveLength(3);
    expect(() => parseAllowList(['10.0.0.0/99'])).toThrow(/faixa inválida/);
  });
});
