import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import { ALL_PERMISSIONS, DEFAULT_SETTINGS } from '@operacoes/contract';
import type { Db } from '../core/db';
import { searchText } from '../core/list';
import type { Passwords } from '../core/passwords';
import { seedFieldServiceDemo } from '../modules/external-activity/seed';
import { seedLogisticsDemo } from '../modules/logistics/seed';
import { seedProjectDemo } from '../modules/project/seed';
import { seedCircuitDemo, seedNetworkDemo, seedPathDemo } from '../modules/network/seed';
import { notifications } from '../modules/notification/schema';
import { organizations, persons, unitsOrganizational, users, userUnits } from '../core/schema';
import { releaseNotes } from '../modules/release-note/schema';
import { seedScheduleDemo } from '../modules/schedule/seed';
import { seedViabilityDemo } from '../modules/viability/seed';
import { seedWarehouseDemo } from '../modules/warehouse/seed';
import { seedWikiDemo } from '../modules/wiki/seed';
import { seedFaqDemo } from '../modules/faq/seed';
import { seedReportDemo } from '../modules/report/seed';
import { seedApiTokenDemo, seedUnitScopeDemo } from '../modules/user';
import { seedWebhookDemo } from '../modules/webhook';
import { demoContext } from '../core/demo-context';

type NewUser = { organizationId: number; username: string; email: string; passwordHash: string; nickname: string; fullName: string; permissions: string[]; superAdmin?: boolean; unitId?: number | null };

export async function insertUser(db: Db, u: NewUser) {
  const [person] = await db.insert(persons).values({ organization_id: u.organizationId, nickname: u.nickname, full_name: u.fullName }).returning();
  const [user] = await db
    .insert(users)
    .values({
      organization_id: u.organizationId,
      person_id: person.id,
      username: u.username,
      email: u.email,
      password_hash: u.passwordHash,
      permissions: u.permissions,
      super_admin: u.superAdmin ?? false,
      unit_organizational_id: u.unitId ?? null,
      settings: DEFAULT_SETTINGS,
      search_text: searchText(u.username, u.email, u.nickname, u.fullName),
    })
    .returning();
  if (u.unitId) await db.insert(userUnits).values({ user_id: user.id, unit_id: u.unitId });
  return user;
}

/**
 * First start of an empty database: the platform organization and the super admin. Idempotent.
 * Brazil, its states and municipalities come with migration 0011 (IBGE data, see modules/locale/ibge.ts).
 */
export async function seedBase(db: Db, passwords: Passwords, opts: { adminUsername: string; adminPassword?: string }, log: FastifyBaseLogger) {
  const [existing] = await db.select({ id: organizations.id }).from(organizations).where(eq(organizations.is_platform, true));
  if (existing) return { organizationId: existing.id, created: false };
  return db.transaction(async (tx) => {
    const [org] = await tx
      .insert(organizations)
      .values({ fantasy_name: 'Operações', legal_name: 'Plataforma Operações', is_platform: true, search_text: searchText('Operações Plataforma') })
      .returning();
    const password = opts.adminPassword ?? randomBytes(12).toString('base64url');
    await insertUser(tx as unknown as Db, {
      organizationId: org.id,
      username: opts.adminUsername,
      email: `${opts.adminUsername}@operacoes.local`,
      passwordHash: await passwords.hash(password),
      nickname: 'Administrador',
      fullName: 'Administrador da plataforma',
      permissions: [...ALL_PERMISSIONS],
      superAdmin: true,
    });
    if (!opts.adminPassword) {
      // Printed once, on the start that created it; never logged again.
      console.log(`\n  Super admin criado: usuário "${opts.adminUsername}", senha "${password}" (guarde-a; ela não será mostrada de novo)\n`);
    } else {
      log.info({ username: opts.adminUsername }, 'super admin created from APP_ADMIN_USERNAME/APP_ADMIN_PASSWORD');
    }
    return { organizationId: org.id, created: true };
  });
}

export const DEMO_PASSWORD = 'demo12345';
const WAREHOUSE = ['WAREHOUSE', 'STOCK', 'SECTION', 'PRODUCT', 'PATRIMONY', 'PATRIMONY_OUT_REQUEST', 'PATRIMONY_HISTORY'];

/**
 * A living demo organization: units, users with different permission sets, notifications, then
 * each module's own demo data (warehouse, shipments…), seeded through the API. Idempotent: the
 * organization is created once, and each module seed detects its own data.
 */
export async function seedDemo(app: FastifyInstance) {
  const organizationId = await seedDemoOrganization(app.db, app.passwords, app.log);
  const ctx = await demoContext(app, organizationId);
  const started = performance.now();
  const warehouse = await seedWarehouseDemo(ctx);
  const logistics = await seedLogisticsDemo(ctx);
  const network = await seedNetworkDemo(ctx);
  const circuits = await seedCircuitDemo(ctx);
  const paths = await seedPathDemo(ctx);
  const fieldService = await seedFieldServiceDemo(ctx);
  const project = await seedProjectDemo(ctx);
  const schedule = await seedScheduleDemo(ctx);
  const viability = await seedViabilityDemo(ctx);
  const wiki = await seedWikiDemo(ctx);
  const faq = await seedFaqDemo(ctx);
  const report = await seedReportDemo(ctx);
  const apiToken = await seedApiTokenDemo(ctx);
  const webhook = await seedWebhookDemo(ctx);
  const unitScope = await seedUnitScopeDemo(ctx);
  if (warehouse || logistics || network || circuits || paths || fieldService || project || schedule || viability || wiki || faq || report || apiToken || unitScope)
    app.log.info({ ms: Math.round(performance.now() - started), warehouse, logistics: Boolean(logistics), network, circuits, paths, fieldService, project, schedule, viability, wiki, faq, report, apiToken, webhook, unitScope }, 'demo data seeded');
  if (logistics) app.log.info(`demo shipment in transit: receiving link ${logistics.receivingLink}`);
}

async function seedDemoOrganization(db: Db, passwords: Passwords, log: FastifyBaseLogger): Promise<number> {
  const [existing] = await db.select({ id: organizations.id }).from(organizations).where(eq(organizations.fantasy_name, 'Demo Telecom'));
  if (existing) return existing.id;
  const hash = await passwords.hash(DEMO_PASSWORD);
  const organizationId = await db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    const [org] = await tx
      .insert(organizations)
      .values({ fantasy_name: 'Demo Telecom', legal_name: 'Demo Telecomunicações Ltda', cnpj: '11222333000181', email: 'contato@demotelecom.com.br', phone: '(41) 3000-0000', search_text: searchText('Demo Telecom Telecomunicações') })
      .returning();
    const units = await tx
      .insert(unitsOrganizational)
      .values([
        { organization_id: org.id, name: 'Matriz Curitiba', code: 'CWB', search_text: searchText('Matriz Curitiba CWB') },
        { organization_id: org.id, name: 'Regional São Paulo', code: 'SP', search_text: searchText('Regional São Paulo SP') },
        { organization_id: org.id, name: 'Almoxarifado Central', code: 'ALM', search_text: searchText('Almoxarifado Central ALM') },
      ])
      .returning();
    const managerPerms = ['USER', 'ORG', 'LOG', 'SCHEDULE', 'PROJECT', 'VIABILITY', 'VIABILITY_TEMPLATE_PRODUCT', ...WAREHOUSE, 'ASSET_SHIPMENT', 'EXTERNAL_ACTIVITY', 'EXTERNAL_ACTIVITY_DISPATCH', 'ASSISTANCE_TYPE', 'LMC', 'SVC', 'SITE', 'NETWORK_ASSET', 'UNION', 'OPERATOR_CIRCUIT', 'DATA_SOURCE', 'CITY', 'STATE', 'COUNTRY'];
    const people = [
      { username: 'gestor', nickname: 'Marina', fullName: 'Marina Albuquerque', permissions: managerPerms, unitId: units[0].id },
      { username: 'almoxarife', nickname: 'João', fullName: 'João Batista Souza', permissions: WAREHOUSE, unitId: units[2].id },
      { username: 'tecnico', nickname: 'Luiz', fullName: 'Luiz Fernando Araújo', permissions: ['STOCK.INDEX', 'PATRIMONY.INDEX', 'PATRIMONY_OUT_REQUEST', 'EXTERNAL_ACTIVITY', 'SCHEDULE'], unitId: units[1].id },
      { username: 'estoque', nickname: 'Célia', fullName: 'Célia Conceição', permissions: ['STOCK.INDEX'], unitId: units[2].id },
    ];
    const created = [];
    for (const p of people) {
      created.push(await insertUser(t, { organizationId: org.id, email: `${p.username}@demotelecom.com.br`, passwordHash: hash, ...p }));
    }
    await tx.insert(notifications).values(
      created.flatMap((u) => [
        { organization_id: org.id, user_id: u.id, title: 'Bem-vindo ao Operações', message: 'Esta é a organização de demonstração. Explore os módulos pelo menu lateral.', link: '/' },
        { organization_id: org.id, user_id: u.id, title: 'Manutenção programada', message: 'Janela de manutenção no POP Centro sábado, das 00h às 04h.', is_read: true },
      ]),
    );
    const [{ n }] = await tx.select({ n: sql<number>`count(*)::int` }).from(releaseNotes);
    if (n === 0) {
      await tx.insert(releaseNotes).values({
        version: '0.1.0',
        title: 'Primeira versão do Operações',
        content: '<p>Login, usuários e permissões, notificações em tempo real e notas de versão.</p>',
        search_text: searchText('0.1.0 Primeira versão do Operações'),
      });
    }
    return org.id;
  });
  log.info('demo organization "Demo Telecom" created (users gestor, almoxarife, tecnico, estoque; password demo12345)');
  return organizationId;
}
