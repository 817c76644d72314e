import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { apiLogin, auth, expectToast, uiLogin } from './helpers';

async function as(browser: Browser, username: string, viewport = { width: 1366, height: 900 }) {
  const context = await browser.newContext({ locale: 'pt-BR', timezoneId: 'America/Sao_Paulo', viewport });
  const page = await context.newPage();
  await uiLogin(page, username);
  return page;
}

/** Serious or critical accessibility violations on the page (axe). */
async function seriousViolations(page: Page) {
  const r = await new AxeBuilder({ page }).exclude('.swal2-container').analyze();
  return r.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => ({ id: v.id, nodes: v.nodes.slice(0, 3).map((n) => `${n.target.join(' ')} ${n.failureSummary ?? ''}`) }));
}

/** The TinyMCE editing area (its body in the iframe). */
const editorBody = (page: Page) => page.frameLocator('iframe.tox-edit-area__iframe').locator('body');

/** Types at the end of the editor's text. */
async function typeInEditor(page: Page, text: string) {
  const body = editorBody(page);
  await expect(body).toBeVisible({ timeout: 30_000 });
  await body.click();
  await body.press('Control+End');
  await body.pressSequentially(text);
}

// 4×4 red PNG (a valid one: the server decodes uploads, and the old constant had a bad checksum that browsers forgive)
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAQAAAAECAIAAAAmkwkpAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEUlEQVQImWP4z8AARwgWXg4ArpMP8bh5W0YAAAAASUVORK5CYII=',
  'base64',
);

test('wiki: a page with a link and an image, two editors (the second gets the 409 and keeps its text), search, history and restore, move and delete', async ({ browser, request }) => {
  test.setTimeout(240_000);
  const uid = Date.now().toString(36);
  const root = `rede-${uid}`;
  const gestor = await apiLogin(request, 'gestor');
  // The parent and the page to link to, through the API (the UI part is the page that links them).
  for (const body of [
    { path: root, title: `Redes ${uid}`, body: '<p>Documentação das redes.</p>' },
    { path: `${root}/roteador`, title: 'Roteador de borda', body: '<p>Configuração do roteador de borda.</p>' },
  ]) {
    const r = await request.post('/api/wiki/page', { headers: auth(gestor.token), data: body });
    expect(r.status(), await r.text()).toBe(201);
  }

  const a = await as(browser, 'gestor');
  const path = `${root}/vlan-${uid}`;

  // An unknown path: "Página não encontrada" with the button that creates it there.
  await a.goto(`/wiki/${path}`);
  await expect(a.getByRole('heading', { name: 'Página não encontrada' })).toBeVisible();
  await a.getByRole('link', { name: 'Criar esta página' }).click();
  await expect(a.getByLabel(/^Endereço/)).toHaveValue(path);
  // pt-BR validation, every field at once
  await a.getByLabel(/^Endereço/).fill('Rede Nova/X');
  await a.getByRole('button', { name: 'Criar página' }).click();
  await expect(a.getByText('Informe o título')).toBeVisible();
  await expect(a.getByText(/Cada parte do endereço usa só letras minúsculas sem acento/)).toBeVisible();
  await a.getByLabel(/^Endereço/).fill(path);
  await a.getByLabel(/^Título/).fill(`Configuração de VLANs ${uid}`);
  await typeInEditor(a, `O roteador de acesso usa a VLAN de gerência ${uid}; veja [[${root}/roteador]]. `);

  // An image uploaded into the page from the editor's image dialog.
  await a.getByRole('button', { name: 'Inserir/editar imagem' }).click();
  const dialog = a.locator('.tox-dialog');
  await dialog.getByRole('tab', { name: 'Enviar' }).click();
  const chooser = a.waitForEvent('filechooser');
  await dialog.getByRole('button', { name: 'Procurar imagem' }).click();
  await (await chooser).setFiles({ name: 'diagrama.png', mimeType: 'image/png', buffer: PNG });
  await expect(dialog.getByLabel('Endereço')).toHaveValue(/\/api\/files\//, { timeout: 15_000 });
  await dialog.getByRole('button', { name: 'Salvar' }).click();
  await expect(editorBody(a).locator('img')).toHaveAttribute('src', /\/api\/files\//);

  await a.getByRole('button', { name: 'Criar página' }).click();
  await expectToast(a, 'Página criada!');
  await expect(a).toHaveURL(new RegExp(`/wiki/${path}$`));
  await expect(a.getByRole('heading', { level: 1, name: `Configuração de VLANs ${uid}` })).toBeVisible();
  const body = a.getByTestId('wiki-body');
  await expect(body).toContainText('O roteador de acesso usa a VLAN de gerência');
  // [[…]] became a link named after the page; the image is stored and shows.
  const link = body.getByRole('link', { name: 'Roteador de borda' });
  await expect(link).toHaveAttribute('href', `/wiki/${root}/roteador`);
  const img = body.locator('img');
  await expect(img).toHaveAttribute('src', /^\/api\/files\/[a-f0-9]+\.png$/);
  await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth)).toBe(4);
  // Breadcrumbs and the tree
  await expect(a.getByRole('navigation', { name: 'Você está em' }).getByRole('link', { name: `Redes ${uid}` })).toBeVisible();
  await expect(a.getByRole('navigation', { name: 'Páginas da wiki' }).getByRole('link', { name: 'Roteador de borda' })).toBeVisible();
  await link.click();
  await expect(a.getByRole('heading', { level: 1, name: 'Roteador de borda' })).toBeVisible();
  await a.goBack();
  await expect(a.getByRole('heading', { level: 1, name: `Configuração de VLANs ${uid}` })).toBeVisible();

  // Two editors of the same page: the first save wins, the second gets the 409 and keeps its text.
  const b = await as(browser, 'gestor');
  await a.getByRole('link', { name: 'Editar' }).click();
  await b.goto(`/wiki/${path}?modo=editar`);
  await expect(editorBody(a)).toContainText('VLAN de gerência', { timeout: 30_000 });
  await expect(editorBody(b)).toContainText('VLAN de gerência', { timeout: 30_000 });
  await typeInEditor(a, 'Texto da primeira pessoa.');
  await a.getByRole('button', { name: 'Salvar', exact: true }).click();
  await expectToast(a, 'Página salva!');
  await expect(a.getByTestId('wiki-body')).toContainText('Texto da primeira pessoa.');

  await typeInEditor(b, 'Texto da segunda pessoa, que não pode se perder.');
  await b.getByRole('button', { name: 'Salvar', exact: true }).click();
  const conflict = b.getByTestId('wiki-conflict');
  await expect(conflict).toContainText(/A página foi alterada por .+ enquanto você editava/);
  await expect(editorBody(b)).toContainText('Texto da segunda pessoa, que não pode se perder.');
  await expect(editorBody(b)).not.toContainText('Texto da primeira pessoa.');
  await expect(b.getByTestId('wiki-current-version')).toContainText('Texto da primeira pessoa.');
  // The user merges by hand (copies the other text into theirs), then saves over the new version.
  await typeInEditor(b, ' Texto da primeira pessoa.');
  await b.getByRole('button', { name: 'Salvar sobre a versão 2' }).click();
  await expectToast(b, 'Página salva!');
  await expect(b.getByTestId('wiki-body')).toContainText('Texto da segunda pessoa, que não pode se perder. Texto da primeira pessoa.');
  await expect(b.getByText(/versão 3$/)).toBeVisible();
  await b.context().close();

  // Search: a plural and no accents ("roteadores", "configuracao") find "roteador" and "Configuração".
  await a.goto('/wiki');
  await a.getByRole('searchbox', { name: 'Pesquisar na wiki' }).fill(`roteadores configuracao ${uid}`);
  await a.getByRole('searchbox', { name: 'Pesquisar na wiki' }).press('Enter');
  await expect(a).toHaveURL(/\/wiki\/search\?q=/);
  const hit = a.getByTestId('wiki-search-hit').filter({ hasText: `Configuração de VLANs ${uid}` });
  await expect(hit).toBeVisible();
  await expect(hit.locator('mark').first()).toBeVisible();
  expect((await hit.locator('mark').allTextContents()).map((t) => t.toLowerCase())).toContain('roteador');
  await a.getByRole('searchbox', { name: 'Pesquisar na wiki' }).fill(`xilofone${uid}inexistente`);
  await a.getByRole('searchbox', { name: 'Pesquisar na wiki' }).press('Enter');
  await expect(a.getByTestId('wiki-search-empty')).toContainText('Nenhuma página encontrada');

  // History: compare the first and the last version side by side, then restore the first.
  await a.goto(`/wiki/${path}?modo=historico`);
  await expect(a.getByRole('heading', { name: `Histórico: Configuração de VLANs ${uid}` })).toBeVisible();
  await expect(a.getByRole('list', { name: 'Versões' }).getByRole('listitem')).toHaveCount(3);
  await a.getByRole('checkbox', { name: 'Selecionar versão 1' }).check();
  await a.getByRole('checkbox', { name: 'Selecionar versão 3' }).check();
  await a.getByRole('button', { name: 'Comparar selecionadas' }).click();
  const diff = a.getByTestId('wiki-diff');
  await expect(diff.locator('[data-side="right"] ins').first()).toBeVisible();
  expect((await diff.locator('[data-side="right"] ins').allTextContents()).join(' ')).toContain('segunda pessoa');
  await expect(diff).toContainText('Versão 1');
  await a.getByRole('button', { name: 'Restaurar a versão 1' }).click();
  await a.getByRole('button', { name: 'Restaurar', exact: true }).click();
  await expectToast(a, 'Versão 1 restaurada!');
  await expect(a.getByTestId('wiki-body')).not.toContainText('Texto da segunda pessoa');
  await expect(a.getByTestId('wiki-body')).toContainText('O roteador de acesso usa a VLAN de gerência');
  await expect(a.getByText(/versão 4$/)).toBeVisible();

  // Move the linked page: the link follows it and its old address redirects.
  await a.goto(`/wiki/${root}/roteador`);
  await a.getByRole('button', { name: 'Mais ações' }).click();
  await a.getByRole('menuitem', { name: 'Mover' }).click();
  await a.getByLabel(/^Novo endereço/).fill(`${root}/roteador-de-borda`);
  await a.getByRole('dialog').getByRole('button', { name: 'Mover' }).click();
  await a.locator('.swal2-confirm').click();
  await expectToast(a, 'Página movida!');
  await expect(a).toHaveURL(new RegExp(`/wiki/${root}/roteador-de-borda$`));
  await a.goto(`/wiki/${root}/roteador`);
  await expect(a).toHaveURL(new RegExp(`/wiki/${root}/roteador-de-borda$`));
  await expect(a.getByText('Esta página mudou de endereço')).toBeVisible();
  await a.goto(`/wiki/${path}`);
  await expect(a.getByTestId('wiki-body').getByRole('link', { name: 'Roteador de borda' })).toHaveAttribute('href', `/wiki/${root}/roteador-de-borda`);

  // Delete: refused with the server's message while the page has children.
  await a.goto(`/wiki/${root}`);
  await a.getByRole('button', { name: 'Mais ações' }).click();
  await a.getByRole('menuitem', { name: 'Excluir' }).click();
  await a.locator('.swal2-confirm').click();
  await expect(a.getByTestId('wiki-refused')).toBeVisible();
  await expect(a.getByRole('heading', { level: 1, name: `Redes ${uid}` })).toBeVisible();
  await a.context().close();

  // A reader sees the page, not the writing actions.
  const reader = await as(browser, 'tecnico');
  await reader.goto(`/wiki/${path}`);
  await expect(reader.getByRole('heading', { level: 1, name: `Configuração de VLANs ${uid}` })).toBeVisible();
  await expect(reader.getByRole('link', { name: 'Histórico' })).toBeVisible();
  await expect(reader.getByRole('link', { name: 'Editar' })).toHaveCount(0);
  await expect(reader.getByRole('button', { name: 'Mais ações' })).toHaveCount(0);
  await reader.context().close();
});

test('wiki: accents typed in the editor (link text, heading, body) read as letters in the page, the history diff and the search excerpt', async ({ browser, request }) => {
  test.setTimeout(180_000);
  const uid = Date.now().toString(36);
  const root = `acentos-${uid}`;
  const gestor = await apiLogin(request, 'gestor');
  for (const body of [
    { path: root, title: `Acentos ${uid}`, body: '<p>Páginas com acentos.</p>' },
    { path: `${root}/alvo`, title: 'Página alvo', body: '<p>O destino do link.</p>' },
  ]) {
    const r = await request.post('/api/wiki/page', { headers: auth(gestor.token), data: body });
    expect(r.status(), await r.text()).toBe(201);
  }
  const a = await as(browser, 'gestor');
  const path = `${root}/acentuacao`;
  const letters = 'á ç ã é õ ü';
  // What a person reads: never an entity name nor an escaped ampersand.
  const noEntities = async (text: Promise<string | null> | string | null) => expect(await text).not.toMatch(/&(?:[a-z]+|#\d+);|&amp;/i);

  await a.goto(`/wiki/${path}`);
  await a.getByRole('link', { name: 'Criar esta página' }).click();
  await a.getByLabel(/^Título/).fill(`Acentuação ${uid}`);
  // A heading through the editor's block menu, then the body with a [[…|…]] link, typed key by key.
  await expect(editorBody(a)).toBeVisible({ timeout: 30_000 });
  await editorBody(a).click();
  await a.locator('.tox-tbtn--select').filter({ hasText: /Parágrafo|Paragraph/ }).click();
  await a.getByRole('menuitemcheckbox', { name: /Cabeçalho 2|Título 2|Heading 2/ }).click();
  await editorBody(a).pressSequentially(`Configuração básica ${letters}`);
  await editorBody(a).press('Enter');
  await editorBody(a).pressSequentially(`Corpo com ${letters}; veja [[${root}/alvo|a página çãéõü]] & ação.`);
  await expect(editorBody(a).locator('h2')).toHaveText(`Configuração básica ${letters}`);
  await a.getByRole('button', { name: 'Criar página' }).click();
  await expectToast(a, 'Página criada!');

  // The page view: heading, body and the link's text as typed.
  const body = a.getByTestId('wiki-body');
  await expect(body.getByRole('heading', { level: 2 })).toHaveText(`Configuração básica ${letters}`);
  await expect(body).toContainText(`Corpo com ${letters}; veja a página çãéõü & ação.`);
  await expect(body.getByRole('link', { name: 'a página çãéõü' })).toHaveAttribute('href', `/wiki/${root}/alvo`);
  await noEntities(body.textContent());

  // A second version, then the history diff of the two: accents as letters on both sides.
  await a.getByRole('link', { name: 'Editar' }).click();
  await expect(editorBody(a)).toContainText('Corpo com', { timeout: 30_000 });
  await typeInEditor(a, ' Revisão: atenção à fusão.');
  await a.getByRole('button', { name: 'Salvar', exact: true }).click();
  await expectToast(a, 'Página salva!');
  await a.goto(`/wiki/${path}?modo=historico&de=1&para=2`);
  const diff = a.getByTestId('wiki-diff');
  const left = diff.locator('[data-side="left"]');
  await expect(left.filter({ hasText: `Configuração básica ${letters}` })).toHaveCount(1);
  await expect(left.filter({ hasText: 'a página çãéõü & ação.' })).toHaveCount(1);
  expect((await diff.locator('[data-side="right"] ins').allTextContents()).join(' ')).toContain('atenção à fusão');
  await noEntities(diff.textContent());

  // The search excerpt: the words found unaccented, shown with their accents.
  await a.goto(`/wiki/search?q=${encodeURIComponent(`basica ${uid}`)}`);
  const hit = a.getByTestId('wiki-search-hit').filter({ hasText: `Acentuação ${uid}` });
  await expect(hit).toBeVisible();
  await expect(hit).toContainText(letters);
  await expect(hit.locator('mark').first()).toBeVisible();
  await noEntities(hit.textContent());
  await a.context().close();
});

test('wiki on a phone: the tree opens in a drawer and the page fits 375 px', async ({ browser, request }) => {
  const uid = Date.now().toString(36);
  const root = `celular-${uid}`;
  const gestor = await apiLogin(request, 'gestor');
  for (const body of [
    { path: root, title: `Manual ${uid}`, body: '<p>Início do manual.</p>' },
    { path: `${root}/fibra`, title: 'Fibra óptica', body: `<p>Emendas e fusões de fibra com um texto bem comprido para quebrar a linha ${'x'.repeat(60)}.</p>` },
    { path: `${root}/radio`, title: 'Rádio', body: '<p>Enlaces de rádio.</p>' },
  ]) {
    const r = await request.post('/api/wiki/page', { headers: auth(gestor.token), data: body });
    expect(r.status(), await r.text()).toBe(201);
  }
  const page = await as(browser, 'gestor', { width: 375, height: 740 });
  await page.goto(`/wiki/${root}/fibra`);
  await expect(page.getByRole('heading', { level: 1, name: 'Fibra óptica' })).toBeVisible();
  // no side panel on a phone: the tree is behind "Páginas"
  await expect(page.getByRole('complementary', { name: 'Árvore da wiki' })).toHaveCount(0);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await page.getByRole('button', { name: 'Páginas', exact: true }).click();
  const drawer = page.getByRole('dialog', { name: 'Árvore da wiki' });
  await expect(drawer).toBeVisible();
  const box = await drawer.boundingBox();
  expect(box!.width).toBeLessThanOrEqual(375);
  // the current page's branch is open
  await expect(drawer.getByRole('link', { name: 'Fibra óptica' })).toHaveAttribute('aria-current', 'page');
  await drawer.getByRole('link', { name: 'Rádio' }).click();
  await expect(drawer).toBeHidden();
  await expect(page).toHaveURL(new RegExp(`/wiki/${root}/radio$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Rádio' })).toBeVisible();
  // collapse and expand a branch
  await page.getByRole('button', { name: 'Páginas', exact: true }).click();
  await drawer.getByRole('button', { name: `Recolher Manual ${uid}` }).click();
  await expect(drawer.getByRole('link', { name: 'Rádio' })).toHaveCount(0);
  await drawer.getByRole('button', { name: `Expandir Manual ${uid}` }).click();
  await expect(drawer.getByRole('link', { name: 'Rádio' })).toBeVisible();
  await page.getByRole('button', { name: 'Fechar páginas' }).click();
  await expect(drawer).toBeHidden();
  await page.context().close();
});

test('wiki screens have no serious accessibility violations', async ({ browser, request }) => {
  test.setTimeout(120_000);
  const uid = Date.now().toString(36);
  const root = `acesso-${uid}`;
  const gestor = await apiLogin(request, 'gestor');
  const created = await request.post('/api/wiki/page', { headers: auth(gestor.token), data: { path: root, title: `Acessibilidade ${uid}`, body: '<h2>Roteadores</h2><p>Texto com <a href="https://example.com">um link</a>.</p><ul><li>um</li><li>dois</li></ul>' } });
  expect(created.status()).toBe(201);
  const { page: made } = await created.json();
  const saved = await request.put(`/api/wiki/page/${made.id}`, { headers: auth(gestor.token), data: { title: `Acessibilidade ${uid}`, body: '<h2>Roteadores</h2><p>Texto alterado.</p>', base_version: 1 } });
  expect(saved.status()).toBe(200);
  const page = await as(browser, 'gestor');
  await page.locator('.swal2-toast').waitFor({ state: 'detached', timeout: 10_000 }).catch(() => {});
  const screens: [string, string][] = [
    ['/wiki', 'Wiki'],
    [`/wiki/${root}`, `Acessibilidade ${uid}`],
    [`/wiki/${root}?modo=historico&de=1&para=2`, `Histórico: Acessibilidade ${uid}`],
    [`/wiki/search?q=roteadores ${uid}`, 'Pesquisa na wiki'],
    [`/wiki/${root}/nada`, 'Página não encontrada'],
  ];
  for (const [path, heading] of screens) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await page.getByLabel(/^(Carregando|Pesquisando)/).first().waitFor({ state: 'detached', timeout: 10_000 }).catch(() => {});
    if (path.includes('modo=historico')) await expect(page.getByTestId('wiki-diff')).toBeVisible();
    if (path.includes('search')) await expect(page.getByTestId('wiki-search-hit')).toHaveCount(1);
    expect({ path, violations: await seriousViolations(page) }).toEqual({ path, violations: [] });
  }
  await page.context().close();
});
