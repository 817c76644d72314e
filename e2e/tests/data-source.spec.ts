import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import { expectToast, uiLogin } from './helpers';

/** A local HTTP JSON source: /sites (good rows, one without key), /slow (answers after 5 s), needs the Bearer token. */
let server: Server;
let base = '';
const TOKEN = 'segredo-da-fonte';

test.beforeAll(async () => {
  server = createServer((req, res) => {
    if (req.headers.authorization !== `Bearer ${TOKEN}`) {
      res.writeHead(401, { 'content-type': 'application/json' }).end('{"erro":"token"}');
      return;
    }
    if (req.url === '/slow') {
      setTimeout(() => res.writeHead(200, { 'content-type': 'application/json' }).end('{"data":{"items":[]}}'), 5000);
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json' }).end(
      JSON.stringify({
        data: {
          items: [
            { codigo: 'POP-CWB-01', nome: 'POP Centro', endereco: { cidade: 'Curitiba' } },
            { codigo: 'POP-SJP-02', nome: 'POP Aeroporto', endereco: { cidade: 'São José dos Pinhais' } },
            { nome: 'Sem código' },
          ],
        },
      }),
    );
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
test.afterAll(() => new Promise<void>((r) => server.close(() => r())));

test('data sources: create with a write-only token, Testar shows the first rows, Executar imports and logs the rejected row', async ({ page }) => {
  const name = `Inventário legado ${Date.now().toString(36)}`;
  await uiLogin(page, 'gestor');
  await page.goto('/organization-settings');
  await page.getByRole('list', { name: 'Seções de configuração' }).getByRole('link', { name: /Fontes de dados/ }).click();
  await expect(page.getByRole('heading', { name: 'Fontes de dados' })).toBeVisible();
  await page.getByRole('link', { name: 'Nova fonte de dados' }).click();
  await expect(page.getByRole('heading', { name: 'Nova fonte de dados' })).toBeVisible();

  await page.getByRole('textbox', { name: 'Nome', exact: true }).fill(name);
  await page.getByRole('textbox', { name: 'URL' }).fill(`${base}/sites`);
  await page.getByLabel('Token (opcional)').fill(TOKEN);
  await page.getByRole('button', { name: 'Adicionar cabeçalho' }).click();
  await page.getByRole('textbox', { name: 'Cabeçalho' }).fill('Authorization');
  await page.getByRole('textbox', { name: 'Valor' }).fill('x');
  await page.getByRole('textbox', { name: 'Caminho dos registros' }).fill('data.items');
  await page.getByRole('textbox', { name: 'Campo-chave' }).fill('codigo');
  await page.getByRole('button', { name: 'Adicionar campo' }).click();
  await page.getByRole('textbox', { name: 'Campo de destino' }).fill('cidade');
  await page.getByRole('textbox', { name: 'Campo na fonte' }).fill('endereco.cidade');
  await page.getByRole('button', { name: 'Criar fonte de dados' }).click();
  // The contract refuses credentials in a header: the message lands on that row.
  await expect(page.getByText('Use o campo "token" para credenciais, não um cabeçalho Authorization')).toBeVisible();
  await page.getByRole('button', { name: 'Remover cabeçalho 1' }).click();
  await page.getByRole('button', { name: 'Criar fonte de dados' }).click();
  await expectToast(page, 'Fonte de dados criada!');
  await expect(page).toHaveURL(/\/organization-settings\/data-source\/edit\/\d+$/);

  // The token is never shown back; only that it exists.
  await expect(page.getByText('Token configurado (guardado criptografado)')).toBeVisible();
  await expect(page.locator(`input[value="${TOKEN}"]`)).toHaveCount(0);

  await page.getByRole('button', { name: 'Testar' }).click();
  const test = page.getByRole('dialog', { name: `Testar fonte: ${name}` });
  await expect(test).toContainText('A fonte respondeu com 3 registros.');
  await expect(test.getByRole('table', { name: 'Primeiros registros da fonte' })).toContainText('POP Aeroporto');
  await test.getByRole('tab', { name: 'Após o mapeamento' }).click();
  await expect(test.getByRole('table', { name: 'Registros mapeados' })).toContainText('São José dos Pinhais');
  await test.getByRole('button', { name: 'Fechar' }).last().click();

  await page.getByRole('button', { name: 'Executar' }).click();
  const run = page.getByRole('dialog', { name: `Executar importação: ${name}` });
  await run.getByRole('button', { name: 'Executar agora' }).click();
  await expect(run).toContainText('Importação concluída.');
  await expect(run).toContainText('Criados: 2');
  await expect(run).toContainText('Rejeitados: 1');
  await expect(run.getByRole('table', { name: 'Registros rejeitados' })).toContainText('Campo-chave "codigo" ausente');
  await run.getByRole('button', { name: 'Fechar' }).last().click();

  await page.getByRole('tab', { name: 'Execuções' }).click();
  await expect(page.getByRole('table', { name: 'Execuções da fonte' })).toContainText('Concluída');
  await page.getByRole('tab', { name: 'Registros importados' }).click();
  await expect(page.getByRole('table', { name: 'Registros importados' })).toContainText('POP-CWB-01');

  // A slow source times out with a clear message and changes nothing.
  await page.getByRole('tab', { name: 'Configuração' }).click();
  await page.getByRole('textbox', { name: 'URL' }).fill(`${base}/slow`);
  await page.getByRole('textbox', { name: 'Tempo limite (ms)' }).fill('1000');
  await page.getByRole('button', { name: 'Salvar alterações' }).click();
  await expectToast(page, 'Fonte de dados atualizada!');
  await page.getByRole('button', { name: 'Executar' }).click();
  await run.getByRole('button', { name: 'Executar agora' }).click();
  await expect(run.getByRole('alert')).toContainText('A fonte de dados não respondeu em 1 s. Nada foi alterado.');
  await run.getByRole('button', { name: 'Fechar' }).last().click();
  await page.getByRole('tab', { name: 'Registros importados' }).click();
  await expect(page.getByRole('table', { name: 'Registros importados' }).getByRole('row')).toHaveCount(3); // header + 2

  // History: creation and the token only as "changed".
  await page.getByRole('tab', { name: 'Histórico' }).click();
  await expect(page.getByRole('article').filter({ hasText: 'Criação' })).toContainText(name);
});
