/**
 * The descriptors every module is declared with (docs/adding-a-module.md). A module's
 * `module.ts` (zod-free, so the menu and route gates stay out of heavy bundles) names its
 * pages and audited entities; each resource file adds its schemas with `defineResource`.
 * The menu, the route gates, the placeholder pages and the revision log's labels and links
 * are all derived from the registry in `../modules.ts`.
 */
import type { z } from 'zod';
import type { ModulePermission, Permission } from '../permissions';

export type Gender = 'm' | 'f';

/** Who may call a route (DESIGN §3); the API's `Access`. Super admins pass every rule. */
export type AccessRule =
  | 'public'
  | 'authenticated'
  | 'orgAdmin'
  | 'superAdmin'
  /** `X` or `X.INDEX`; a list: any of them (a page two modules open). */
  | { read: ModulePermission | readonly ModulePermission[] }
  | { write: ModulePermission };

/** Something the audit log names: its entity key, pt-BR label and where it is edited. */
export type EntityDescriptor = {
  /** snake_case name in the audit log (and the resource's table). */
  entity: string;
  /** pt-BR singular, for messages ("Estoque não encontrado."). */
  label: string;
  /** pt-BR plural, for titles and menus. */
  plural: string;
  /** Grammatical gender of `label`, so messages agree ("Fonte de dados não encontrada."). */
  gender: Gender;
  /** The web list route; the record's page is `${webPath}/edit/:id` unless `link` says otherwise. */
  webPath?: string;
  /** Where one record is opened from the revision log; `null`: nowhere (shared reference rows). */
  link?: ((id: number) => string) | null;
};

export type ResourceSchemas = { read: z.ZodType; create: z.ZodType; update: z.ZodType; query?: z.ZodObject };

/** A record type served by the kit: `GET/POST /api{apiPath}`, `GET/PUT/DELETE /api{apiPath}/{id}`. */
export type ResourceDescriptor<S extends ResourceSchemas = ResourceSchemas> = EntityDescriptor & {
    apiPath: string;
    /** `X` writes, `X.INDEX` reads; `access` overrides for role-based resources. */
    permission?: ModulePermission;
    access: { read: AccessRule; write: AccessRule; create?: AccessRule; delete?: AccessRule };
    /** `organization`: rows belong to one (another organization's rows are 404); `global`: shared. */
    tenancy: 'organization' | 'global';
    schemas: S;
  };

/** An audited entity; its record link defaults to `${webPath}/edit/:id`. */
export function defineEntity<const E extends EntityDescriptor>(e: E): E {
  const webPath = e.webPath;
  const link = e.link !== undefined ? e.link : webPath ? (id: number) => `${webPath}/edit/${id}` : null;
  return { ...e, link };
}

type ResourceInput<S extends ResourceSchemas> = Omit<ResourceDescriptor<S>, 'access'> & { access?: ResourceDescriptor<S>['access'] };

/** A resource: its entity (usually the module's `defineEntity`, spread in), API path, permission, tenancy and schemas. */
export function defineResource<const S extends ResourceSchemas>(d: ResourceInput<S>): ResourceDescriptor<S> {
  const access = d.access ?? (d.permission ? { read: { read: d.permission }, write: { write: d.permission } } : undefined);
  if (!access) throw new Error(`Resource ${d.entity}: give a permission or an access rule`);
  return { ...defineEntity(d), access };
}

/** The side menu's groups, in order (SPEC §2). */
export const MENU_GROUPS = ['', 'Viabilidade', 'Almoxarifado', 'Logística', 'Campo', 'Rede', 'Administração'] as const;
export type MenuGroupName = (typeof MENU_GROUPS)[number];

/** A web route of a module. Pages the web does not build yet render an "em construção" placeholder. */
export type PageDescriptor = {
  path: string;
  /** pt-BR module title shown by the placeholder. */
  title: string;
  /** pt-BR page kind ("Novo estoque"), for the placeholder. */
  page?: string;
  /** Permissions (each with its `.INDEX` form) needed to open this route and the ones below it. */
  gate?: readonly Permission[];
  /** Shown in the side menu. */
  menu?: { label: string; icon: string; group: MenuGroupName };
  /** Public route (outside the login). */
  public?: true;
};

export type ModuleDescriptor = {
  name: string;
  label: string;
  pages?: readonly PageDescriptor[];
  entities?: readonly EntityDescriptor[];
  /** Gates that are not pages (e.g. an area shown when any of several permissions is held). */
  gates?: Readonly<Record<string, readonly Permission[]>>;
};

export const defineModule = <const M extends ModuleDescriptor>(m: M): M => m;

/**
 * A resource's pages: the list (gated, in the menu when `icon` is given) and its create, edit
 * and info pages, each named for the placeholder shown until the web builds it.
 */
export function crudPages(
  path: string,
  title: string,
  o: { gate?: readonly Permission[]; icon?: string; group?: MenuGroupName; menuLabel?: string; list?: string; create?: string; edit?: string; info?: string } = {},
): PageDescriptor[] {
  const list: PageDescriptor = { path, title };
  // A list that lives inside a section (the organization's settings) names itself under the section's title.
  if (o.list) list.page = o.list;
  if (o.gate) list.gate = o.gate;
  if (o.icon) list.menu = { label: o.menuLabel ?? title, icon: o.icon, group: o.group ?? '' };
  const sub = (suffix: string, page?: string): PageDescriptor[] => (page ? [{ path: `${path}/${suffix}`, title, page }] : []);
  return [list, ...sub('create', o.create), ...sub('edit/:id', o.edit), ...sub('info/:id', o.info)];
}
