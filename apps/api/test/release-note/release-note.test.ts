import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { releaseNoteResource } from '@operacoes/contract';
import { describeCrud } from '../crud-suite';
import { createTestApp, type TestApp } from '../helpers';

describeCrud(releaseNoteResource, {
  valid: (n) => ({ version: `1.${n}.0`, title: `Versão de março ${n}`, content: `<p>Novidades ${n}</p>` }),
  invalid: [{ version: '', title: 'x', content: 'y' }, { title: 'sem versão' }, { version: '1 0', title: 'x', content: 'y' }],
  update: { body: { title: 'Versão revisada' }, expect: (r) => expect(r.title).toBe('Versão revisada') },
  search: 'MARCO',
});

describe('release notes: rules', () => {
  let t: TestApp;
  beforeAll(async () => (t = await createTestApp()));
  afterAll(() => t.close());

  it('sanitizes HTML content', async () => {
    const admin = await t.adminToken();
    const res = await t.call('POST', '/api/release-note', admin, {
      version: '2.0.0',
      title: 'Segura',
      content: '<p onclick="x()">Oi<script>alert(1)</script><img src="javascript:alert(1)"></p>',
    });
    expect(res.statusCode).toBe(201);
    const content = res.json().content as string;
    expect(content).not.toMatch(/script|onclick|javascript:/);
    expect(content).toContain('Oi');
  });

  it('keeps only web, e-mail, phone and relative links, and https, relative or uploaded images', async () => {
    const admin = await t.adminToken();
    const content = [
      '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">dados</a>',
      '<a href="DATA:text/html,x">maiúsculas</a>',
      '<a href="java&#x09;script:alert(1)">escondido</a>',
      '<a href="//evil.example/x">sem esquema</a>',
      '<a href="vbscript:x">vb</a>',
      '<a href="https://operacoes.test/a" target="_blank">web</a>',
      '<a href="mailto:suporte@example.com">mail</a><a href="tel:+554133334444">fone</a><a href="/wiki/ajuda">relativo</a>',
      '<img src="data:image/svg+xml;base64,PHN2Zz4=" alt="d"><img src="http://example.com/a.png" alt="h">',
      '<img src="https://example.com/ok.png" alt="s"><img src="/uploads/logo.png" alt="u">',
    ].join('');
    const res = await t.call('POST', '/api/release-note', admin, { version: '4.0.0', title: 'Links', content });
    expect(res.statusCode, res.body).toBe(201);
    const clean = res.json().content as string;
    expect(clean).not.toMatch(/data:|script:|evil\.example|http:\/\/example/i);
    expect(clean).toContain('href="https://operacoes.test/a"');
    expect(clean).toContain('rel="noopener noreferrer"');
    expect(clean).toContain('href="mailto:suporte@example.com"');
    expect(clean).toContain('href="tel:+554133334444"');
    expect(clean).toContain('href="/wiki/ajuda"');
    expect(clean).toContain('src="https://example.com/ok.png"');
    expect(clean).toContain('src="/uploads/logo.png"');
  });

  it('answers every note at once with pageSize=99999, newest first', async () => {
    const admin = await t.adminToken();
    for (const v of ['3.0.0', '3.1.0']) await t.call('POST', '/api/release-note', admin, { version: v, title: v, content: '<p>x</p>' });
    const user = await t.createUser();
    const res = await t.call('GET', '/api/release-note?page=1&pageSize=99999', user.token);
    expect(res.statusCode).toBe(200);
    const items = res.json().items as { version: string }[];
    expect(items[0].version).toBe('3.1.0');
    expect(res.json().page_size).toBe(99999);
  });

  it('only super admins write, even an org admin cannot', async () => {
    const orgAdmin = await t.createUser({ permissions: ['ORG', 'USER'] });
    const res = await t.call('POST', '/api/release-note', orgAdmin.token, { version: '9.9.9', title: 'x', content: 'y' });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toMatch(/permissão/);
  });
});
