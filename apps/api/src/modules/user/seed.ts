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
 * A branch with its own warehouse keeper and technician: "Regional Ponta Grossa" with its stock, a
 * few items, a work order and a viability study; `almoxarife.pg`, whose warehouse permissions reach
 * only that unit, and `tecnico.pg`, whose work orders and calendar do (the rest of the organization's
 * records are not theirs to see).
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
  // The branch's field technician: its work orders only (the head office's stay out of his list and calendar).
  const technician = await gestor<Row>('POST', '/user', {
    username: 'tecnico.pg',
    email: 'tecnico.pg@demotelecom.com.br',
    password: `Pg-${randomBytes(12).toString('base64url')}`,
    person: { nickname: 'Marcos', full_name: 'Marcos Wiśniewski' },
    permissions: ['EXTERNAL_ACTIVITY', 'SCHEDULE', 'PATRIMONY_OUT_REQUEST'],
    permission_scopes: { EXTERNAL_ACTIVITY: scope, SCHEDULE: scope, PATRIMONY_OUT_REQUEST: scope },
    unit_organizational_id: unit.id,
  });
  for (const id of [keeper.id, technician.id]) await ctx.app.db.update(users).set({ password_hash: await ctx.app.passwords.hash(DEMO_USER_PASSWORD) }).where(eq(users.id, id));
  const [repair] = (await gestor<{ items: Row[] }>('GET', '/external-activity/assistance-type?search=Reparo')).items;
  if (repair) {
    await gestor('POST', '/external-activity', {
      assistance_type_id: repair.id,
      priority: 'alta',
      client_name: 'Cooperativa Agrícola Campos Gerais',
      client_document: '33.000.167/0001-01',
      address: 'Rua Balduíno Taques, 445 — Centro, Ponta Grossa/PR',
      latitude: -25.0945,
      longitude: -50.1633,
      unit_organizational_id: unit.id,
      technician_ids: [technician.id],
      description: 'Link intermitente desde a chuva de ontem; verificar o conector da ONU.',
    });
  }
  const hotel = await gestor<Row>('POST', '/viability', {
    client_name: 'Hotel Vila Velha',
    client_document: '11.222.333/0001-81',
    contact_name: 'Beatriz Schmidt',
    contact_phone: '(42) 3224-5500',
    service_type: 'internet_dedicada',
    bandwidth_mbps: 200,
    seller_id: ctx.userId.gestor,
    unit_organizational_id: unit.id,
    notes: 'Estudo da regional de Ponta Grossa.',
  });
  await gestor('POST', `/viability/${hotel.id}/unit`, { name: 'Recepção', address: 'Rua Engenheiro Schamber, 1000 — Centro, Ponta Grossa/PR', latitude: -25.0916, longitude: -50.1668 });
  return true;
}
