import { expect, test, type Browser, type BrowserContext } from '@playwright/test';
import { apiLogin, auth, expectToast, pick, uiLogin } from './helpers';

/**
 * Field service in the browser, on phones (360 px, touch): the manager creates a work order for the
 * demo technician and schedules it; the technician opens it from the notification, departs,
 * starts, answers the checklist (the network cut in the middle: the answers stay, marked "não
 * enviado", and go when it comes back), installs an item they hold by typing its tag, uses a
 * consumable, takes a photo, has the client sign, concludes and downloads the PDF report. The
 * manager, who dispatches but is not assigned, sees the dispatch steps and none of the on-site ones;
 * the technician sees nothing to do on an order that is not his.
 */
const PHONE = {
  viewport: { width: 360, height: 780 },
  isMobile: true,
  hasTouch: true,
  locale: 'pt-BR',
  timezoneId: 'America/Sao_Paulo',
  acceptDownloads: true,
  permissions: ['geolocation'],
  geolocation: { latitude: -25.4419, longitude: -49.2381, accuracy: 12 },
};
/** A 1×1 PNG (the phone's camera, in a test). */
const PHOTO = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

async function phone(browser: Browser, username: string): Promise<{ context: BrowserContext; page: Awaited<ReturnType<BrowserContext['newPage']>> }> {
  const context = await browser.newContext(PHONE);
  const page = await context.newPage();
  await uiLogin(page, username);
  return { context, page };
}

test('field service on the phone: create, assign, work the order offline and online, conclude with the PDF report', async ({ browser, request }) => {
  test.setTimeout(240_000);
  const tag = Date.now().toString(36).toUpperCase().slice(-6);
  const client = `Cliente E2E ${tag}`;

  // The manager creates the order and assigns the demo technician (Luiz).
  const manager = await phone(browser, 'gestor');
  let page = manager.page;
  await page.goto('/external-activity/create');
  await pick(page, /Tipo de atendimento/, 'Instalação de internet dedicada');
  await page.getByRole('textbox', { name: /^Nome do cliente/ }).fill(client);
  await pick(page, /Técnicos/, 'Luiz', true);
  await expect(page.getByRole('button', { name: /Luiz/ })).toBeVisible();
  await page.getByRole('textbox', { name: /^Endereço/ }).fill('Rua das Flores, 100 — Centro');
  await page.getByRole('button', { name: 'Usar minha localização' }).click();
  await expect(page.getByLabel('Latitude')).toHaveValue(/-25,44/);
  await page.getByRole('button', { name: 'Criar atividade externa' }).click();
  await expectToast(page, 'Atividade externa criada!');
  await expect(page).toHaveURL(/\/external-activity\/manage\/\d+$/);
  const id = Number(page.url().split('/').pop());
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^Atividade OS-\d{6}$/);
  const code = ((await page.getByRole('heading', { level: 1 }).textContent()) ?? '').replace('Atividade ', '').trim();
  expect(code).toMatch(/^OS-\d{6}$/);
  await page.getByRole('button', { name: 'Agendar' }).click();
  // A past slot of its own per run (a retry must not meet the first try's visit and its clash question).
  const n = parseInt(tag, 36);
  await page.getByLabel('Início').fill(`2026-10-${String(1 + (n % 28)).padStart(2, '0')}T${String(6 + (n % 12)).padStart(2, '0')}:${String(n % 60).padStart(2, '0')}`);
  await page.getByRole('dialog').getByRole('button', { name: 'Agendar' }).click();
  await expectToast(page, 'Agendar: feito!');
  await expect(page.getByText('Agendada', { exact: true }).first()).toBeVisible();

  // The technician opens it from the notification.
  const tech = await phone(browser, 'tecnico');
  page = tech.page;
  await page.getByTestId('notification-bell').click();
  await page.getByTestId('notification-list').getByText(`Atividade ${code} atribuída a você`).click();
  await expect(page).toHaveURL(new RegExp(`/external-activity/manage/${id}$`));
  await expect(page.getByRole('link', { name: 'Abrir no mapa' })).toHaveAttribute('href', /google\.com\/maps/);
  for (const step of ['Sair para o local', 'Iniciar atendimento']) {
    await page.getByRole('button', { name: step }).click();
    await page.locator('.swal2-confirm').click();
    await expectToast(page, `${step}: feito!`);
  }
  await expect(page.getByText('Em execução', { exact: true }).first()).toBeVisible();
  // On the phone the sticky bar is one primary step and a menu for the rest, 72 px high at most.
  const bar = page.getByTestId('step-bar');
  await expect(bar.getByRole('button', { name: 'Concluir' })).toBeVisible();
  expect(await bar.getByRole('button').count()).toBeLessThanOrEqual(2);
  expect((await bar.boundingBox())!.height).toBeLessThanOrEqual(72);

  // The manager dispatches but is not assigned: she may reschedule or cancel it, not work it on site.
  await manager.page.reload();
  await expect(manager.page.getByRole('button', { name: 'Reagendar' })).toBeVisible();
  await expect(manager.page.getByRole('button', { name: 'Concluir' })).toHaveCount(0);
  await expect(manager.page.getByTestId('checklist-item-1').getByRole('button', { name: 'Sim' })).toBeDisabled(); // answers shown, read-only

  // The checklist: "Concluir" is blocked while required items are empty.
  await page.getByRole('button', { name: 'Concluir' }).click();
  await expectToast(page, /Responda os itens obrigatórios/);
  const item = (n: number) => page.getByTestId(`checklist-item-${n}`);
  await item(1).getByRole('button', { name: 'Sim' }).click();
  await expect(item(1).getByText('Salvo')).toBeVisible();
  // A second tap on the chosen answer keeps it; only "Limpar" takes it back (and a new tap answers again).
  await item(1).getByRole('button', { name: 'Sim' }).click();
  await expect(item(1).getByRole('button', { name: 'Sim' })).toHaveAttribute('aria-pressed', 'true');
  await expect(item(1).getByText('Salvo')).toBeVisible();
  // The chosen answer is unmistakable in sunlight, in both themes: filled (an opaque background the
  // other choice has not) and its text at 4.5:1 or more against it.
  const looks = () =>
    item(1).evaluate((li) => {
      const rgba = (c: string) => (c.match(/[\d.]+/g) ?? []).map(Number).concat(1).slice(0, 4);
      const channel = (v: number) => ((v /= 255) <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4);
      const luminance = ([r, g, b]: number[]) => 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
      const colours = (name: string) => {
        const button = [...li.querySelectorAll('button')].find((b) => b.textContent === name)!;
        // The end of any theme transition, not a colour halfway through it.
        button.style.transition = 'none';
        const style = getComputedStyle(button);
        return { bg: rgba(style.backgroundColor), fg: rgba(style.color) };
      };
      const chosen = colours('Sim');
      // The text's alpha laid over the button's background, as the eye sees it.
      const seen = chosen.fg.slice(0, 3).map((v, i) => v * chosen.fg[3] + chosen.bg[i] * (1 - chosen.fg[3]));
      const [hi, lo] = [luminance(seen), luminance(chosen.bg)].sort((a, b) => b - a);
      return { filled: chosen.bg[3] === 1, otherFilled: colours('Não').bg[3] === 1, contrast: (hi + 0.05) / (lo + 0.05) };
    });
  for (const theme of ['dark', 'light']) {
    const seen = await looks();
    expect(seen, theme).toMatchObject({ filled: true, otherFilled: false });
    expect(seen.contrast, theme).toBeGreaterThanOrEqual(4.5);
    console.log(`chosen answer's contrast, ${theme} theme: ${seen.contrast.toFixed(2)}:1`);
    await page.getByTestId('theme-toggle').click();
  }
  await item(1).getByRole('button', { name: 'Limpar' }).click();
  await expect(item(1).getByRole('button', { name: 'Sim' })).toHaveAttribute('aria-pressed', 'false');
  await item(1).getByRole('button', { name: 'Sim' }).click();
  await expect(item(1).getByText('Salvo')).toBeVisible();
  // The network drops in the middle of the checklist: the answers stay on the screen, "não enviado".
  await tech.context.setOffline(true);
  await item(2).getByRole('textbox').fill('-18,5');
  await item(5).getByRole('textbox').fill('Instalado no rack do cliente');
  await expect(item(2).getByTestId('answer-unsent')).toBeVisible({ timeout: 20_000 });
  await expect(item(5).getByTestId('answer-unsent')).toBeVisible({ timeout: 20_000 });
  await tech.context.setOffline(false);
  await expect(item(2).getByText('Salvo')).toBeVisible({ timeout: 30_000 });
  await expect(item(5).getByText('Salvo')).toBeVisible({ timeout: 30_000 });
  const me = await apiLogin(request, 'tecnico');
  const answers = (await (await request.get(`/api/external-activity/${id}/answers`, { headers: auth(me.token) })).json()) as { value: unknown }[];
  expect(answers.map((a) => a.value)).toEqual(expect.arrayContaining([true, -18.5, 'Instalado no rack do cliente']));

  // Materials: an item the technician holds, by its tag; and 25 m of drop cable.
  const held = (await (await request.get('/api/my-patrimony?pageSize=100', { headers: auth(me.token) })).json()) as { items: { tag: string; status: string; product: { name: string } }[] };
  const onu = held.items.find((i) => i.product.name.includes('ONU') && i.status === 'em_uso');
  expect(onu, 'the demo technician holds an ONU').toBeTruthy();
  await page.getByLabel('Etiqueta do item').fill(onu!.tag);
  await page.getByRole('button', { name: 'Adicionar' }).click();
  await expectToast(page, `Item ${onu!.tag} instalado no cliente.`);
  await page.getByRole('button', { name: 'Consumível' }).click();
  await pick(page, /Consumível e seção/, 'Cabo drop 1 fibra');
  await page.getByLabel(/^Quantidade/).fill('25');
  await page.getByRole('button', { name: 'Adicionar' }).click();
  await expectToast(page, /25 m de Cabo drop 1 fibra registrados/);

  // A photo for the checklist's photo item (a file, as the camera gives one).
  await item(4).locator('input[type=file]').setInputFiles({ name: 'onu.png', mimeType: 'image/png', buffer: PHOTO });
  await expect(item(4).locator('img')).toHaveCount(1);
  await expect(item(4).getByText('Enviando…')).toHaveCount(0, { timeout: 20_000 });

  // The client signs with a finger.
  const pad = page.locator('canvas').first();
  await pad.scrollIntoViewIfNeeded();
  const box = (await pad.boundingBox())!;
  await page.mouse.move(box.x + 20, box.y + box.height / 2);
  await page.mouse.down();
  for (let k = 1; k <= 10; k++) await page.mouse.move(box.x + 20 + k * 20, box.y + box.height / 2 + (k % 2 ? 15 : -15));
  await page.mouse.up();
  await page.getByLabel(/Nome de quem assina/).fill('Maria da Silva');
  await page.getByRole('button', { name: 'Salvar assinatura' }).click();
  await expectToast(page, 'Assinatura salva.');
  await expect(page.getByRole('img', { name: 'Assinatura de Maria da Silva' })).toBeVisible();

  // Conclude and download the report.
  await page.getByRole('button', { name: 'Concluir' }).click();
  await page.locator('.swal2-confirm').click();
  // On a busy machine a send may fail for a moment and wait in the phone's queue, which sends it by itself.
  await expectToast(page, /Concluir: feito!|Salvo no aparelho; será enviado/);
  await expect(page.getByText('Concluída', { exact: true }).first()).toBeVisible({ timeout: 60_000 });
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Baixar relatório (PDF)' }).click()]);
  expect(download.suggestedFilename()).toBe(`atendimento-${code}.pdf`);
  const stream = await download.createReadStream();
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(c as Buffer);
  expect(Buffer.concat(chunks).subarray(0, 5).toString()).toBe('%PDF-');
  const timeline = page.getByTestId('timeline-entry');
  await expect(timeline).toHaveCount(5);
  await expect(timeline.nth(2)).toContainText('Saiu para o local');
  await expect(timeline.nth(2).getByRole('link', { name: /Localização do aparelho/ })).toBeVisible();

  // The list shows it concluded, within its SLA.
  page = manager.page;
  await page.goto('/external-activity');
  await page.getByRole('searchbox', { name: /Pesquisar código/ }).fill(code);
  const row = page.getByRole('row').filter({ has: page.getByRole('link', { name: code }) });
  await expect(page.getByRole('row')).toHaveCount(2);
  await expect(row.getByText('Concluída no prazo')).toBeVisible();
  await manager.context.close();
  await tech.context.close();
});

test("an order is its technicians': the demo technician opening the manager's own order sees no step, record or edit button", async ({ browser, request }) => {
  // The manager assigns an order to herself (she also works in the field) and schedules it.
  const { token } = await apiLogin(request, 'gestor');
  const get = async <T>(url: string) => (await (await request.get(url, { headers: auth(token) })).json()) as T;
  const [marina] = await get<{ id: number }[]>('/api/external-activity/technicians?search=Marina');
  const [type] = await get<{ id: number }[]>('/api/external-activity/type-options?search=Visita');
  const created = await request.post('/api/external-activity', {
    headers: auth(token),
    data: { assistance_type_id: type.id, client_name: `Cliente da Marina ${Date.now().toString(36)}`, technician_ids: [marina.id], scheduled_start: '2026-11-26T09:00:00-03:00' },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: number };
  expect((await request.post(`/api/external-activity/${id}/schedule`, { headers: auth(token), data: {} })).status()).toBe(200);

  const tech = await phone(browser, 'tecnico');
  await tech.page.goto(`/external-activity/manage/${id}`);
  await expect(tech.page.getByRole('heading', { level: 1 })).toHaveText(/^Atividade OS-\d{6}$/);
  await expect(tech.page.getByTestId('not-assigned')).toHaveText('Somente os técnicos designados registram este atendimento.');
  for (const name of ['Sair para o local', 'Cancelar', 'Editar dados']) await expect(tech.page.getByRole('button', { name }).or(tech.page.getByRole('link', { name }))).toHaveCount(0);

  // She, assigned, sees her own step.
  const manager = await phone(browser, 'gestor');
  await manager.page.goto(`/external-activity/manage/${id}`);
  await expect(manager.page.getByRole('button', { name: 'Sair para o local' })).toBeVisible();
  await expect(manager.page.getByTestId('not-assigned')).toHaveCount(0);
  await tech.context.close();
  await manager.context.close();
});
