import { expect, test, type Page } from '@playwright/test';
import { apiLogin, auth, expectToast, pick, uiLogin } from './helpers';

/**
 * Projects in the browser: the manager creates a project, three tasks (one waiting for another)
 * and a milestone, drags a task's bar on the Gantt (its dates change through the API), and reads
 * the dashboard: progress, tasks by status and the cost of a write-off naming the project — also
 * on a phone's width.
 */

/** Types a date (dd/mm/aaaa) into the kit's date field labelled `label` (inside `scope`). */
async function fillDate(page: Page, scope: ReturnType<Page['locator']> | Page, label: string, ddmmyyyy: string) {
  const field = scope.locator('.MuiFormControl-root').filter({ has: page.locator('label', { hasText: new RegExp(`^${label}`) }) });
  await field.getByRole('spinbutton').first().click();
  await page.keyboard.type(ddmmyyyy.replaceAll('/', ''));
  await expect(field.locator('input').first()).toHaveValue(ddmmyyyy);
}

test('projects: create with tasks and a milestone, drag a bar on the Gantt, read the dashboard', async ({ page, request }) => {
  test.setTimeout(180_000);
  const tag = Date.now().toString(36).toUpperCase().slice(-6);
  const code = `PRJ-E2E-${tag}`;
  await uiLogin(page, 'gestor');

  await page.goto('/project/create');
  await page.getByRole('textbox', { name: /^Código/ }).fill(code);
  await page.getByRole('textbox', { name: /^Nome/ }).fill(`Expansão FTTH Castro ${tag}`);
  await page.getByRole('textbox', { name: /^Cliente/ }).fill('Prefeitura de Castro');
  await pick(page, /Gerente/, 'Marina');
  await page.getByRole('combobox', { name: /Unidade organizacional/ }).click();
  await page.getByRole('option', { name: /Matriz Curitiba/ }).click();
  await fillDate(page, page, 'Início', '01/12/2026');
  await fillDate(page, page, 'Término', '31/03/2027');
  await page.getByRole('textbox', { name: /Orçamento/ }).fill('50000,00');
  await page.getByRole('button', { name: 'Criar projeto' }).click();
  await expectToast(page, 'Projeto criado!');
  await expect(page).toHaveURL(/\/project\/edit\/\d+$/);
  const projectId = Number(page.url().split('/').pop());

  // Three tasks and a milestone, through the dialog.
  const tasks = [
    { title: 'Projeto executivo', starts: '01/12/2026', due: '10/12/2026' },
    { title: 'Lançamento de cabos', starts: '11/12/2026', due: '31/12/2026', after: 'Projeto executivo' },
    { title: 'Fusões e testes', starts: '04/01/2027', due: '15/01/2027' },
    { title: 'Rede pronta', starts: '20/01/2027', due: '20/01/2027', milestone: true },
  ];
  for (const t of tasks) {
    await page.getByRole('button', { name: 'Nova tarefa' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('textbox', { name: /^Título/ }).fill(t.title);
    await fillDate(page, dialog, 'Início', t.starts);
    await fillDate(page, dialog, 'Prazo', t.due);
    if (t.after) {
      await dialog.getByRole('combobox', { name: /Depende de/ }).click();
      await page.getByRole('option', { name: t.after }).click();
      await page.keyboard.press('Escape');
    }
    if (t.milestone) await dialog.getByRole('switch', { name: /Marco/ }).check();
    await dialog.getByRole('button', { name: 'Criar tarefa' }).click();
    await expectToast(page, 'Tarefa criada!');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page.getByRole('list', { name: 'Lista de tarefas' }).getByText(t.title, { exact: true })).toBeVisible();
  }

  // The Gantt opens on the first task while the project has not started: its bar is in view.
  await page.reload();
  const firstBar = page.getByTestId('gantt').locator('.bar-wrapper').filter({ hasText: 'Projeto executivo' }).locator('.bar');
  await expect(firstBar).toBeVisible();
  await expect
    .poll(async () => {
      const [bar, view] = await Promise.all([firstBar.boundingBox(), page.getByTestId('gantt').locator('.gantt-container').boundingBox()]);
      return !!bar && !!view && bar.x >= view.x && bar.x < view.x + view.width;
    })
    .toBe(true);

  // Drag "Fusões e testes" about three days later on the Gantt (day scale).
  const token = (await apiLogin(request, 'gestor')).token;
  const listed = async () => (await (await request.get(`/api/project/${projectId}/task`, { headers: auth(token) })).json()) as { id: number; title: string; starts_on: string; due_on: string }[];
  const fusion = (await listed()).find((t) => t.title === 'Fusões e testes')!;
  expect(fusion).toMatchObject({ starts_on: '2027-01-04', due_on: '2027-01-15' });
  await page.getByRole('button', { name: 'Dia', exact: true }).click();
  const bar = page.locator(`.bar-wrapper[data-id="t${fusion.id}"] .bar`);
  await bar.scrollIntoViewIfNeeded();
  const box = (await bar.boundingBox())!;
  const column = 45; // frappe-gantt's day column
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  for (let i = 1; i <= 6; i++) await page.mouse.move(box.x + box.width / 2 + (column * 3 * i) / 6, box.y + box.height / 2);
  await page.mouse.up();
  await expectToast(page, /Datas de "Fusões e testes" atualizadas/);
  // Later, the same length (12 days), and the list shows the saved dates.
  await expect.poll(async () => (await listed()).find((t) => t.id === fusion.id)!.starts_on).not.toBe('2027-01-04');
  const moved = (await listed()).find((t) => t.id === fusion.id)!;
  expect(moved.starts_on > '2027-01-04').toBe(true);
  expect((Date.parse(moved.due_on) - Date.parse(moved.starts_on)) / 86_400_000).toBe(11);
  const ddmmyyyy = (d: string) => d.split('-').reverse().join('/');
  await expect(page.locator('[data-task="Fusões e testes"]').getByTestId('task-dates')).toHaveText(`${ddmmyyyy(moved.starts_on)} a ${ddmmyyyy(moved.due_on)}`);

  // A write-off naming the project: 2 splitters at R$ 38,50.
  const storekeeper = (await apiLogin(request, 'almoxarife')).token;
  const [splitter] = (await (await request.get('/api/product?search=SPL-1X8', { headers: auth(storekeeper) })).json()).items;
  const balance = (await (await request.get(`/api/consumable/balances?product=${splitter.id}`, { headers: auth(storekeeper) })).json()).items.find((b: { quantity: number }) => b.quantity >= 2);
  const writeOff = await request.post('/api/consumable/write-off', { headers: auth(storekeeper), data: { product_id: splitter.id, section_id: balance.section.id, quantity: 2, reason: 'Splitters da obra de Castro', project_id: projectId } });
  expect(writeOff.status()).toBe(201);

  // The dashboard, on a desktop and on a phone's width.
  await page.getByRole('link', { name: 'Painel do projeto' }).click();
  await expect(page).toHaveURL(`/project/dashboard/${projectId}`);
  await expect(page.getByTestId('progress')).toHaveText('0%');
  await expect(page.getByTestId('tasks-by-status')).toContainText('A fazer: 4');
  await expect(page.getByTestId('cost-total')).toHaveText('R$ 77,00');
  await expect(page.getByRole('region', { name: 'Próximos marcos' })).toContainText('Rede pronta');
  await page.setViewportSize({ width: 360, height: 780 });
  await expect(page.getByTestId('cost-total')).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(1);
});

test('projects: a refused save shows every fault at once on its field, and its toast names fields by their labels', async ({ page, request }) => {
  test.setTimeout(120_000);
  const tag = Date.now().toString(36).toUpperCase().slice(-6);
  await uiLogin(page, 'gestor');
  await page.goto('/project/create');
  const control = (label: RegExp) => page.locator('.MuiFormControl-root').filter({ has: page.locator('label', { hasText: label }) });

  // Blank required fields and an end before the start: all said at once, each under its field.
  await page.getByRole('textbox', { name: /^Código/ }).fill('PRJ-FTTH-PG');
  await fillDate(page, page, 'Início', '10/12/2026');
  await fillDate(page, page, 'Término', '01/12/2026');
  await page.getByRole('button', { name: 'Criar projeto' }).click();
  await expect(page.getByRole('textbox', { name: /^Nome/ })).toHaveAccessibleDescription('Informe o nome');
  for (const picker of [/^Gerente/, /^Unidade organizacional/]) await expect(page.getByRole('combobox', { name: picker })).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('Campo obrigatório', { exact: true })).toHaveCount(2);
  await expect(control(/^Término/)).toContainText('O término deve ser igual ou posterior ao início');

  // The rest fixed, the code is the demo project's: the server's answer lands on "Código".
  await page.getByRole('textbox', { name: /^Nome/ }).fill(`Anel óptico ${tag}`);
  await pick(page, /Gerente/, 'Marina');
  await page.getByRole('combobox', { name: /Unidade organizacional/ }).click();
  await page.getByRole('option', { name: /Matriz Curitiba/ }).click();
  await fillDate(page, page, 'Término', '31/03/2027');
  await expect(control(/^Término/)).not.toContainText('O término deve');
  await page.getByRole('button', { name: 'Criar projeto' }).click();
  await expectToast(page, '409: Já existe um projeto com o código "PRJ-FTTH-PG".');
  await expect(page.getByRole('textbox', { name: /^Código/ })).toHaveAccessibleDescription('Já está em uso');
  await page.getByRole('textbox', { name: /^Código/ }).fill(`PRJ-ANEL-${tag}`);
  await page.getByRole('button', { name: 'Criar projeto' }).click();
  await expectToast(page, 'Projeto criado!');
  await expect(page).toHaveURL(/\/project\/edit\/\d+$/);
  const projectId = Number(page.url().split('/').pop());

  // A refusal only the server can give (a dependency cycle): its toast reads the field's label, never "depends_on".
  const token = (await apiLogin(request, 'gestor')).token;
  const task = async (body: Record<string, unknown>) => (await (await request.post(`/api/project/${projectId}/task`, { headers: auth(token), data: { starts_on: '2026-12-10', due_on: '2026-12-20', ...body } })).json()) as { id: number };
  const a = await task({ title: 'Projeto executivo' });
  await task({ title: 'Lançamento de cabos', depends_on: [a.id] });
  await page.reload();
  await page.getByRole('button', { name: 'Editar Projeto executivo' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('combobox', { name: /Depende de/ }).click();
  await page.getByRole('option', { name: 'Lançamento de cabos' }).click();
  await page.keyboard.press('Escape');
  await dialog.getByRole('button', { name: 'Salvar tarefa' }).click();
  const cycle = 'Dependência circular: "Projeto executivo" → "Lançamento de cabos" → "Projeto executivo". Remova uma das dependências.';
  await expectToast(page, `422: Depende de: ${cycle}`);
  await expect(dialog.getByText(cycle)).toBeVisible();
});
