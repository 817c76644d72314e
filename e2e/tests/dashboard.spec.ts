import { expect, test, type Browser } from '@playwright/test';
import { apiLogin, auth, uiLogin } from './helpers';

/**
 * The dashboard "O que precisa de mim agora": the manager (gestor) sees the cards their
 * permissions allow and the organization's key figures on a 375 px phone; the circuits-down card
 * changes live (no reload) when a circuit goes down and comes back; a user without permissions sees
 * no card, only the greeting and the quick access.
 */

async function as(browser: Browser, username: string, password?: string) {
  const context = await browser.newContext({ locale: 'pt-BR', timezoneId: 'America/Sao_Paulo', viewport: { width: 375, height: 812 } });
  const page = await context.newPage();
  await uiLogin(page, username, password);
  return page;
}

test('dashboard: the manager’s cards and figures, the circuits-down card live, nothing for a user without permissions', async ({ browser, request }) => {
  test.setTimeout(120_000);
  const tag = Date.now().toString(36).toUpperCase().slice(-6);
  const gestor = await as(browser, 'gestor');
  await gestor.goto('/');
  await expect(gestor.getByRole('heading', { level: 1, name: /Bom dia|Boa tarde|Boa noite/ })).toBeVisible();
  await expect(gestor.getByRole('heading', { level: 2, name: 'O que precisa de mim agora' })).toBeVisible();
  // Every card the manager's permissions allow, each with a count and its list link.
  for (const [title, link] of [
    ['Solicitações de patrimônio', '/patrimony-solicitation?waiting=true'],
    ['Solicitações de envio', '/shipment-solicitation?status=pendente'],
    ['Minhas atividades de hoje', '/external-activity?mine=true'],
    ['Minhas atividades com SLA estourado', '/external-activity?mine=true&breached=true'],
    ['Para confirmar recebimento', '/my-patrimony'],
    ['Circuitos de operadora fora do ar', '/circuit?down=true'],
    ['Produtos abaixo do mínimo', '/product?belowMinimum=true'],
  ] as const) {
    const card = gestor.getByRole('region', { name: title, exact: true });
    await expect(card).toBeVisible();
    await expect(card.getByRole('paragraph').filter({ hasText: /^\d+$/ })).toBeVisible();
    await expect(card.getByRole('link').last()).toHaveAttribute('href', link);
  }
  // The key figures of the organization.
  await expect(gestor.getByRole('heading', { level: 2, name: 'Números da organização' })).toBeVisible();
  for (const label of ['Atividades na semana', 'Cumprimento do SLA no mês', 'Disponibilidade dos circuitos no mês', 'Valor em estoque']) await expect(gestor.getByRole('region', { name: label })).toBeVisible();
  await expect(gestor.getByRole('region', { name: 'Valor em estoque' })).toContainText(/R\$ [\d.]+,\d\d/);
  // The 14-day sparkline arrives in its own chunk and draws inside the box that kept its place.
  const sparkline = gestor.getByRole('img', { name: /^Atividades abertas por dia nos últimos 14 dias/ });
  await expect(sparkline.locator('svg path').first()).toBeVisible({ timeout: 20_000 });
  await expect(gestor.getByRole('heading', { level: 2, name: 'Acesso rápido' })).toBeVisible();
  // A phone: nothing scrolls the page sideways.
  expect(await gestor.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

  const down = gestor.getByRole('region', { name: 'Circuitos de operadora fora do ar' });
  const count = down.getByTestId('dashboard-count-circuits_down');
  const before = Number(await count.textContent());
  await gestor.screenshot({ path: test.info().outputPath('dashboard-375.png'), fullPage: true });
  await gestor.waitForTimeout(1500); // the realtime stream is connected

  // A circuit goes down (through the API, as the NOC would record it): the card changes without a reload.
  const me = await apiLogin(request, 'gestor');
  const site = (await (await request.get('/api/site?search=POP-CWB-01', { headers: auth(me.token) })).json()).items[0].id as number;
  const circuit = await request.post('/api/circuit', { headers: auth(me.token), data: { carrier: 'Vivo', designation: `VIV-DASH-${tag}`, type: 'l2l', bandwidth_mbps: 200, site_a_id: site, monthly_cost: '800', sla_percent: 99.5 } });
  expect(circuit.status()).toBe(201);
  const { id } = (await circuit.json()) as { id: number };
  const period = await request.post(`/api/circuit/${id}/unavailability`, { headers: auth(me.token), data: { started_at: new Date(Date.now() - 60_000).toISOString(), cause: 'Rompimento de fibra (teste do painel)', responsibility: 'operadora' } });
  expect(period.status()).toBe(201);
  await expect(count).toHaveText(String(before + 1), { timeout: 20_000 });
  await expect(down).toHaveAttribute('data-tone', 'danger');
  const item = down.getByRole('listitem').filter({ hasText: `Vivo · VIV-DASH-${tag}` });
  await expect(item).toContainText('fora do ar');
  await expect(item.getByRole('link', { name: `Vivo · VIV-DASH-${tag}` })).toHaveAttribute('href', `/circuit/${id}/unavailability/`);

  // It comes back: the card follows.
  const closed = await request.put(`/api/circuit/unavailability/${(await period.json()).id}`, { headers: auth(me.token), data: { ended_at: new Date().toISOString() } });
  expect(closed.status()).toBe(200);
  await expect(count).toHaveText(String(before), { timeout: 20_000 });
  await expect(down.getByText(`Vivo · VIV-DASH-${tag}`)).toHaveCount(0);

  // A card's list link opens the list already filtered (the list reads its filters from the address).
  const belowCard = gestor.getByRole('region', { name: 'Produtos abaixo do mínimo', exact: true });
  const below = Number(await belowCard.getByTestId('dashboard-count-below_minimum').textContent());
  await belowCard.getByRole('link').last().click();
  await expect(gestor).toHaveURL(/\/product\?belowMinimum=true$/);
  await expect(gestor.getByRole('combobox', { name: 'Estoque mínimo' })).toContainText('Abaixo do mínimo');
  await expect(gestor.getByRole('grid').getByRole('row')).toHaveCount(below + 1); // the header and one row per product

  // A user without any permission: 200, no card, no figure; the greeting and quick access remain.
  const username = `sem.permissao.${tag.toLowerCase()}`;
  const created = await request.post('/api/user', {
    headers: auth(me.token),
    data: { username, email: `${username}@demotelecom.com.br`, password: 'senha-segura-1', person: { nickname: 'Beto', full_name: 'Roberto Sem Permissão' }, permissions: [] },
  });
  expect(created.status()).toBe(201);
  const plain = await as(browser, username, 'senha-segura-1');
  // Every dashboard answer this page reads (the login's landing may still be loading one when the page reloads;
  // a body left behind by that navigation cannot be read, and is not counted).
  const answers: { status: number; body: unknown }[] = [];
  plain.on('response', (r) => {
    if (r.url().endsWith('/api/dashboard')) void r.json().then((body: unknown) => answers.push({ status: r.status(), body }), () => undefined);
  });
  await plain.goto('/');
  await expect.poll(() => answers.length, { timeout: 15_000 }).toBeGreaterThan(0);
  for (const a of answers) expect(a).toEqual({ status: 200, body: { cards: [], figures: null } });
  await expect(plain.getByRole('heading', { level: 1, name: /Beto!$/ })).toBeVisible();
  await expect(plain.getByRole('heading', { level: 2, name: 'Acesso rápido' })).toBeVisible();
  await expect(plain.getByLabel('Carregando o painel')).toHaveCount(0);
  await expect(plain.locator('[data-card]')).toHaveCount(0);
  await expect(plain.getByRole('heading', { name: 'O que precisa de mim agora' })).toHaveCount(0);
  await expect(plain.getByRole('heading', { name: 'Números da organização' })).toHaveCount(0);
});
