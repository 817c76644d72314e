import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { apiLogin, auth, uiLogin } from './helpers';

/**
 * The topology of an LMC in a union (the demo's LMC-CWB-PGO-01, active-backup with LMC-CWB-PGO-02 over the
 * Vivo circuit), measured on the screen at 1366 px and at 360 px: the two members are separate lines that never
 * touch, each edge has its interface names at its two ends, no label covers a node's name, everything is
 * inside the canvas after "Ajustar à tela", a phone reads it top to bottom at a size one can read, and the
 * header names the union's mode in Portuguese. And a union with an operator circuit: the circuit is drawn from
 * site to site, apart from the LMC's segment, inside the canvas.
 */

type Rect = { x: number; y: number; width: number; height: number };

/** Serious or critical accessibility violations on the page as it is. */
async function a11y(page: Page) {
  const { default: AxeBuilder } = await import('@axe-core/playwright');
  const r = await new AxeBuilder({ page }).exclude('.swal2-container').analyze();
  return r.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => ({ id: v.id, nodes: v.nodes.slice(0, 3).map((n) => n.target.join(' ')) }));
}

async function lmcByCode(request: APIRequestContext, code: string): Promise<{ id: number }> {
  const me = await apiLogin(request, 'gestor');
  const list = await (await request.get(`/api/lmc?search=${code}`, { headers: auth(me.token) })).json();
  return list.items.find((l: { code: string }) => l.code === code);
}

async function open(browser: Browser, width: number, height: number, lmcId: number, edge = 'edge-lmx-3') {
  const context = await browser.newContext({ viewport: { width, height }, locale: 'pt-BR', timezoneId: 'America/Sao_Paulo' });
  const page = await context.newPage();
  await uiLogin(page, 'gestor');
  await page.goto(`/lmc/topology/${lmcId}`);
  await expect(page.getByTestId('topology-canvas')).toHaveAttribute('aria-busy', 'false', { timeout: 30_000 });
  await expect(page.getByTestId(edge)).toBeVisible();
  return page;
}

/** Points along an edge's drawn path every 2 px, on the screen. */
const pathPoints = (page: Page, edgeKey: string) =>
  page.evaluate((key) => {
    const path = document.querySelector<SVGPathElement>(`[data-id="${key}"] path.react-flow__edge-path`)!;
    const m = path.getScreenCTM()!;
    const out: { x: number; y: number }[] = [];
    const length = path.getTotalLength();
    for (let l = 0; l <= length; l += 2) {
      const p = path.getPointAtLength(l);
      out.push({ x: m.a * p.x + m.c * p.y + m.e, y: m.b * p.x + m.d * p.y + m.f });
    }
    return { d: path.getAttribute('d')!, points: out };
  }, edgeKey);

/** The boxes of what matches inside the canvas (the legend's sample is outside). */
const rects = (page: Page, selector: string) =>
  page.getByTestId('topology-canvas').locator(selector).evaluateAll((els) => els.map((el) => ({ text: el.textContent ?? '', ...JSON.parse(JSON.stringify(el.getBoundingClientRect())) }) as Rect & { text: string }));

const overlap = (a: Rect, b: Rect) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
const within = (r: Rect, box: Rect, slack = 1) => r.x >= box.x - slack && r.y >= box.y - slack && r.x + r.width <= box.x + box.width + slack && r.y + r.height <= box.y + box.height + slack;
/** Distance from a point to a box (0 inside). */
const gap = (p: { x: number; y: number }, b: Rect) => Math.hypot(Math.max(b.x - p.x, 0, p.x - (b.x + b.width)), Math.max(b.y - p.y, 0, p.y - (b.y + b.height)));
const zoomOf = async (page: Page) => Number(/scale\(([\d.]+)\)/.exec((await page.locator('.react-flow__viewport').getAttribute('style')) ?? '')?.[1]);

/** No label covers a node's name (neither the descriptions nor the interface names), no label another, and names are whole. */
async function checkNamesClear(page: Page, edges: number) {
  const names = [...(await rects(page, '.topo-asset-host')), ...(await rects(page, '.topo-site-code')), ...(await rects(page, '.topo-site-name'))];
  const labels = [...(await rects(page, '.topo-label')), ...(await rects(page, '.topo-end'))].filter((l) => l.width > 0);
  expect(names.length).toBeGreaterThanOrEqual(2 + 2 * 2);
  expect(labels.length).toBeGreaterThanOrEqual(edges);
  for (const n of names) for (const l of labels) expect(overlap(n, l), `"${l.text}" over "${n.text}"`).toBe(false);
  for (const [i, a] of labels.entries()) for (const b of labels.slice(i + 1)) expect(overlap(a, b), `"${a.text}" over "${b.text}"`).toBe(false);
  // Where a name is on the screen, it is what a finger or a pointer finds there.
  const onTop = await page
    .getByTestId('topology-canvas')
    .locator('.topo-asset-host, .topo-site-code, .topo-site-name')
    .evaluateAll((els) =>
      els.flatMap((el) => {
        const r = el.getBoundingClientRect();
        const [x, y] = [r.x + Math.min(r.width, 30) / 2, r.y + r.height / 2];
        if (x < 0 || y < 0 || x > innerWidth || y > innerHeight) return [];
        const top = document.elementFromPoint(x, y);
        return [{ name: el.textContent, ok: !!top && (el === top || el.contains(top) || top.contains(el)), top: top?.className }];
      }),
    );
  expect(onTop.length).toBeGreaterThan(0);
  for (const t of onTop) expect(t, `${t.name} is on top`).toMatchObject({ ok: true });
  // Names are whole: no box cuts its text.
  const cut = await page
    .getByTestId('topology-canvas')
    .locator('.topo-asset-host, .topo-asset-sub, .topo-site-code, .topo-site-name')
    .evaluateAll((els) => els.filter((el) => el.scrollWidth > el.clientWidth + 1).map((el) => el.textContent));
  expect(cut).toEqual([]);
}

/** What must hold at any width, on the picture as it is on the screen. */
async function checkGeometry(page: Page) {
  // The union's two members are two separate lines: the LMC's path (two segments over the radio) and its sibling's.
  const main = [...(await pathPoints(page, 'lmx:1')).points, ...(await pathPoints(page, 'lmx:2')).points];
  const sibling = await pathPoints(page, 'lmx:3');
  expect(sibling.d).not.toBe((await pathPoints(page, 'lmx:1')).d);
  const closest = Math.min(...sibling.points.map((p) => Math.min(...main.map((q) => Math.hypot(p.x - q.x, p.y - q.y)))));
  expect(closest, 'the sibling LMC never touches the main path').toBeGreaterThan(5);

  // Interface names at each edge's ends, beside the route's first and last points.
  const ends: [string, string, string][] = [
    ['lmx:1', 'ether2', 'wlan0'],
    ['lmx:2', 'eth0', 'ether1'],
    ['lmx:3', 'ether3', 'ether2'],
  ];
  for (const [key, from, to] of ends) {
    const id = key.replace(':', '-');
    const route = (await pathPoints(page, key)).points;
    const zoom = await zoomOf(page);
    for (const [side, name, at] of [['from', from, route[0]], ['to', to, route[route.length - 1]]] as const) {
      const label = page.getByTestId(`iface-${id}-${side}`);
      await expect(label).toHaveText(name);
      const box = (await label.boundingBox())!;
      expect(gap(at, box), `${key} ${side} ${name} at its end`).toBeLessThan(14 * zoom);
    }
  }

  await checkNamesClear(page, 3);
}

/** After "Ajustar à tela": every node, route and label inside the canvas. */
async function checkFitted(page: Page) {
  await page.getByRole('button', { name: 'Ajustar à tela' }).click();
  await page.waitForTimeout(400);
  const canvas = (await page.getByTestId('topology-canvas').boundingBox())!;
  const drawn = [
    ...(await rects(page, '.topo-site')),
    ...(await rects(page, '.topo-asset')),
    ...(await rects(page, '.topo-label')),
    ...(await rects(page, '.topo-end')),
    ...(await page.getByTestId('topology-canvas').locator('path.react-flow__edge-path').evaluateAll((els) => els.map((el) => ({ text: el.closest('[data-id]')?.getAttribute('data-id') ?? '', ...JSON.parse(JSON.stringify(el.getBoundingClientRect())) })))),
  ];
  expect(drawn.length).toBeGreaterThanOrEqual(8);
  for (const r of drawn) expect(within(r, canvas), `${r.text} inside the canvas`).toBe(true);
}

test('the topology of a union member at 1366 px: separate members, interface names at the ends, no name covered, Ativo/reserva', async ({ browser, request }) => {
  test.setTimeout(120_000);
  const lmc = await lmcByCode(request, 'LMC-CWB-PGO-01');
  const page = await open(browser, 1366, 768, lmc.id);
  await expect(page.getByText(/União: UN-CWB-PGO \(Ativo\/reserva\)/)).toBeVisible();
  await expect(page.getByText('active-backup')).toHaveCount(0);
  await expect(page.getByTestId('topology-canvas')).toHaveAttribute('data-direction', 'RIGHT');
  // The member over the Vivo circuit is drawn as the sibling, down.
  await expect(page.getByTestId('edge-lmx-3')).toHaveAttribute('data-role', 'sibling');
  await expect(page.getByTestId('edge-lmx-3')).toContainText('LMC-CWB-PGO-02');
  await expect(page.getByTestId('edge-lmx-3')).toHaveAttribute('data-down', 'true');
  // The first view already holds the whole picture.
  const canvas = (await page.getByTestId('topology-canvas').boundingBox())!;
  for (const r of await rects(page, '.topo-site, .topo-label, .topo-end')) expect(within(r, canvas)).toBe(true);
  await checkGeometry(page);
  await checkFitted(page);
  expect(await a11y(page)).toEqual([]);
  // The light theme too.
  await page.evaluate(() => localStorage.setItem('darkTheme', 'false'));
  await page.reload();
  await expect(page.getByTestId('topology-canvas')).toHaveAttribute('aria-busy', 'false', { timeout: 30_000 });
  await checkGeometry(page);
  expect(await a11y(page)).toEqual([]);
  await page.context().close();
});

test('the topology at 360 px: top to bottom, readable, with zoom buttons (+, −, fit)', async ({ browser, request }) => {
  test.setTimeout(120_000);
  const lmc = await lmcByCode(request, 'LMC-CWB-PGO-01');
  const page = await open(browser, 360, 740, lmc.id);
  await expect(page.getByTestId('topology-canvas')).toHaveAttribute('data-direction', 'DOWN');
  await expect(page.getByText(/Ativo\/reserva/)).toBeVisible();
  // Nothing wider than the phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  // Readable as it opens: a hostname at least 12 px high, the path's start (ponta A) in view.
  const host = (await page.locator('.topo-asset-host', { hasText: 'rt-borda-cwb-01' }).boundingBox())!;
  expect(host.height).toBeGreaterThanOrEqual(12);
  const canvas = (await page.getByTestId('topology-canvas').boundingBox())!;
  expect(within(host, canvas)).toBe(true);
  // Read down the screen: A end above the radio, the radio above the B end.
  const y = async (name: string) => (await page.locator('.topo-asset-host', { hasText: name }).boundingBox())!.y;
  expect(await y('rt-borda-cwb-01')).toBeLessThan(await y('radio-pgo-01'));
  expect(await y('radio-pgo-01')).toBeLessThan(await y('rt-pgo-01'));
  await checkGeometry(page);

  // The zoom buttons, in Portuguese, big enough for a finger.
  const zoomIn = page.getByRole('button', { name: 'Aproximar' });
  const zoomOut = page.getByRole('button', { name: 'Afastar' });
  for (const b of [zoomIn, zoomOut, page.getByRole('button', { name: 'Ajustar à tela' })]) {
    await expect(b).toBeVisible();
    expect((await b.boundingBox())!.width).toBeGreaterThanOrEqual(32);
  }
  const before = await zoomOf(page);
  await zoomIn.click();
  await expect.poll(() => zoomOf(page)).toBeGreaterThan(before);
  const bigger = await zoomOf(page);
  await zoomOut.click();
  await zoomOut.click();
  await expect.poll(() => zoomOf(page)).toBeLessThan(bigger);
  await checkFitted(page);
  await page.context().close();
});

test('a union with an operator circuit: the circuit is drawn site to site, inside the canvas, at both widths', async ({ browser, request }) => {
  test.setTimeout(180_000);
  const me = await apiLogin(request, 'gestor');
  const get = async (path: string) => (await request.get(`/api${path}`, { headers: auth(me.token) })).json();
  const site = async (code: string) => (await get(`/site?search=${code}`)).items.find((s: { code: string }) => s.code === code) as { id: number };
  const asset = async (hostname: string) => (await get(`/asset?search=${hostname}`)).items.find((a: { hostname: string }) => a.hostname === hostname) as { id: number; interfaces: { id: number; name: string }[] };
  const [ldb, cwb] = [await site('POP-LDB-01'), await site('POP-CWB-01')];
  const [rtLdb, swCore] = [await asset('rt-ldb-01'), await asset('sw-core-cwb-01')];
  const tim = (await get('/circuit?search=TIM-LDB-LTL-3302')).items[0] as { id: number; site_a_id: number; site_b_id: number };
  expect([tim.site_a_id, tim.site_b_id].sort()).toEqual([ldb.id, cwb.id].sort());
  const tag = Date.now().toString(36).toUpperCase();
  // A VLAN of this run's own (a retry must not meet the first run's on the same interface).
  const vlan = 3000 + (Date.now() % 1000);
  const post = async (path: string, data: unknown) => {
    const res = await request.post(`/api${path}`, { headers: auth(me.token), data });
    expect(res.status(), await res.text()).toBe(201);
    return res.json();
  };
  const lmc = await post('/lmc', { code: `LMC-TOPO-${tag}`, name: 'Londrina ⇄ Curitiba (teste da topologia)', site_a_id: ldb.id, site_b_id: cwb.id, capacity_mbps: 1000 });
  const seg = await post('/lmx', { lmc_id: lmc.id, from_asset_id: rtLdb.id, from_interface_id: rtLdb.interfaces.find((i) => i.name === 'sfp-sfpplus1')!.id, to_asset_id: swCore.id, to_interface_id: swCore.interfaces[0].id, medium: 'fibra_propria', vlan_id: vlan, capacity_mbps: 1000 });
  await post('/union', { code: `UN-TOPO-${tag}`, name: 'Teste da topologia', mode: 'active-backup', members: [{ lmc_id: lmc.id }, { circuit_id: tim.id }] });

  for (const [width, height] of [[1366, 768], [360, 740]]) {
    const page = await open(browser, width, height, lmc.id, `edge-circuit-${tim.id}`);
    await expect(page.getByText(new RegExp(`UN-TOPO-${tag} \\(Ativo/reserva\\)`))).toBeVisible();
    await expect(page.getByTestId(`edge-circuit-${tim.id}`)).toContainText('TIM TIM-LDB-LTL-3302');
    await expect(page.getByTestId(`iface-lmx-${seg.id}-from`)).toHaveText('sfp-sfpplus1');
    await expect(page.getByTestId(`iface-lmx-${seg.id}-to`)).toHaveText(swCore.interfaces[0].name);
    // The circuit and the segment are two lines.
    const circuitPath = await pathPoints(page, `circuit:${tim.id}`);
    const segmentPath = await pathPoints(page, `lmx:${seg.id}`);
    expect(Math.min(...circuitPath.points.map((p) => Math.min(...segmentPath.points.map((q) => Math.hypot(p.x - q.x, p.y - q.y)))))).toBeGreaterThan(5);
    await checkNamesClear(page, 2);
    await checkFitted(page);
    await page.context().close();
  }
});
