/**
 * The side menu (SPEC §2), derived from the contract's registry of modules (MENU_ITEMS): each
 * entry is shown when the user holds one of the permissions of its route; entries without a
 * gate always.
 */
import { MENU_ITEMS } from '@operacoes/contract/modules';
import { createContext, useContext } from 'react';

/**
 * `soon`: the module is not built yet (its route is an "em construção" placeholder): the menu
 * marks it "em breve" and the dashboard leaves it out. Building the module removes the flag.
 */
export type MenuEntry = { label: string; path: string; icon: string; gate?: string; soon?: true };
export type MenuGroup = { label?: string; gate?: string; entries: MenuEntry[] };

/** The menu, with "em breve" on the entries whose page no module has built (`isBuilt` comes from the app layer's route table). */
export function buildMenu(isBuilt: (path: string) => boolean): MenuGroup[] {
  return MENU_ITEMS.map((g) => ({
    label: g.group || undefined,
    entries: g.items.map((e) => ({ ...e, ...(isBuilt(e.path) ? {} : { soon: true as const }) })),
  }));
}

/** The menu of this app, given by the app layer (AppLayout) to the layout and the dashboard. */
const MenuContext = createContext<MenuGroup[]>([]);
export const MenuProvider = MenuContext.Provider;
export const useMenu = () => useContext(MenuContext);

/** The built modules of the visible menu (dashboard tiles). */
export const builtEntries = (groups: MenuGroup[]) => groups.flatMap((g) => g.entries).filter((e) => !e.soon);

/** The visible menu for a visibility predicate (groups left empty disappear). */
export function visibleMenu(menu: MenuGroup[], canSee: (gate: string) => boolean): MenuGroup[] {
  return menu.map((g) => ({ ...g, entries: g.entries.filter((e) => !e.gate || canSee(e.gate)) })).filter(
    (g) => g.entries.length > 0,
  );
}
