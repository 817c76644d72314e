import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import type { WikiPageView, WikiSearchResult } from '@operacoes/contract';
import { realPng } from '../files/images';
import { createTestApp, type TestApp } from '../helpers';
import { createPage, view, wikiUsers } from './helpers';

describe('wiki search, sanitization and uploads', () => {
  let t: TestApp;
  let u: Awaited<ReturnType<typeof wikiUsers>>;
  beforeAll(async () => {
    t = await createTestApp();
    u = await wikiUsers(t);
    await createPage(t, u.org, 'redes', 'Redes', '<p>Padrões da rede de acesso e do backbone.</p>');
    await createPage(t, u.org, 'redes/roteador-de-borda', 'Roteador de borda', '<p>O equipamento que fala BGP com as operadoras.</p>');
    await createPage(
      t,
      u.org,
      'redes/mikrotik',
      'MikroTik',
      '<p>Antes da instalação, faça a configuração inicial dos roteadores pela porta ether1.</p><p>Troque a senha do usuário admin &amp; desative o telnet.</p>',
    );
    await createPage(t, u.org, 'almoxarifado', 'Almoxarifado', '<p>Pedidos de material <b>&lt;urgente&gt;</b> saem no mesmo dia.</p>');
    await createPage(t, u.foreignOrg, 'roteadores', 'Roteadores da outra empresa', '<p>Configuração de roteadores.</p>');
  });
  afterAll(() => t?.close());

  const search = async (q: string, token = u.reader) => {
    const res = await t.call('GET', `/api/wiki/search?q=${encodeURIComponent(q)}`, token);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as WikiSearchResult;
  };

  describe('search', () => {
    it('stems Portuguese: a plural finds the singular and the other way round', async () => {
      const plural = await search('roteadores');
      expect(plural.items.map((i) => i.path)).toEqual(['redes/roteador-de-borda', 'redes/mikrotik']);
      const singular = await search('roteador');
      expect(singular.items.map((i) => i.path).sort()).toEqual(['redes/mikrotik', 'redes/roteador-de-borda']);
      expect((await search('equipamentos')).items.map((i) => i.path)).toEqual(['redes/roteador-de-borda']);
    });

    it('takes a word being typed as the start of one: "config" finds "configuração", "roteado" finds "roteador"', async () => {
      expect((await search('config')).items.map((i) => i.path)).toEqual(['redes/mikrotik']);
      expect((await search('CONFIG instal')).items.map((i) => i.path)).toEqual(['redes/mikrotik']);
      expect((await search('roteado')).items.map((i) => i.path).sort()).toEqual(['redes/mikrotik', 'redes/roteador-de-borda']);
      expect((await search('config')).items[0].headline).toContain('<mark>configuração</mark>');
      // Short fragments are not prefixes, and a word nobody wrote still finds nothing.
      expect((await search('co')).total_items).toBe(0);
      expect((await search('ornitor')).total_items).toBe(0);
    });

    it('counts the titles of the pages above: "mikrotik vlan" finds "VLANs" under "MikroTik", prefixes included', async () => {
      const vlans = await createPage(t, u.org, 'redes/mikrotik/vlans', 'VLANs', '<p>Crie a bridge com vlan-filtering e marque as portas tagged.</p>');
      try {
        const both = await search('mikrotik vlan');
        expect(both.items.map((i) => i.path)).toEqual(['redes/mikrotik/vlans']);
        expect(both.items[0].breadcrumbs.map((b) => b.title)).toEqual(['Redes', 'MikroTik']);
        // Typed halfway, with the grandparent's title and without accents or case.
        expect((await search('REDES mikro vlan')).items.map((i) => i.path)).toEqual(['redes/mikrotik/vlans']);
        // The parent still ranks first on its own title; the page's own words still find it alone.
        expect((await search('mikrotik')).items.map((i) => i.path)).toEqual(['redes/mikrotik', 'redes/mikrotik/vlans']);
        expect((await search('bridge tagged')).items.map((i) => i.path)).toEqual(['redes/mikrotik/vlans']);
        // A word of neither the page nor its ancestors still excludes it.
        expect((await search('almoxarifado vlan')).total_items).toBe(0);
      } finally {
        await t.call('DELETE', `/api/wiki/page/${vlans.page.id}`, u.org);
      }
    });

    it('ignores accents and case both ways, and highlights the accented words of the text', async () => {
      const folded = await search('CONFIGURACAO instalacao');
      expect(folded.items.map((i) => i.path)).toEqual(['redes/mikrotik']);
      expect(folded.items[0].headline).toContain('<mark>instalação</mark>');
      expect(folded.items[0].headline).toContain('<mark>configuração</mark>');
      expect((await search('padroes')).items.map((i) => i.path)).toEqual(['redes']);
      expect((await search('almoxarifádo')).items.map((i) => i.path)).toEqual(['almoxarifado']);
    });

    it('ranks a title match above a body match, answers breadcrumbs and pages', async () => {
      const res = await search('roteador');
      expect(res.items[0].path).toBe('redes/roteador-de-borda');
      expect(res.items[0].rank).toBeGreaterThan(res.items[1].rank);
      expect(res.items[0].breadcrumbs).toEqual([{ id: expect.any(Number), path: 'redes', title: 'Redes' }]);
      expect(res).toMatchObject({ total_items: 2, total_pages: 1, current_page: 1, page_size: 10 });
      const page2 = (await t.call('GET', '/api/wiki/search?q=roteador&page=2&pageSize=1', u.reader)).json() as WikiSearchResult;
      expect(page2.items.map((i) => i.path)).toEqual(['redes/mikrotik']);
      expect(page2).toMatchObject({ total_items: 2, total_pages: 2, current_page: 2 });
      const past = (await t.call('GET', '/api/wiki/search?q=roteador&page=9', u.reader)).json() as WikiSearchResult;
      expect(past).toMatchObject({ items: [], total_items: 2 });
    });

    it('excerpts escape everything but <mark>: the text "<urgente>" and "&" come back escaped', async () => {
      const hit = (await search('pedidos urgente')).items[0];
      expect(hit.headline).toMatch(/^<mark>Pedidos<\/mark> de material &lt;<mark>urgente<\/mark>&gt; saem no mesmo/);
      const amp = (await search('senha')).items[0];
      expect(amp.headline).toContain('&amp; desative');
      expect(amp.headline.replace(/<\/?mark>/g, '')).not.toMatch(/[<>]/);
      // A title-only match shows the title marked.
      expect((await search('borda')).items[0].headline).toContain('<mark>borda</mark>');
    });

    it('takes anything a person types; stop words alone or no match give an empty list; an empty query is 422', async () => {
      for (const q of ['"porta ether1"', 'roteador -borda', 'roteador or almoxarifado', "a' & | ! (", 'de']) {
        const res = await t.call('GET', `/api/wiki/search?q=${encodeURIComponent(q)}`, u.reader);
        expect(res.statusCode, q).toBe(200);
      }
      expect((await search('"porta ether1"')).items.map((i) => i.path)).toEqual(['redes/mikrotik']);
      expect((await search('roteador -borda')).items.map((i) => i.path)).toEqual(['redes/mikrotik']);
      expect((await search('de')).total_items).toBe(0);
      expect((await search('fibra')).total_items).toBe(0);
      const empty = await t.call('GET', '/api/wiki/search?q=%20', u.reader);
      expect(empty.statusCode).toBe(422);
      expect(empty.json().violations[0]).toEqual({ propertyPath: 'q', message: 'Informe o que procurar' });
    });

    it('follows saves and moves; never finds another organization\'s pages', async () => {
      const page = (await view(t, u.org, 'almoxarifado')).json() as WikiPageView;
      await t.call('PUT', `/api/wiki/page/${page.page.id}`, u.org, { title: 'Almoxarifado central', body: '<p>Inventário de bobinas de fibra.</p>', base_version: page.page.version });
      expect((await search('bobina')).items.map((i) => i.title)).toEqual(['Almoxarifado central']);
      expect((await search('urgente')).total_items).toBe(0);
      expect((await search('empresa')).total_items).toBe(0);
      expect((await search('roteadores', u.foreignOrg)).items.map((i) => i.title)).toEqual(['Roteadores da outra empresa']);
    });
  });

  describe('sanitization', () => {
    const PAYLOADS = [
      '<script>alert(1)</script>',
      '<SCRIPT SRC=//evil.example/x.js></SCRIPT>',
      '<img src=x onerror=alert(1)>',
      '<img src="javascript:alert(1)">',
      '<img src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+">',
      '<svg onload=alert(1)><circle r="1"/></svg>',
      '<a href="javascript:alert(1)">clique</a>',
      '<a href="JaVaScRiPt:alert(1)">maiúsculas</a>',
      '<a href="java&#x09;script:alert(1)">tab</a>',
      '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">dados</a>',
      '<a href="vbscript:msgbox(1)">vb</a>',
      '<p style="background:url(javascript:alert(1))">estilo</p>',
      '<p style="width: expression(alert(1))">expressão</p>',
      '<iframe src="https://evil.example"></iframe>',
      '<object data="x.swf"></object><embed src="x.swf">',
      '<form action="https://evil.example"><input name="senha"><button formaction="javascript:alert(1)">ok</button></form>',
      '<body onload=alert(1)>',
      '<div onmouseover="alert(1)">passe</div>',
      '<math><mi xlink:href="javascript:alert(1)">x</mi></math>',
      '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
      '<link rel="stylesheet" href="https://evil.example/x.css">',
      '<style>body{background:url("javascript:alert(1)")}</style>',
      '<a href="//evil.example/x">sem esquema</a>',
      '[[redes|<img src=x onerror=alert(1)>]]',
      '[[redes|" onmouseover="alert(1)]]',
      '<a href="/wiki/redes" data-wiki-page="1" onclick="alert(1)">forjado</a>',
    ];

    it('no script, handler, javascript:/data:/vbscript: URL, style expression or foreign frame survives a save', async () => {
      const body = PAYLOADS.map((p, i) => `<p>caso ${i}</p>${p}`).join('');
      const created = await createPage(t, u.org, 'seguranca', 'Segurança', body);
      for (const stored of [created.page.body, (await view(t, u.reader, 'seguranca')).json().page.body as string]) {
        expect(stored).not.toMatch(/<script|<svg|<iframe|<object|<embed|<form|<input|<meta|<link|<style|<math|<body/i);
        expect(stored).not.toMatch(/<[^>]*\son[a-z]+\s*=/i);
        expect(stored).not.toMatch(/javascript:|vbscript:|data:|expression\(|url\(|evil\.example/i);
        expect(stored).toContain('caso 25');
      }
      // The forged page id was dropped and recomputed from the href.
      const redes = (await view(t, u.org, 'redes')).json() as WikiPageView;
      expect(created.page.body).toContain(`<a href="/wiki/redes" data-wiki-page="${redes.page.id}">forjado</a>`);
      // Saving through PUT and restoring an old version sanitize the same way.
      const put = await t.call('PUT', `/api/wiki/page/${created.page.id}`, u.org, { title: 'Segurança', body: '<p onclick="x()">oi<script>alert(1)</script></p>', base_version: 1 });
      expect(put.json().page.body).toBe('<p>oi</p>');
    });

    it('keeps what an editor writes: headings, lists, tables, colors, links, uploaded and https images', async () => {
      const body =
        '<h2>Passos</h2><ol><li><strong>Um</strong></li><li><em>Dois</em></li></ol><table><tbody><tr><td colspan="2">célula</td></tr></tbody></table>' +
        '<p style="text-align: center; color: #ff0000">centro</p><a href="https://mikrotik.com/download" target="_blank">site</a>' +
        '<img src="/api/files/0123456789abcdef0123456789abcdef.png" alt="topologia" width="300"><img src="https://example.com/a.png" alt="ext"><a href="/api/files/0123456789abcdef0123456789abcdef.pdf">manual.pdf</a>';
      const page = await createPage(t, u.org, 'editor', 'Editor', body);
      expect(page.page.body).toBe(
        '<h2>Passos</h2><ol><li><strong>Um</strong></li><li><em>Dois</em></li></ol><table><tbody><tr><td colspan="2">célula</td></tr></tbody></table>' +
          '<p style="text-align:center;color:#ff0000">centro</p><a href="https://mikrotik.com/download" target="_blank" rel="noopener noreferrer">site</a>' +
          '<img src="/api/files/0123456789abcdef0123456789abcdef.png" alt="topologia" width="300" /><img src="https://example.com/a.png" alt="ext" /><a href="/api/files/0123456789abcdef0123456789abcdef.pdf">manual.pdf</a>',
      );
    });
  });

  describe('uploads', () => {
    const upload = (token: string | undefined, content: Buffer, filename: string, type: string) => {
      const boundary = '----wiki' + Math.random().toString(16).slice(2);
      const payload = Buffer.concat([
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`),
        content,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      return t.app.inject({
        method: 'POST',
        url: '/api/wiki/upload',
        payload,
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, ...(token ? { authorization: `Bearer ${token}` } : {}) },
      });
    };
    let png: Buffer;
    beforeAll(async () => {
      png = await realPng(4, 4);
    });
    const pdf = Buffer.from('%PDF-1.4\n% manual\n');

    it('takes an image or a PDF (checked by content) and answers the URL the editor inserts; the file is served', async () => {
      const img = await upload(u.org, png, 'topologia.png', 'image/png');
      expect(img.statusCode, img.body).toBe(201);
      expect(img.json()).toEqual({ url: expect.stringMatching(/^\/api\/files\/[a-f0-9]{32}\.png$/), name: 'topologia.png', kind: 'image', mime: 'image/png', size: expect.any(Number) });
      const served = await t.app.inject({ method: 'GET', url: img.json().url, headers: { authorization: `Bearer ${u.reader}` } });
      expect(served.statusCode).toBe(200);
      // Only for logged-in members of the organization.
      expect((await t.app.inject({ method: 'GET', url: img.json().url })).statusCode).toBe(401);
      expect((await t.app.inject({ method: 'GET', url: img.json().url, headers: { authorization: `Bearer ${u.foreignOrg}` } })).statusCode).toBe(404);
      // What is served is the stored, re-encoded copy: the same picture, and the size the upload answered.
      expect(served.rawPayload.length).toBe(img.json().size);
      expect(await sharp(served.rawPayload).metadata()).toMatchObject({ format: 'png', width: 4, height: 4 });
      const doc = await upload(u.admin, pdf, 'C:\\docs\\manual da OLT.pdf', 'application/pdf');
      expect(doc.json()).toMatchObject({ kind: 'file', mime: 'application/pdf', name: 'manual da OLT.pdf' });
      // The URL survives the sanitizer inside a page.
      const page = await createPage(t, u.org, 'com-imagem', 'Com imagem', `<p><img src="${img.json().url}" alt="topologia"></p>`);
      expect(page.page.body).toContain(`src="${img.json().url}"`);
    });

    it('refuses other types (415), too big files (413), a missing file (422), readers (403) and no token (401), in pt-BR', async () => {
      const html = await upload(u.org, Buffer.from('<svg onload=alert(1)></svg>'), 'x.svg', 'image/svg+xml');
      expect(html.statusCode).toBe(415);
      expect(html.json().message).toBe('Tipo de arquivo não permitido. Aceitos: png, jpg, webp, pdf.');
      const big = await upload(u.org, Buffer.concat([png, Buffer.alloc(6 * 1024 * 1024)]), 'grande.png', 'image/png');
      expect(big.statusCode).toBe(413);
      expect(big.json().message).toMatch(/grande demais|excede/);
      const none = await t.app.inject({ method: 'POST', url: '/api/wiki/upload', payload: '', headers: { 'content-type': 'multipart/form-data; boundary=x', authorization: `Bearer ${u.org}` } });
      expect([415, 422]).toContain(none.statusCode);
      expect(none.json().message).toMatch(/[ãáéíóúç]|Envie/);
      expect((await upload(u.reader, png, 'a.png', 'image/png')).statusCode).toBe(403);
      expect((await upload(undefined, png, 'a.png', 'image/png')).statusCode).toBe(401);
    });
  });
});
