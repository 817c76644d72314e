/**
 * The side menu (SPEC §2): each entry is shown when the user holds one of the permissions of
 * its route (the SPEC §2 table, via the contract's catalogue); entries without a gate always.
 */
/**
 * `soon`: the module is not built yet (its route is an "em construção" placeholder): the menu
 * marks it "em breve" and the dashboard leaves it out. Building the module removes the flag
 * (menu.test.ts checks the flags against the routes that exist).
 */
export type MenuEntry = { label: string; path: string; icon: string; gate?: string; soon?: true };
export type MenuGroup = { label?: string; gate?: string; entries: MenuEntry[] };

export const MENU: MenuGroup[] = [
  {
    entries: [
      { label: 'Início', path: '/', icon: 'home' },
      { label: 'Agenda', path: '/schedule', icon: 'event', gate: '/schedule', soon: true },
      { label: 'Projetos', path: '/project', icon: 'project', gate: '/project', soon: true },
    ],
  },
  {
    label: 'Viabilidade',
    entries: [
      { label: 'Viabilidades', path: '/viability', icon: 'viability', gate: '/viability', soon: true },
      { label: 'Modelos de unidade', path: '/viability/unit/template', icon: 'template', gate: '/viability/unit/template', soon: true },
    ],
  },
  {
    label: 'Almoxarifado',
    entries: [
      { label: 'Almoxarifado', path: '/warehouse', icon: 'warehouse' },
      { label: 'Estoques', path: '/stock', icon: 'stock', gate: '/stock' },
      { label: 'Seções', path: '/section', icon: 'section', gate: '/section' },
      { label: 'Produtos', path: '/product', icon: 'product', gate: '/product' },
      { label: 'Patrimônio', path: '/patrimony', icon: 'patrimony', gate: '/patrimony' },
      { label: 'Solicitações de patrimônio', path: '/patrimony-solicitation', icon: 'request', gate: '/patrimony-solicitation' },
      { label: 'Movimentações', path: '/movements', icon: 'movements', gate: '/movements' },
    ],
  },
  {
    label: 'Logística',
    entries: [
      { label: 'Solicitações de envio', path: '/shipment-solicitation', icon: 'request', gate: '/shipment-solicitation' },
      { label: 'Envios', path: '/shipment', icon: 'shipment', gate: '/shipment' },
    ],
  },
  {
    label: 'Campo',
    entries: [
      { label: 'Atividades externas', path: '/external-activity', icon: 'activity', gate: '/external-activity', soon: true },
      { label: 'Tipos de atendimento', path: '/external-activity/assistance-type', icon: 'assistance', gate: '/external-activity/assistance-type', soon: true },
    ],
  },
  {
    label: 'Rede',
    entries: [
      { label: 'Sites', path: '/site', icon: 'site', gate: '/site', soon: true },
      { label: 'Ativos de rede', path: '/asset', icon: 'asset', gate: '/asset', soon: true },
      { label: 'LMC', path: '/lmc', icon: 'lmc', gate: '/lmc', soon: true },
      { label: 'SVC', path: '/svc', icon: 'svc', gate: '/svc', soon: true },
      { label: 'Uniões', path: '/union', icon: 'union', gate: '/union', soon: true },
      { label: 'Circuitos de operadora', path: '/circuit', icon: 'circuit', gate: '/circuit', soon: true },
    ],
  },
  {
    label: 'Administração',
    entries: [
      { label: 'Organizações', path: '/organization', icon: 'organization', gate: '/organization' },
      { label: 'Usuários', path: '/user', icon: 'user', gate: '/user' },
      { label: 'Localidades', path: '/locale', icon: 'locale', gate: '/locale' },
      { label: 'Log de revisões', path: '/revision', icon: 'revision', gate: '/revision' },
      { label: 'Relatórios', path: '/report', icon: 'report', soon: true },
      { label: 'Configurações da organização', path: '/organization-settings', icon: 'orgSettings' },
      { label: 'Perguntas frequentes', path: '/faq', icon: 'faq', soon: true },
    ],
  },
];

/** The built modules of the visible menu (dashboard tiles). */
export const builtEntries = (groups: MenuGroup[]) => groups.flatMap((g) => g.entries).filter((e) => !e.soon);

/** The visible menu for a visibility predicate (groups left empty disappear). */
export function visibleMenu(canSee: (gate: string) => boolean): MenuGroup[] {
  return MENU.map((g) => ({ ...g, entries: g.entries.filter((e) => !e.gate || canSee(e.gate)) })).filter(
    (g) => g.entries.length > 0,
  );
}
