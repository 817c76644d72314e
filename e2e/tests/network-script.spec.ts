import { expect, test } from '@playwright/test';
import { apiLogin, auth, uiLogin } from './helpers';

/**
 * The MikroTik scripts page and the fields the scripts read: each device's script (the customer end's
 * way back by policy routing) and its "Remover configuração" script (removal by the operacoes:… comment
 * tags); the asset's management interface and the SVC's delivery interface on their forms. Run alone
 * with E2E_PORT=3121.
 */

test('the script page shows each device\'s removal script; the asset and SVC forms show the management and delivery interfaces', async ({ page, request }) => {
  test.setTimeout(120_000);
  const me = await apiLogin(request, 'gestor');
  const get = async (path: string) => (await (await request.get(path, { headers: auth(me.token) })).json()).items[0];
  const lmc = await get('/api/lmc?search=LMC-CWB-PGO-01');
  await uiLogin(page, 'gestor');

  await page.goto(`/lmc/generate-script/${lmc.id}`);
  await page.getByRole('button', { name: 'Gerar scripts' }).click();
  await expect(page.getByRole('tab', { name: /rt-borda-cwb-01/ })).toBeVisible();
  const code = page.locator('code.language-routeros');
  await expect(code).toContainText('comment="operacoes:');
  await expect(code).toContainText('check-gateway=ping');
  await page.getByRole('button', { name: 'Remover configuração' }).click();
  await expect(page.getByLabel('Script de remoção de rt-borda-cwb-01')).toBeVisible();
  await expect(code).toContainText('/interface vlan remove [find where comment~');
  await expect(page.getByRole('button', { name: 'Baixar .rsc' })).toBeVisible();
  await page.getByRole('tab', { name: /rt-pgo-01/ }).click();
  // The customer end returns the SVC blocks by policy routing (a rule by source, a table of the union), never a default route of its own.
  await expect(code).toContainText('src-address="200.150.10.0/29" action=lookup-only-in-table table="operacoes-retorno-UN-CWB-PGO"');
  await page.getByRole('button', { name: 'Remover configuração' }).click();
  await expect(page.getByLabel('Script de remoção de rt-pgo-01')).toBeVisible();

  const asset = await get('/api/asset?search=rt-pgo-01');
  await page.goto(`/asset/edit/${asset.id}`);
  await expect(page.getByRole('combobox', { name: 'Interface de gerência' })).toHaveText('ether5');

  const svc = await get('/api/svc?search=SVC-0001');
  await page.goto(`/svc/edit/${svc.id}`);
  await expect(page.getByRole('combobox', { name: 'Interface de entrega' })).toHaveText('rt-pgo-01 · ether3');
});
