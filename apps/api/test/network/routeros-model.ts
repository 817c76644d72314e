/**
 * A test oracle for the MikroTik scripts: a small model of the RouterOS state the generator touches
 * (interfaces, VLANs, bridges and their VLAN tables, bonds, IPv4/IPv6 addresses and routes, routing
 * tables and rules, users, services, NTP, logging, comments), built from an asset's inventory, that
 * parses a generated script line by line and applies it — failing, with the line, on what RouterOS
 * refuses: an unknown menu, command or parameter (per dialect), a duplicate name, an unknown
 * interface, an address or VLAN on a bond slave or a bridge port, a bond over ports with VLANs or
 * addresses, a route whose gateway is not on-link in its family, an `add` of something that exists,
 * a removal of an interface something still uses. It is stricter than RouterOS where RouterOS accepts
 * a configuration that does not work (a VLAN interface on a port of a VLAN-filtering bridge).
 *
 * Policy routing as the Policy Routing page has it: a RouterOS 7 table exists in `/routing table` before a
 * route (`routing-table=`) or rule (`table=`) names it, a route's `gateway=<ip>@main` resolves the next
 * hop in main (7.x only); RouterOS 6 marks routes (`routing-mark=`, IPv4 only) and has `/ip route rule`.
 *
 * `Network` wires several routers (and the non-MikroTik devices between them, which pass every frame)
 * with the path's segments, to follow a packet hop by hop: L2 through ports, VLAN tags, bonds and
 * bridges; L3 by each router's routing rules (by source and destination: `lookup`, `lookup-only-in-table`,
 * `drop`) and then its routes (distance, check-gateway=ping, longest prefix).
 */
import { type Cidr, type Ip, cidrContains, formatCidr, formatIp, parseCidr, parseIp } from '@operacoes/contract';

export class RouterOsError extends Error {
  constructor(
    message: string,
    public line?: number,
    public text?: string,
  ) {
    super(line !== undefined ? `linha ${line}: ${message}\n  ${text}` : message);
  }
}

// ---------------------------------------------------------------- parsing

type Value = { kind: 'str'; v: string } | { kind: 'sub'; cmd: Command };
type Param = { key: string; op: '=' | '!=' | '~' | 'flag'; value: Value | null };
export type Command = { path: string[] | null; verb: string; target: Value | null; params: Param[]; where: boolean };
type Statement = { kind: 'menu'; path: string[] } | { kind: 'command'; cmd: Command } | { kind: 'if'; find: Command; equals: number; then: Command; otherwise: Command | null };

const VERBS = new Set(['add', 'set', 'remove', 'find']);

class Reader {
  i = 0;
  constructor(readonly s: string) {}
  ws() {
    while (this.s[this.i] === ' ') this.i++;
  }
  eof() {
    this.ws();
    return this.i >= this.s.length;
  }
  peek(text: string) {
    this.ws();
    return this.s.startsWith(text, this.i);
  }
  expect(text: string) {
    this.ws();
    if (!this.s.startsWith(text, this.i)) throw new RouterOsError(`esperava "${text}" na posição ${this.i}`);
    this.i += text.length;
  }
  word() {
    this.ws();
    const m = /^[^\s"[\]{}()=~!]+/.exec(this.s.slice(this.i));
    if (!m) throw new RouterOsError(`esperava uma palavra na posição ${this.i}`);
    this.i += m[0].length;
    return m[0];
  }
  /** A quoted string, unescaped as RouterOS does: \" \\ \$ \? \n \r \t and \XX (hex). An unescaped `$` or `?` is refused. */
  quoted(): string {
    this.expect('"');
    let v = '';
    while (this.i < this.s.length) {
      const c = this.s[this.i++];
      if (c === '"') return v;
      if (c === '$' || c === '?') throw new RouterOsError(`"${c}" sem escape dentro de aspas`);
      if (c !== '\\') {
        v += c;
        continue;
      }
      const n = this.s[this.i++];
      if (n === undefined) break;
      if (n === 'n') v += '\n';
      else if (n === 'r') v += '\r';
      else if (n === 't') v += '\t';
      else if (/[0-9A-F]/.test(n) && /[0-9A-F]/.test(this.s[this.i] ?? '')) {
        v += String.fromCharCode(parseInt(n + this.s[this.i], 16));
        this.i++;
      } else if ('"\\$?_abfv'.includes(n)) v += n === '_' ? ' ' : n;
      else throw new RouterOsError(`escape desconhecido \\${n}`);
    }
    throw new RouterOsError('aspas sem fechamento');
  }
  value(): Value {
    this.ws();
    if (this.s[this.i] === '"') return { kind: 'str', v: this.quoted() };
    if (this.s[this.i] === '[') {
      this.i++;
      const cmd = this.command();
      this.expect(']');
      return { kind: 'sub', cmd };
    }
    const m = /^[A-Za-z0-9._:/,-]+/.exec(this.s.slice(this.i));
    if (!m) throw new RouterOsError(`valor inválido na posição ${this.i}`);
    this.i += m[0].length;
    return { kind: 'str', v: m[0] };
  }
  command(): Command {
    this.ws();
    let path: string[] | null = null;
    if (this.s[this.i] === '/') {
      path = [];
      for (;;) {
        const w = this.word();
        path.push(w.replace(/^\//, ''));
        this.ws();
        const next = /^[a-z-]+/.exec(this.s.slice(this.i))?.[0];
        if (next === undefined || VERBS.has(next) || this.i >= this.s.length) break;
      }
      if (path.length === 0) throw new RouterOsError('caminho vazio');
    }
    this.ws();
    if (this.i >= this.s.length || this.s[this.i] === ']' || this.s[this.i] === '}') return { path, verb: '', target: null, params: [], where: false };
    const verb = this.word();
    if (!VERBS.has(verb)) throw new RouterOsError(`comando desconhecido: ${verb}`);
    const cmd: Command = { path, verb, target: null, params: [], where: false };
    this.ws();
    // An unnamed argument: the item(s) a set or remove acts on.
    if ((verb === 'set' || verb === 'remove') && (this.s[this.i] === '[' || this.s[this.i] === '"')) cmd.target = this.value();
    for (;;) {
      this.ws();
      if (this.i >= this.s.length || this.s[this.i] === ']' || this.s[this.i] === '}') break;
      if (verb === 'find' && this.s.startsWith('where ', this.i)) {
        this.i += 6;
        cmd.where = true;
        continue;
      }
      if (cmd.where && this.s.startsWith('and ', this.i)) {
        this.i += 4;
        continue;
      }
      const key = /^[a-z][a-z0-9-]*/.exec(this.s.slice(this.i))?.[0];
      if (!key) throw new RouterOsError(`argumento inválido na posição ${this.i}`);
      this.i += key.length;
      const op = this.s.startsWith('!=', this.i) ? '!=' : this.s[this.i] === '=' ? '=' : this.s[this.i] === '~' ? '~' : 'flag';
      if (op === 'flag') {
        if (this.s[this.i] !== undefined && !' ]}'.includes(this.s[this.i])) throw new RouterOsError(`argumentos colados na posição ${this.i}`);
        cmd.params.push({ key, op, value: null });
        continue;
      }
      if ((op === '!=' || op === '~') && !cmd.where) throw new RouterOsError(`${op} só num find where`);
      this.i += op.length;
      cmd.params.push({ key, op, value: this.value() });
      if (this.s[this.i] !== undefined && !' ]}'.includes(this.s[this.i])) throw new RouterOsError(`argumentos colados na posição ${this.i}`);
    }
    return cmd;
  }
  block(): Command {
    this.expect('{');
    const cmd = this.command();
    this.expect('}');
    return cmd;
  }
}

export function parseStatement(line: string): Statement | null {
  const r = new Reader(line);
  if (r.eof() || line.trimStart().startsWith('#')) return null;
  if (r.peek(':if')) {
    r.expect(':if');
    r.expect('(');
    r.expect('[');
    r.expect(':len');
    r.expect('[');
    const find = r.command();
    if (find.verb !== 'find' || !find.path) throw new RouterOsError('o :if conta um find com caminho absoluto');
    r.expect(']');
    r.expect(']');
    r.expect('=');
    r.ws();
    const equals = Number(r.word());
    r.expect(')');
    r.expect('do=');
    const then = r.block();
    let otherwise: Command | null = null;
    if (r.peek('else=')) {
      r.expect('else=');
      otherwise = r.block();
    }
    if (!r.eof()) throw new RouterOsError('sobra texto depois do :if');
    return { kind: 'if', find, equals, then, otherwise };
  }
  const cmd = r.command();
  if (!r.eof()) throw new RouterOsError(`sobra texto na posição ${r.i}`);
  if (!cmd.verb) return { kind: 'menu', path: cmd.path ?? [] };
  return { kind: 'command', cmd };
}

// ---------------------------------------------------------------- state

type Item = { id: number; props: Record<string, string> };
type IfaceType = 'ether' | 'vlan' | 'bridge' | 'bond';
const TYPE_MENU: Record<string, IfaceType> = { 'interface vlan': 'vlan', 'interface bridge': 'bridge', 'interface bonding': 'bond' };

const COMMON = ['comment', 'disabled'];
/** The parameters of each menu (per dialect), what `add` requires, and which are read-only. */
const MENU_PARAMS: Record<string, { params: string[]; required?: string[]; v6?: boolean; v7?: boolean; add?: boolean; v6Params?: string[]; v7Params?: string[] }> = {
  'interface vlan': { params: ['name', 'interface', 'vlan-id'], required: ['name', 'interface', 'vlan-id'] },
  'interface bridge': { params: ['name', 'vlan-filtering'], required: ['name'] },
  'interface bonding': { params: ['name', 'mode', 'slaves', 'primary', 'link-monitoring'], required: ['name', 'slaves'] },
  'interface bridge port': { params: ['bridge', 'interface', 'pvid'], required: ['bridge', 'interface'] },
  'interface bridge vlan': { params: ['bridge', 'vlan-ids', 'tagged', 'untagged'], required: ['bridge', 'vlan-ids'] },
  'ip address': { params: ['address', 'interface'], required: ['address', 'interface'] },
  'ipv6 address': { params: ['address', 'interface', 'advertise'], required: ['address', 'interface'] },
  'ip route': { params: ['dst-address', 'gateway', 'distance', 'check-gateway'], v6Params: ['routing-mark'], v7Params: ['routing-table'], required: ['gateway'] },
  'ipv6 route': { params: ['dst-address', 'gateway', 'distance', 'check-gateway'], v7Params: ['routing-table'], required: ['gateway'] },
  'routing table': { params: ['name', 'fib'], required: ['name'], v6: false },
  'routing rule': { params: ['src-address', 'action', 'table'], required: ['action'], v6: false },
  'ip route rule': { params: ['src-address', 'action', 'table'], required: ['action'], v7: false },
  user: { params: ['name', 'group', 'password'], required: ['name', 'group'] },
  'system ntp client servers': { params: ['address'], required: ['address'], v6: false },
  'system ntp client': { params: ['enabled'], v6Params: ['primary-ntp', 'secondary-ntp', 'server-dns-names'], add: false },
  'system logging action': { params: ['name', 'target', 'remote'], required: ['name', 'target'] },
  'system logging': { params: ['action', 'topics'], required: ['action', 'topics'] },
  'ip service': { params: ['address', 'port'], add: false },
  'snmp community': { params: ['name'], add: false },
  snmp: { params: ['enabled'], add: false },
  'ip dns': { params: ['servers'], add: false },
  'system identity': { params: ['name'], add: false },
};
const SINGLETONS = new Set(['system ntp client', 'snmp', 'ip dns', 'system identity']);
const SERVICES = ['api', 'api-ssl', 'ftp', 'ssh', 'telnet', 'winbox', 'www', 'www-ssl'];

export type InventoryInterface = { name: string; type: string };
/** An address the router has before any script (untagged): its management address, typed by hand when it was installed. */
export type ExistingAddress = { address: string; interface: string };

export class Router {
  readonly v7: boolean;
  private nextId = 1;
  /** Every interface (one namespace), and the other menus' items. */
  readonly tables = new Map<string, Item[]>();
  readonly singletons = new Map<string, Record<string, string>>();

  constructor(
    readonly hostname: string,
    version: '6.x' | '7.x',
    inventory: InventoryInterface[],
    addresses: ExistingAddress[] = [],
  ) {
    this.v7 = version === '7.x';
    for (const m of Object.keys(MENU_PARAMS)) if (!SINGLETONS.has(m) && !TYPE_MENU[m]) this.tables.set(m, []);
    this.tables.set('interface', []);
    for (const itf of inventory) {
      const type: IfaceType = itf.type === 'vlan' ? 'vlan' : itf.type === 'bridge' ? 'bridge' : itf.type === 'bond' ? 'bond' : 'ether';
      // A VLAN, bridge or bond of the inventory: what it sits on is not recorded, so nothing is checked against it.
      this.tables.get('interface')!.push({ id: this.nextId++, props: { name: itf.name, type, inventory: 'yes' } });
    }
    for (const a of addresses) this.tables.get(a.address.includes(':') ? 'ipv6 address' : 'ip address')!.push({ id: this.nextId++, props: { address: a.address, interface: a.interface } });
    this.tables.set('ip service', SERVICES.map((name) => ({ id: this.nextId++, props: { name, disabled: 'no', address: '' } })));
    this.tables.set('user', [{ id: this.nextId++, props: { name: 'admin', group: 'full', disabled: 'no' } }]);
    this.tables.set('snmp community', [{ id: this.nextId++, props: { name: 'public', default: 'yes' } }]);
    this.tables.set('system logging action', ['memory', 'disk', 'echo', 'remote'].map((name) => ({ id: this.nextId++, props: { name, target: name, default: 'yes' } })));
    this.tables.set('system logging', ['info', 'error', 'warning', 'critical'].map((topics) => ({ id: this.nextId++, props: { action: 'memory', topics } })));
    for (const s of SINGLETONS) this.singletons.set(s, {});
  }

  // -------------------------------------------------------------- queries

  interfaces(type?: IfaceType) {
    return this.tables.get('interface')!.filter((i) => !type || i.props.type === type);
  }
  iface(name: string) {
    return this.interfaces().find((i) => i.props.name === name);
  }
  items(menu: string) {
    return this.tables.get(menu) ?? [];
  }
  private tableOf(menu: string) {
    return TYPE_MENU[menu] ? this.interfaces(TYPE_MENU[menu]) : this.items(menu);
  }
  list = (v: string | undefined) => (v ? v.split(',').filter(Boolean) : []);
  bondOf(name: string) {
    return this.interfaces('bond').find((b) => this.list(b.props.slaves).includes(name));
  }
  bridgeOf(name: string) {
    const port = this.items('interface bridge port').find((p) => p.props.interface === name);
    return port ? this.iface(port.props.bridge) : undefined;
  }
  addressesOn(name: string) {
    return [...this.items('ip address'), ...this.items('ipv6 address')].filter((a) => a.props.interface === name);
  }
  vlansOn(name: string) {
    return this.interfaces('vlan').filter((v) => v.props.interface === name);
  }

  // -------------------------------------------------------------- applying

  /** Applies a whole script; throws on the first line RouterOS (or this model) refuses. */
  apply(script: string) {
    let path: string[] = [];
    script.split('\n').forEach((text, n) => {
      try {
        const st = parseStatement(text);
        if (!st) return;
        if (st.kind === 'menu') {
          this.menuOf(st.path);
          path = st.path;
        } else if (st.kind === 'command') this.run(st.cmd, path);
        else {
          const found = this.run(st.find, path) as number[];
          if (found.length === st.equals) this.run(st.then, path);
          else if (st.otherwise) this.run(st.otherwise, path);
        }
      } catch (e) {
        if (e instanceof RouterOsError && e.line === undefined) throw new RouterOsError(e.message, n + 1, text);
        throw e;
      }
    });
    return this;
  }

  private menuOf(path: string[]) {
    const menu = path.join(' ');
    const spec = MENU_PARAMS[menu];
    if (!spec) throw new RouterOsError(`menu desconhecido: /${menu}`);
    if ((this.v7 && spec.v7 === false) || (!this.v7 && spec.v6 === false)) throw new RouterOsError(`/${menu} não existe no RouterOS ${this.v7 ? 7 : 6}`);
    return menu;
  }

  private str(v: Value | null): string {
    if (!v) return '';
    if (v.kind === 'str') return v.v;
    throw new RouterOsError(`expressão onde se esperava um valor (${v.cmd.verb})`);
  }

  private run(cmd: Command, context: string[]): number[] | void {
    const path = cmd.path ?? context;
    const menu = this.menuOf(path);
    const spec = MENU_PARAMS[menu];
    const allowed = new Set([...spec.params, ...COMMON, ...((this.v7 ? spec.v7Params : spec.v6Params) ?? [])]);
    if (cmd.verb === 'find') return this.find(menu, cmd);
    const targets = (): number[] => {
      if (!cmd.target) throw new RouterOsError(`${cmd.verb} sem o item`);
      if (cmd.target.kind === 'sub') {
        if (cmd.target.cmd.verb !== 'find') throw new RouterOsError('só find entre colchetes');
        return this.run({ ...cmd.target.cmd, path: cmd.target.cmd.path ?? path }, path) as number[];
      }
      const name = cmd.target.v;
      const item = this.tableOf(menu).find((i) => i.props.name === name);
      if (!item) throw new RouterOsError(`no such item: ${name}`);
      return [item.id];
    };
    const values: Record<string, string> = {};
    for (const p of cmd.params) {
      if (!allowed.has(p.key)) throw new RouterOsError(`parâmetro desconhecido em /${menu}: ${p.key}`);
      if (p.op === 'flag') {
        if (!(menu === 'routing table' && p.key === 'fib')) throw new RouterOsError(`${p.key} sem valor`);
        values[p.key] = 'yes';
      } else values[p.key] = this.str(p.value);
    }
    if (SINGLETONS.has(menu)) {
      if (cmd.verb !== 'set' || cmd.target) throw new RouterOsError(`/${menu} só aceita set`);
      Object.assign(this.singletons.get(menu)!, values);
      return;
    }
    if (cmd.verb === 'add') {
      if (spec.add === false) throw new RouterOsError(`/${menu} não aceita add`);
      for (const r of spec.required ?? []) if (!(r in values)) throw new RouterOsError(`/${menu} add sem ${r}`);
      const props = TYPE_MENU[menu] ? { ...values, type: TYPE_MENU[menu] } : { ...values };
      this.check(menu, props, null);
      const item = { id: this.nextId++, props };
      (TYPE_MENU[menu] ? this.tables.get('interface')! : this.tables.get(menu)!).push(item);
      return;
    }
    if (cmd.verb === 'set') {
      for (const id of targets()) {
        const item = this.tableOf(menu).find((i) => i.id === id)!;
        const props = { ...item.props, ...values };
        this.check(menu, props, item);
        item.props = props;
      }
      return;
    }
    if (cmd.verb === 'remove') {
      if (Object.keys(values).length) throw new RouterOsError('remove não leva parâmetros');
      for (const id of targets()) this.remove(menu, id);
    }
  }

  private find(menu: string, cmd: Command): number[] {
    return this.tableOf(menu)
      .filter((item) =>
        cmd.params.every((p) => {
          const have = item.props[p.key] ?? '';
          const want = p.value?.kind === 'str' ? p.value.v : '';
          if (p.op === '=') return have === want;
          if (p.op === '!=') return have !== want;
          if (p.op === '~') return new RegExp(want).test(have);
          throw new RouterOsError(`find: ${p.key} sem valor`);
        }),
      )
      .map((i) => i.id);
  }

  private remove(menu: string, id: number) {
    const table = TYPE_MENU[menu] ? this.tables.get('interface')! : this.tables.get(menu)!;
    const at = table.findIndex((i) => i.id === id);
    const item = table[at];
    if (TYPE_MENU[menu]) {
      const name = item.props.name;
      const users = [
        ...this.vlansOn(name).map((v) => `a VLAN ${v.props.name}`),
        ...this.addressesOn(name).map((a) => `o endereço ${a.props.address}`),
        ...this.items('interface bridge port').filter((p) => p.props.interface === name || p.props.bridge === name).map((p) => `a porta ${p.props.interface} da bridge ${p.props.bridge}`),
        ...this.items('interface bridge vlan').filter((v) => v.props.bridge === name || this.list(v.props.tagged).includes(name)).map((v) => `a VLAN ${v.props['vlan-ids']} da bridge ${v.props.bridge}`),
      ];
      if (users.length) throw new RouterOsError(`${name} ainda é usada por ${users.join(', ')}`);
    }
    if (menu === 'routing table' && [...this.items('ip route'), ...this.items('ipv6 route'), ...this.items('routing rule')].some((r) => (r.props['routing-table'] ?? r.props.table) === item.props.name)) {
      throw new RouterOsError(`a tabela ${item.props.name} ainda tem rotas ou regras`);
    }
    if (menu === 'system logging action' && this.items('system logging').some((r) => r.props.action === item.props.name)) throw new RouterOsError(`a ação ${item.props.name} ainda é usada`);
    table.splice(at, 1);
  }

  // -------------------------------------------------------------- what RouterOS refuses

  private need(name: string | undefined, what: string) {
    const itf = name ? this.iface(name) : undefined;
    if (!itf) throw new RouterOsError(`${what}: interface desconhecida "${name}"`);
    return itf;
  }
  private notSlaveNorPort(name: string, what: string) {
    const bond = this.bondOf(name);
    if (bond) throw new RouterOsError(`${what} em ${name}, membro (slave) do bonding ${bond.props.name}`);
    const bridge = this.bridgeOf(name);
    if (bridge) throw new RouterOsError(`${what} em ${name}, porta da bridge ${bridge.props.name}`);
  }

  private check(menu: string, p: Record<string, string>, self: Item | null) {
    const others = (m: string) => this.tableOf(m).filter((i) => i !== self);
    const dup = (m: string, same: (q: Record<string, string>) => boolean, what: string) => {
      if (others(m).some((i) => same(i.props))) throw new RouterOsError(`${self ? 'set' : 'add'} de algo que já existe: ${what}`);
    };
    if (TYPE_MENU[menu]) {
      if (this.interfaces().some((i) => i !== self && i.props.name === p.name)) throw new RouterOsError(`nome de interface repetido: ${p.name}`);
    }
    switch (menu) {
      case 'interface vlan': {
        this.need(p.interface, 'VLAN');
        this.notSlaveNorPort(p.interface, `VLAN ${p.name}`);
        if (!/^\d+$/.test(p['vlan-id']) || +p['vlan-id'] < 1 || +p['vlan-id'] > 4094) throw new RouterOsError(`vlan-id inválido: ${p['vlan-id']}`);
        dup('interface vlan', (q) => q.interface === p.interface && q['vlan-id'] === p['vlan-id'], `VLAN ${p['vlan-id']} em ${p.interface}`);
        break;
      }
      case 'interface bridge':
        if (p['vlan-filtering'] && !['yes', 'no'].includes(p['vlan-filtering'])) throw new RouterOsError('vlan-filtering: yes ou no');
        if (p['vlan-filtering'] === 'yes' && self?.props['vlan-filtering'] !== 'yes') {
          for (const port of this.items('interface bridge port').filter((x) => x.props.bridge === p.name)) {
            const on = port.props.interface;
            if (this.vlansOn(on).length || this.addressesOn(on).length) throw new RouterOsError(`VLAN filtering na bridge ${p.name} com ${on} levando VLANs ou endereços próprios`);
          }
        }
        break;
      case 'interface bonding': {
        if (!['802.3ad', 'active-backup', 'balance-rr', 'balance-xor', 'balance-tlb', 'balance-alb', 'broadcast'].includes(p.mode ?? 'balance-rr')) throw new RouterOsError(`mode inválido: ${p.mode}`);
        const slaves = this.list(p.slaves);
        if (slaves.length === 0) throw new RouterOsError('bonding sem slaves');
        for (const s of slaves) {
          const itf = this.need(s, 'slave do bonding');
          if (itf.props.type !== 'ether') throw new RouterOsError(`slave ${s} não é uma porta física`);
          const other = this.interfaces('bond').find((b) => b !== self && this.list(b.props.slaves).includes(s));
          if (other) throw new RouterOsError(`${s} já é slave de ${other.props.name}`);
          if (this.vlansOn(s).length || this.addressesOn(s).length) throw new RouterOsError(`slave ${s} tem VLANs ou endereços`);
          if (this.bridgeOf(s)) throw new RouterOsError(`slave ${s} é porta de bridge`);
        }
        if (p.primary && !slaves.includes(p.primary)) throw new RouterOsError(`primary ${p.primary} não é slave`);
        if (p.primary && p.mode !== 'active-backup') throw new RouterOsError('primary só em active-backup');
        break;
      }
      case 'interface bridge port': {
        const bridge = this.need(p.bridge, 'porta');
        if (bridge.props.type !== 'bridge') throw new RouterOsError(`${p.bridge} não é uma bridge`);
        this.need(p.interface, 'porta da bridge');
        dup('interface bridge port', (q) => q.interface === p.interface, `${p.interface} já é porta de uma bridge`);
        if (this.bondOf(p.interface)) throw new RouterOsError(`${p.interface} é slave de bonding`);
        if (this.addressesOn(p.interface).length) throw new RouterOsError(`${p.interface} tem endereço: não pode ser porta de bridge`);
        if (bridge.props['vlan-filtering'] === 'yes' && this.vlansOn(p.interface).length) throw new RouterOsError(`${p.interface} leva VLANs próprias: não pode entrar na bridge com VLAN filtering`);
        break;
      }
      case 'interface bridge vlan': {
        const bridge = this.need(p.bridge, 'VLAN da bridge');
        if (bridge.props.type !== 'bridge') throw new RouterOsError(`${p.bridge} não é uma bridge`);
        const ids = this.list(p['vlan-ids']);
        if (!ids.every((v) => /^\d+$/.test(v))) throw new RouterOsError(`vlan-ids inválido: ${p['vlan-ids']}`);
        for (const t of [...this.list(p.tagged), ...this.list(p.untagged)]) {
          this.need(t, 'tagged');
          const port = this.items('interface bridge port').find((x) => x.props.interface === t && x.props.bridge === p.bridge);
          if (t !== p.bridge && !port) throw new RouterOsError(`${t} não é porta da bridge ${p.bridge}`);
        }
        dup('interface bridge vlan', (q) => q.bridge === p.bridge && this.list(q['vlan-ids']).some((v) => ids.includes(v)), `VLAN ${p['vlan-ids']} na bridge ${p.bridge}`);
        break;
      }
      case 'ip address':
      case 'ipv6 address': {
        const c = parseCidr(p.address ?? '');
        if (!c || c.version !== (menu === 'ip address' ? 4 : 6)) throw new RouterOsError(`endereço inválido em /${menu}: ${p.address}`);
        const itf = this.need(p.interface, 'endereço');
        this.notSlaveNorPort(itf.props.name, `endereço ${p.address}`);
        if (p.advertise && !['yes', 'no'].includes(p.advertise)) throw new RouterOsError('advertise: yes ou no');
        dup(menu, (q) => parseCidr(q.address)?.address === c.address, `o endereço ${formatIp({ version: c.version, value: c.address })} já está no equipamento`);
        break;
      }
      case 'ip route':
      case 'ipv6 route': {
        const family = menu === 'ip route' ? 4 : 6;
        const dst = parseCidr(p['dst-address'] ?? (family === 4 ? '0.0.0.0/0' : '::/0'));
        if (!dst || dst.version !== family || dst.address !== dst.network) throw new RouterOsError(`dst-address inválido em /${menu}: ${p['dst-address']}`);
        // RouterOS 7: `gateway=<ip>@<table>` resolves the next hop in that table (Policy Routing: `@main`, where the connected networks are).
        const [gwText, resolveIn] = (p.gateway ?? '').split('@');
        if (resolveIn !== undefined) {
          if (!this.v7) throw new RouterOsError(`gateway ${p.gateway}: @tabela só existe no RouterOS 7`);
          if (resolveIn !== 'main' && !this.items('routing table').some((t) => t.props.name === resolveIn)) throw new RouterOsError(`tabela de roteamento desconhecida: ${resolveIn}`);
        }
        const gw = parseIp(gwText);
        if (!gw || gw.version !== family) throw new RouterOsError(`gateway ${p.gateway} não é ${family === 4 ? 'IPv4' : 'IPv6'} em /${menu}`);
        if (!this.onLink(gw)) throw new RouterOsError(`gateway ${p.gateway} não é alcançável diretamente (nenhum endereço ${family === 4 ? 'IPv4' : 'IPv6'} do equipamento está na rede dele)`);
        if (p.distance !== undefined && !(/^\d+$/.test(p.distance) && +p.distance >= 1 && +p.distance <= 255)) throw new RouterOsError(`distance inválida: ${p.distance}`);
        if (p['check-gateway'] !== undefined && !['ping', 'arp', 'bfd'].includes(p['check-gateway'])) throw new RouterOsError(`check-gateway inválido: ${p['check-gateway']}`);
        const table = p['routing-table'];
        if (table && table !== 'main' && !this.items('routing table').some((t) => t.props.name === table)) throw new RouterOsError(`tabela de roteamento desconhecida: ${table}`);
        dup(menu, (q) => q['dst-address'] === p['dst-address'] && q.gateway === p.gateway && (q['routing-table'] ?? q['routing-mark'] ?? '') === (table ?? p['routing-mark'] ?? ''), `rota ${p['dst-address']} via ${p.gateway}`);
        break;
      }
      case 'routing table':
        dup('routing table', (q) => q.name === p.name, `tabela ${p.name}`);
        if (p.name === 'main') throw new RouterOsError('a tabela main já existe');
        break;
      case 'routing rule':
      case 'ip route rule':
        if (!['lookup', 'lookup-only-in-table', 'drop', 'unreachable'].includes(p.action)) throw new RouterOsError(`action inválida: ${p.action}`);
        if (p['src-address'] && !parseCidr(p['src-address'])) throw new RouterOsError(`src-address inválido: ${p['src-address']}`);
        if (menu === 'ip route rule' && p['src-address'] && parseCidr(p['src-address'])!.version !== 4) throw new RouterOsError(`/ip route rule é só IPv4: ${p['src-address']}`);
        if (menu === 'routing rule' && p.table && p.table !== 'main' && !this.items('routing table').some((t) => t.props.name === p.table)) throw new RouterOsError(`tabela de roteamento desconhecida: ${p.table}`);
        dup(menu, (q) => q['src-address'] === p['src-address'] && q.table === p.table, `regra ${p['src-address']}`);
        break;
      case 'user':
        if ('password' in p) throw new RouterOsError('senha no script');
        if (!['full', 'read', 'write'].includes(p.group)) throw new RouterOsError(`grupo desconhecido: ${p.group}`);
        dup('user', (q) => q.name === p.name, `usuário ${p.name}`);
        break;
      case 'system ntp client servers':
        dup(menu, (q) => q.address === p.address, `servidor NTP ${p.address}`);
        break;
      case 'system logging action':
        dup(menu, (q) => q.name === p.name, `ação ${p.name}`);
        break;
      case 'system logging':
        if (!this.items('system logging action').some((a) => a.props.name === p.action)) throw new RouterOsError(`ação de log desconhecida: ${p.action}`);
        break;
      case 'ip service':
        for (const prefix of this.list(p.address)) if (!parseCidr(prefix) && !parseIp(prefix)) throw new RouterOsError(`address inválido: ${prefix}`);
        break;
    }
  }

  /** Whether a gateway is on a connected network: an address of its family whose network holds it (and is not it). */
  onLink(gw: Ip) {
    return this.connected(gw.version).some((c) => cidrContains(c.net, gw) && c.ip.value !== gw.value);
  }
  connected(family: 4 | 6) {
    return this.items(family === 4 ? 'ip address' : 'ipv6 address').map((a) => {
      const c = parseCidr(a.props.address)!;
      return { net: c as Cidr, ip: { version: c.version, value: c.address } as Ip, iface: a.props.interface };
    });
  }

  /** The state, without ids, each table sorted: two routers with the same configuration compare equal. */
  snapshot(parts: 'all' | 'inventory' = 'all') {
    const out: Record<string, unknown> = {};
    for (const [menu, items] of [...this.tables].sort((a, b) => a[0].localeCompare(b[0]))) {
      if (parts === 'inventory' && ['ip service', 'snmp community'].includes(menu)) continue;
      out[menu] = items.map((i) => JSON.stringify(Object.fromEntries(Object.entries(i.props).sort((a, b) => a[0].localeCompare(b[0]))))).sort();
    }
    if (parts === 'all') for (const [k, v] of this.singletons) out[k] = { ...v };
    return out;
  }
}

// ---------------------------------------------------------------- the network

export type Link = { a: { asset: number; port: string }; b: { asset: number; port: string }; up: boolean };
type Node = { asset: number; port: string; tag: string };

/**
 * Routers (models) and the devices between them, wired by the path's segments. A device without a
 * router model passes every frame between its linked ports, tags kept (a radio, a switch).
 */
export class Network {
  constructor(
    readonly routers: Map<number, Router>,
    readonly links: Link[],
  ) {}

  private portsOf(asset: number) {
    return [...new Set(this.links.flatMap((l) => [l.a, l.b]).filter((e) => e.asset === asset).map((e) => e.port))];
  }

  /** The (port, tag) pairs an interface of a router sends and receives frames on. */
  wire(r: Router, name: string, tag = ''): { port: string; tag: string }[] {
    const itf = r.iface(name);
    if (!itf) return [];
    const t = itf.props.type;
    if (t === 'vlan') {
      if (tag || !itf.props.interface) return []; // no stacked tags; an inventory VLAN's parent is unknown
      const parent = r.iface(itf.props.interface)!;
      if (parent.props.type === 'bridge') return this.bridgeWire(r, parent.props.name, itf.props['vlan-id'], true);
      return this.wire(r, itf.props.interface, itf.props['vlan-id']);
    }
    if (t === 'bond') return r.list(itf.props.slaves).flatMap((s) => this.wirePhysical(r, s, tag));
    if (t === 'bridge') return this.bridgeWire(r, name, tag, true);
    return r.bondOf(name) || (r.bridgeOf(name) && !tag) ? [] : [{ port: name, tag }];
  }
  /** A bridge's domain for a tag: with VLAN filtering, the ports tagged for it (the bridge itself must be, to reach its own VLAN interface). */
  private bridgeWire(r: Router, bridge: string, tag: string, fromSelf: boolean): { port: string; tag: string }[] {
    const br = r.iface(bridge)!;
    const ports = r.items('interface bridge port').filter((p) => p.props.bridge === bridge).map((p) => p.props.interface);
    if (br.props['vlan-filtering'] !== 'yes') return ports.flatMap((p) => (r.iface(p)?.props.type === 'vlan' ? this.wireVlanPort(r, p) : this.wirePhysical(r, p, tag)));
    if (!tag) return ports.flatMap((p) => this.wirePhysical(r, p, ''));
    const entry = r.items('interface bridge vlan').find((v) => v.props.bridge === bridge && r.list(v.props['vlan-ids']).includes(tag));
    if (!entry) return [];
    const tagged = r.list(entry.props.tagged);
    if (fromSelf && !tagged.includes(bridge)) return [];
    return tagged.filter((x) => x !== bridge).flatMap((p) => this.wirePhysical(r, p, tag));
  }
  private wireVlanPort(r: Router, vlanName: string) {
    const v = r.iface(vlanName)!;
    return v.props.interface ? this.wirePhysical(r, v.props.interface, v.props['vlan-id']) : [];
  }
  private wirePhysical(r: Router, port: string, tag: string): { port: string; tag: string }[] {
    const itf = r.iface(port);
    if (!itf) return [];
    if (itf.props.type === 'bond') return r.list(itf.props.slaves).map((s) => ({ port: s, tag }));
    return [{ port, tag }];
  }

  /** Every (router, interface) a frame from this router's interface reaches, through links, L2 devices and bridges. */
  reach(asset: number, name: string): { asset: number; iface: string }[] {
    const r = this.routers.get(asset)!;
    const seen = new Set<string>();
    const queue: Node[] = this.wire(r, name).map((w) => ({ asset, port: w.port, tag: w.tag }));
    const found: { asset: number; iface: string }[] = [];
    const key = (n: Node) => `${n.asset}|${n.port}|${n.tag}`;
    queue.forEach((n) => seen.add(key(n)));
    const push = (n: Node) => {
      if (!seen.has(key(n))) {
        seen.add(key(n));
        queue.push(n);
      }
    };
    while (queue.length) {
      const n = queue.shift()!;
      for (const l of this.links.filter((x) => x.up)) {
        const far = l.a.asset === n.asset && l.a.port === n.port ? l.b : l.b.asset === n.asset && l.b.port === n.port ? l.a : null;
        if (!far) continue;
        const there = { asset: far.asset, port: far.port, tag: n.tag };
        const router = this.routers.get(far.asset);
        if (!router) {
          // An L2 device: out of every other linked port, tags kept.
          push(there);
          for (const p of this.portsOf(far.asset)) if (p !== far.port) push({ ...there, port: p });
          continue;
        }
        seen.add(key(there));
        // The router's L3 interfaces on that (port, tag), and what its bridges pass on.
        for (const itf of router.interfaces()) {
          const w = this.wire(router, itf.props.name);
          if (w.some((x) => x.port === far.port && x.tag === n.tag) && !found.some((f) => f.asset === far.asset && f.iface === itf.props.name)) found.push({ asset: far.asset, iface: itf.props.name });
        }
        for (const br of router.interfaces('bridge')) {
          const domain = br.props['vlan-filtering'] === 'yes' ? this.bridgeWire(router, br.props.name, n.tag, false) : this.bridgeWire(router, br.props.name, '', false);
          if (domain.some((x) => x.port === far.port && x.tag === n.tag)) for (const x of domain) push({ asset: far.asset, port: x.port, tag: x.tag });
        }
      }
    }
    return found.filter((f) => this.wire(this.routers.get(f.asset)!, f.iface).length > 0);
  }

  /** The router and interface that hold `ip` on the same L2 as `asset`'s interface `from`, if any. */
  neighbour(asset: number, from: string, ip: Ip) {
    for (const far of this.reach(asset, from)) {
      const r = this.routers.get(far.asset)!;
      const has = r.items(ip.version === 4 ? 'ip address' : 'ipv6 address').some((a) => a.props.interface === far.iface && parseCidr(a.props.address)!.address === ip.value);
      if (has) return far;
    }
    return undefined;
  }

  /** Whether a router reaches a gateway: a connected network of its that holds it, and the gateway's owner on the wire. */
  private gatewayUp(asset: number, gw: Ip) {
    const r = this.routers.get(asset)!;
    return r.connected(gw.version).some((c) => cidrContains(c.net, gw) && c.ip.value !== gw.value && this.neighbour(asset, c.iface, gw));
  }

  /** The best route for `ip` in one table (main: routes without a table or mark): longest prefix, then lowest distance, among routes whose gateway is up (check-gateway) or on-link. */
  private lookup(asset: number, ip: Ip, table: string) {
    const r = this.routers.get(asset)!;
    const routes = r
      .items(ip.version === 4 ? 'ip route' : 'ipv6 route')
      .filter((x) => (x.props['routing-table'] ?? x.props['routing-mark'] ?? 'main') === table && x.props.disabled !== 'yes')
      .map((x) => ({ dst: parseCidr(x.props['dst-address'] ?? (ip.version === 4 ? '0.0.0.0/0' : '::/0'))!, gw: gatewayOf(x.props)!, distance: Number(x.props.distance ?? 1), check: x.props['check-gateway'] === 'ping', props: x.props }))
      .filter((x) => cidrContains(x.dst, ip) && r.onLink(x.gw) && (!x.check || this.gatewayUp(asset, x.gw)));
    routes.sort((a, b) => b.dst.prefix - a.dst.prefix || a.distance - b.distance);
    return routes[0];
  }

  /**
   * The route a router uses for a packet to `ip` from `src`: its routing rules in order (RouterOS 7
   * `/routing rule`, 6 `/ip route rule` — IPv4 only), by source and destination; `lookup` tries the
   * rule's table and goes on when it has no route, `lookup-only-in-table` stops there, `drop` and
   * `unreachable` stop; then the main table.
   */
  route(asset: number, ip: Ip, src?: Ip) {
    const r = this.routers.get(asset)!;
    const rules = r.v7 ? r.items('routing rule') : ip.version === 4 ? r.items('ip route rule') : [];
    for (const rule of rules) {
      const p = rule.props;
      if (p.disabled === 'yes') continue;
      const matches = (key: 'src-address' | 'dst-address', addr: Ip | undefined) => {
        if (!p[key]) return true;
        const c = parseCidr(p[key])!;
        return !!addr && c.version === addr.version && cidrContains(c, addr);
      };
      if (!matches('src-address', src) || !matches('dst-address', ip)) continue;
      if (p.action === 'drop' || p.action === 'unreachable') return undefined;
      const found = this.lookup(asset, ip, p.table ?? 'main');
      if (found || p.action === 'lookup-only-in-table') return found;
    }
    return this.lookup(asset, ip, 'main');
  }

  /**
   * Follows a packet for `ip` (from `src`, for the routing rules) from a router, hop by hop, until a
   * router has it on a connected network: the routers passed and where it ends (router and interface),
   * or why it stopped.
   */
  trace(from: number, ip: Ip, src?: Ip): { hops: number[]; at?: { asset: number; iface: string }; stop?: string } {
    const hops = [from];
    let here = from;
    for (let i = 0; i < 16; i++) {
      const r = this.routers.get(here)!;
      const local = r.connected(ip.version).find((c) => cidrContains(c.net, ip));
      if (local) return { hops, at: { asset: here, iface: local.iface } };
      const route = this.route(here, ip, src);
      if (!route) return { hops, stop: `${r.hostname} não tem rota para ${formatIp(ip)}` };
      const via = r.connected(ip.version).find((c) => cidrContains(c.net, route.gw) && this.neighbour(here, c.iface, route.gw));
      const next = via && this.neighbour(here, via.iface, route.gw);
      if (!next) return { hops, stop: `${r.hostname}: o gateway ${formatIp(route.gw)} não responde no fio` };
      here = next.asset;
      hops.push(here);
    }
    return { hops, stop: 'laço de roteamento' };
  }
}

/** A route's gateway address, without the `@table` its next hop is resolved in. */
export const gatewayOf = (props: Record<string, string>) => parseIp((props.gateway ?? '').split('@')[0]);

export const firstAddress = (block: string) => {
  const c = parseCidr(block)!;
  return { version: c.version, value: c.network + (c.version === 4 && c.prefix < 31 ? 1n : 0n) } as Ip;
};
export { formatCidr };
