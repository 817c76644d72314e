/**
 * How the MikroTik scripts write RouterOS: quoted values, comment lines, the menus the generator
 * touches (with the manual page each section names) and the idempotent `:if … do={add} else={set}`
 * form keyed by a comment tag. Every value from the database goes through `quote()`.
 */

/** A RouterOS string literal: every value written into a script goes through here. */
export function quote(value: string | number): string {
  // eslint-disable-next-line no-control-regex -- control characters are what this escapes
  const escaped = String(value).replace(/[\\"$?\u0000-\u001f\u007f]/g, (c) => {
    if (c === '\n') return '\\n';
    if (c === '\r') return '\\r';
    if (c === '\t') return '\\t';
    if (c === '\\' || c === '"' || c === '$' || c === '?') return `\\${c}`;
    return `\\${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`;
  });
  return `"${escaped}"`;
}

/** A comment line: line breaks of the text cannot start a command. */
export const comment = (text: string) => `# ${text.replace(/[\r\n]+/g, ' ')}`;

/** A value: text is quoted, numbers and RouterOS keywords (`yes`, `ping`, `active-backup`) are written bare. */
export type Value = string | number | { bare: string };
export const bare = (word: string): Value => ({ bare: word });
/** A flag without a value (`fib` of `/routing table add`). */
export const FLAG: Value = { bare: '' };
export const render = (v: Value) => (typeof v === 'number' ? String(v) : typeof v === 'string' ? quote(v) : v.bare);
export type Props = [string, Value][];
export const renderProps = (props: Props) => props.map(([k, v]) => (v === FLAG ? k : `${k}=${render(v)}`)).join(' ');

/** A POSIX extended regular expression matching `text` literally (for `comment~"^…"`). */
export const regexEscape = (text: string) => text.replace(/[\\.[\](){}*+?^$|]/g, '\\$&');

/** The comment tag of everything the product creates: `operacoes:<owner>:<key>` (owner: an LMC or union code, or `equipamento`). */
export const TAG_ROOT = 'operacoes';
export const tagPrefix = (owner: string) => `${TAG_ROOT}:${owner}:`;
/** The owner of what a device has for every LMC alike (management, users, NTP). */
export const DEVICE_OWNER = 'equipamento';

export type Menu =
  | '/interface bonding'
  | '/interface bridge'
  | '/interface vlan'
  | '/interface bridge port'
  | '/interface bridge vlan'
  | '/ip address'
  | '/ipv6 address'
  | '/routing table'
  | '/ip route'
  | '/ipv6 route'
  | '/routing rule'
  | '/ip route rule'
  | '/user'
  | '/system ntp client servers';

/** Each menu's section title and the RouterOS manual page (help.mikrotik.com/docs) its constructs follow. */
export const MENUS: Record<Menu, { title: string; manual: string }> = {
  '/interface bonding': { title: 'Bonding', manual: 'Bonding' },
  '/interface bridge': { title: 'Bridge', manual: 'Bridging and Switching › Bridge VLAN Filtering' },
  '/interface vlan': { title: 'Interfaces VLAN', manual: 'VLAN' },
  '/interface bridge port': { title: 'Portas da bridge', manual: 'Bridging and Switching › Bridge VLAN Filtering' },
  '/interface bridge vlan': { title: 'Tabela de VLANs da bridge', manual: 'Bridging and Switching › Bridge VLAN Filtering (a bridge na lista tagged leva a VLAN à própria bridge)' },
  '/ip address': { title: 'Endereços IPv4', manual: 'IP Addressing' },
  '/ipv6 address': { title: 'Endereços IPv6', manual: 'IPv6 Address (advertise=no em enlaces ponto a ponto)' },
  '/routing table': { title: 'Tabelas de roteamento', manual: 'Policy Routing (RouterOS 7: a tabela existe em /routing table, com fib, antes de uma rota ou regra usá-la)' },
  '/ip route': { title: 'Rotas IPv4', manual: 'IP Routing (distance, check-gateway=ping); Policy Routing (rota numa tabela: routing-table= e gateway@main no RouterOS 7, routing-mark= no 6)' },
  '/ipv6 route': { title: 'Rotas IPv6', manual: 'IP Routing (distance, check-gateway=ping); Policy Routing (RouterOS 7: routing-table= e gateway@main; o RouterOS 6 roteia IPv6 só por destino)' },
  '/routing rule': { title: 'Regras de roteamento', manual: 'Policy Routing (RouterOS 7: /routing rule src-address= action= table=)' },
  '/ip route rule': { title: 'Regras de roteamento', manual: 'Policy Routing (RouterOS 6: /ip route rule src-address= action= table=, só IPv4)' },
  '/user': { title: 'Usuários', manual: 'User' },
  '/system ntp client servers': { title: 'Servidores NTP', manual: 'NTP (RouterOS 7)' },
};

/** The order objects are created in: what others refer to comes first. */
export const CREATE_ORDER: Menu[] = [
  '/interface bonding',
  '/interface bridge',
  '/interface vlan',
  '/interface bridge port',
  '/interface bridge vlan',
  '/ip address',
  '/ipv6 address',
  '/routing table',
  '/ip route',
  '/ipv6 route',
  '/routing rule',
  '/ip route rule',
  '/system ntp client servers',
  '/user',
];
/** The order they are removed in (the reverse): routes before their addresses, VLANs before their bond or bridge. Users are never cleaned up, only removed with the device's items. */
export const REMOVE_ORDER: Menu[] = [...CREATE_ORDER].reverse().filter((m) => m !== '/user');
/** The menus of a dialect: 6.x marks routes and has `/ip route rule`; 7.x has routing tables and `/routing rule`, and NTP servers as items. */
export const inDialect = (menu: Menu, v7: boolean) => (v7 ? menu !== '/ip route rule' : menu !== '/routing table' && menu !== '/routing rule' && menu !== '/system ntp client servers');

/** A line that creates an object only when no object has its tag, and sets it otherwise (Scripting: `:if`, `:len`, `find`). */
export function ensureLine(menu: Menu, tag: string, props: Props, addOnly: Props = []): string {
  const find = `[:len [${menu} find comment=${quote(tag)}]] = 0`;
  const add = `${menu} add ${renderProps([...props, ...addOnly, ['comment', tag]])}`;
  return props.length ? `:if (${find}) do={ ${add} } else={ ${menu} set [find comment=${quote(tag)}] ${renderProps(props)} }` : `:if (${find}) do={ ${add} }`;
}

/**
 * A line that creates an object only when none matches `findBy` (tagged or not), never set: an address the router
 * already has on that interface (its management address, typed by hand) would make `add` fail ("already have such
 * address") and stop the import; it is left as it is, untagged, so the removal script leaves it too. The key of an
 * address's tag is its address and interface, so a tagged one found there is this very object.
 */
export const ensureFound = (menu: Menu, findBy: Props, props: Props, tag: string) =>
  `:if ([:len [${menu} find ${renderProps(findBy)}]] = 0) do={ ${menu} add ${renderProps([...props, ['comment', tag]])} }`;

/** A line that creates an object only when none has this name (a user the router may already have: never taken over). */
export const ensureByName = (menu: Menu, name: string, props: Props, tag: string) => ensureFound(menu, [['name', name]], [['name', name], ...props], tag);

/** The regular expression of the tags of these owners: `^operacoes:(A|B):`. */
export const ownersPattern = (owners: string[]) => `^${regexEscape(TAG_ROOT)}:(${owners.map(regexEscape).join('|')}):`;
/** `remove` of what carries a tag of these owners, except the tags kept (an empty `find` removes nothing). */
export const removeTagged = (menu: Menu, owners: string[], keep: string[] = []) =>
  `${menu} remove [find where ${[`comment~${quote(ownersPattern(owners))}`, ...keep.map((t) => `comment!=${quote(t)}`)].join(' and ')}]`;
