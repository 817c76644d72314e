/**
 * The registry of modules: one line per module (docs/adding-a-module.md). Zod-free on purpose:
 * the web's menu and route gates read it without loading any schema. Everything below is
 * derived from it: the route gates, the revision log's entity labels and links, the menu.
 */
import { accountModule } from './account/module';
import { dashboardModule } from './dashboard/module';
import { dataSourceModule } from './data-source/module';
import { externalActivityModule } from './external-activity/module';
import { faqModule } from './faq/module';
import type { Permission } from './permissions';
import { MENU_GROUPS, type EntityDescriptor, type MenuGroupName, type ModuleDescriptor, type PageDescriptor } from './kit/define';
import { localeModule } from './locale/module';
import { logisticsModule } from './logistics/module';
import { networkModule } from './network/module';
import { notificationModule } from './notification/module';
import { organizationModule } from './organization/module';
import { organizationSettingsModule } from './organization-settings/module';
import { projectModule } from './project/module';
import { releaseNoteModule } from './release-note/module';
import { reportModule } from './report/module';
import { revisionModule } from './revision/module';
import { scheduleModule } from './schedule/module';
import { settingsModule } from './settings/module';
import { unitOrganizationalModule } from './unit-organizational/module';
import { userModule } from './user/module';
import { viabilityModule } from './viability/module';
import { warehouseModule } from './warehouse/module';
import { webhookModule } from './webhook/module';
import { wikiModule } from './wiki/module';

/** In menu order. */
export const MODULES: readonly ModuleDescriptor[] = [
  dashboardModule,
  scheduleModule,
  projectModule,
  viabilityModule,
  warehouseModule,
  logisticsModule,
  externalActivityModule,
  networkModule,
  organizationModule,
  unitOrganizationalModule,
  userModule,
  localeModule,
  revisionModule,
  reportModule,
  organizationSettingsModule,
  dataSourceModule,
  webhookModule,
  wikiModule,
  faqModule,
  accountModule,
  settingsModule,
  releaseNoteModule,
  notificationModule,
];

export type ModulePage = PageDescriptor & { module: string };
/** Every web route of every module. */
export const PAGES: readonly ModulePage[] = MODULES.flatMap((m) => (m.pages ?? []).map((p) => ({ ...p, module: m.name })));

/** The route gates (SPEC §2): a route needs one of these names or its `.INDEX` form; sub-routes inherit the longest prefix. */
export const ROUTE_PERMISSIONS: Readonly<Record<string, readonly Permission[]>> = Object.fromEntries([
  ...PAGES.filter((p) => p.gate).map((p) => [p.path, p.gate!] as const),
  ...MODULES.flatMap((m) => Object.entries(m.gates ?? {})),
]);

const ENTITIES: readonly EntityDescriptor[] = MODULES.flatMap((m) => m.entities ?? []);
/** pt-BR names of audited entities. */
export const ENTITY_LABELS: Readonly<Record<string, string>> = Object.fromEntries(ENTITIES.map((e) => [e.entity, e.label]));
/** Where a record of each entity is opened, for links from the revision log. */
export const ENTITY_LINKS: Readonly<Record<string, (id: number) => string>> = Object.fromEntries(
  ENTITIES.filter((e) => e.link).map((e) => [e.entity, e.link!]),
);

export type MenuItem = { label: string; path: string; icon: string; gate?: string };
/** The side menu (SPEC §2): groups in order, each with its modules' menu pages in registry order. */
export const MENU_ITEMS: readonly { group: MenuGroupName; items: MenuItem[] }[] = MENU_GROUPS.map((group) => ({
  group,
  items: PAGES.filter((p) => p.menu?.group === group).map((p) => ({ label: p.menu!.label, path: p.path, icon: p.menu!.icon, gate: p.gate ? p.path : undefined })),
})).filter((g) => g.items.length > 0);
