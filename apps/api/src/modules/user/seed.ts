import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { DemoContext } from '../../core/demo-context';
import { apiTokens, users } from '../../core/schema';

/**
 * The demo's API token: gestor's read-only integration for the monitoring system, so "Tokens de API"
 * in Minha conta shows one (its secret was shown once, at the seed, and is not kept).
 */
export async function seedApiTokenDemo(ctx: DemoContext): Promise<boolean> {
  const [existing] = await ctx.app.db.select({ id: apiTokens.id }).from(apiTokens).where(eq(apiTokens.organization_id, ctx.organizationId)).limit(1);
  if (existing) return false;
  await ctx.as('gestor')('POST', '/me/token', { name: 'Zabbix (monitoramento)', permissions: ['SITE.INDEX', 'OPERATOR_CIRCUIT.INDEX', 'LMC.INDEX'] });
  return true;
}

/**
 * A branch with its own warehouse keeper: "Regional Ponta Grossa" with its stock and a few items,
 * and `almoxarife.pg`, whose warehouse permissions reach only that unit (the rest of the
 * organization's stocks and items are not his to see).
 */
/** The demo users' password (README). */
const DEMO_USER_PASSWORD = 'demo12345';

export async function seedUnitScopeDemo(ctx: DemoContext): Promise<boolean> {
  const [existing] = await ctx.app.db.select({ id: users.id }).from(users).where(eq(users.username, 'almoxarife.pg')).limit(1);
  if (existing) return false;
  const gestor = ctx.as('gestor');
  type Row = { id: number };
  const unit = await gestor<Row>('POST', '/unit-organizational', { name: 'Regional Ponta Grossa', code: 'PGO', address: 'Av. Carlos Cavalcanti, 4748 — Uvaranas, Ponta Grossa/PR' });
  const stock = await gestor<Row>('POST', '/stock', { name: 'Estoque Regional Ponta Grossa', code: 'EST-PGO', unit_organizational_id: unit.id, address: 'Av. Carlos Cavalcanti, 4748 — Ponta Grossa/PR' });
  const shelf = await gestor<Row>('POST', '/section', { stock_id: stock.id, code: 'PGO-A1', name: 'Prateleira A1 — CPE', description: 'ONUs e roteadores da regional' });
  const [onu] = (await gestor<{ items: Row[] }>('GET', '/product?search=EG8145')).items;
  if (onu) await gestor('POST', '/patrimony/bulk', { product_id: onu.id, section_id: shelf.id, serials: ['48575443PG01', '48575443PG02', '48575443PG03'], invoice_number: '46012', supplier: 'Huawei do Brasil', acquisition_value: '289.90' });
  const scope = [unit.id];
  const keeper = await gestor<Row>('POST', '/user', {
    username: 'almoxarife.pg',
    email: 'almoxarife.pg@demotelecom.com.br',
    // The API refuses the demo's weak password; the demo users' one is set below, as theirs is.
    password: `Pg-${randomBytes(12).toString('base64url')}`,
    person: { nickname: 'Rafael', full_name: 'Rafael Kowalski' },
    permissions: ['STOCK', 'SECTION', 'PATRIMONY', 'PATRIMONY_OUT_REQUEST', 'PRODUCT.INDEX'],
    permission_scopes: { STOCK: scope, SECTION: scope, PATRIMONY: scope, PATRIMONY_OUT_REQUEST: scope },
    unit_organizational_id: unit.id,
  });
  await ctx.app.db.update(users).set({ password_hash: await ctx.app.passwords.hash(DEMO_USER_PASSWORD) }).where(eq(users.id, keeper.id));
  return true;
}
