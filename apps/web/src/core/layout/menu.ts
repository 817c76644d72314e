/**
 * The side menu (SPEC §2): each entry is shown when the user holds one of the permissions of
 * its route (the SPEC §2 table, via the contract's catalogue); entries without a gate always.
 */
export type MenuEntry = { label: string; path: string; icon: string; gate?: string };
export type MenuGroup = { label?: string; gate?: string; entries: MenuEntry[] };

export const MENU: MenuGroup[] = [
  {
    entries: [
      { label: 'Início', path: '/', icon: 'home' },
      { label: 'Agenda', path: '/schedule', icon: 'event', gate: '/schedule' },
      { label: 'Projetos', path: '/project', icon: 'project', gate: '/project' },
    ],
  },
  {
    label: 'Viabilidade',
    entries: [
      { label: 'Viabilidades', path: '/viability', icon: 'viability', gate: '/viability' },
      { label: 'Modelos de unidade', path: '/viability/unit/template', icon: 'template', gate: '/viability/unit/template' },
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
      { label: 'Atividades externas', path: '/external-activity', icon: 'activity', gate: '/external-activity' },
      { label: 'Tipos de atendimento', path: '/external-activity/assistance-type', icon: 'assistance', gate: '/external-activity/assistance-type' },
    ],
  },
  {
    label: 'Rede',
    entries: [
      { label: 'Sites', path: '/site', icon: 'site', gate: '/site' },
      { label: 'Ativos de rede', path: '/asset', icon: 'asset', gate: '/asset' },
      { label: 'LMC', path: '/lmc', icon: 'lmc', gate: '/lmc' },
      { label: 'SVC', path: '/svc', icon: 'svc', gate: '/svc' },
      { label: 'Uniões', path: '/union', icon: 'union', gate: '/union' },
      { label: 'Circuitos de operadora', path: '/circuit', icon: 'circuit', gate: '/circuit' },
    ],
  },
  {
    label: 'Administração',
    entries: [
      { label: 'Organizações', path: '/organization', icon: 'organization', gate: '/organization' },
      { label: 'Usuários', path: '/user', icon: 'user', gate: '/user' },
      { label: 'Localidades', path: '/locale', icon: 'locale', gate: '/locale' },
      { label: 'Log de revisões', path: '/revision', icon: 'revision', gate: '/revision' },
      { label: 'Relatórios', path: '/report', icon: 'report' },
      { label: 'Configurações da organização', path: '/organization-settings', icon: 'orgSettings' },
      { label: 'Perguntas frequentes', path: '/faq', icon: 'faq' },
    ],
  },
];

/** The visible menu for a visibility predicate (groups left empty disappear). */
export function visibleMenu(canSee: (gate: string) => boolean): MenuGroup[] {
  return MENU.map((g) => ({ ...g, entries: g.entries.filter((e) => !e.gate || canSee(e.gate)) })).filter(
    (g) => g.entries.length > 0,
  );
}
