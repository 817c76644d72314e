/**
 * A RouterOS syntax check of a generated script, line by line: empty, a comment, a menu path from
 * a known list, or a command (`add|set|remove`) whose arguments are `key=value` with balanced,
 * escaped quotes. Returns the problems, and the parsed arguments for the injection tests.
 */
export const MENUS = [
  '/system identity', '/interface vlan', '/interface bridge', '/interface bridge port', '/interface bridge vlan', '/interface bonding', '/ip address', '/ip route',
  '/ip dns', '/system ntp client', '/system ntp client servers', '/snmp community', '/snmp', '/system logging action', '/system logging', '/user', '/ip service',
];

/** A quoted value, unescaped; null when the quotes are broken. */
function readQuoted(s: string, at: number): { value: string; end: number } | null {
  let value = '';
  for (let i = at + 1; i < s.length; i++) {
    const c = s[i];
    if (c === '\\') {
      const n = s[i + 1];
      if (n === undefined) return null;
      if (n === 'n') value += '\n';
      else if (n === 'r') value += '\r';
      else if (n === 't') value += '\t';
      else if (/[0-9A-F]/.test(n)) {
        value += String.fromCharCode(parseInt(s.slice(i + 1, i + 3), 16));
        i++;
      } else value += n;
      i++;
    } else if (c === '"') return { value, end: i + 1 };
    else if (c === '$' || c === '?') return null; // must have been escaped
    else value += c;
  }
  return null;
}

export type ParsedLine = { kind: 'empty' | 'comment' | 'menu' | 'command'; args: Record<string, string> };

export function parseLine(line: string): ParsedLine | string {
  if (line.trim() === '') return { kind: 'empty', args: {} };
  if (line.startsWith('#')) return { kind: 'comment', args: {} };
  if (line.startsWith('/')) return MENUS.includes(line) ? { kind: 'menu', args: {} } : `menu desconhecido: ${line}`;
  const m = /^(add|set|remove) (.*)$/.exec(line);
  if (!m) return `comando desconhecido: ${line}`;
  let rest = m[2];
  const args: Record<string, string> = {};
  // `set [ find default=yes ] …` and `set "telnet" disabled=yes` name what they set first.
  const selector = /^\[ find default=yes \] /.exec(rest);
  if (selector) rest = rest.slice(selector[0].length);
  else if (m[1] === 'set' && rest.startsWith('"')) {
    const q = readQuoted(rest, 0);
    if (!q) return `aspas quebradas: ${line}`;
    args['.id'] = q.value;
    rest = rest.slice(q.end).trimStart();
  }
  while (rest.length) {
    const key = /^([a-z][a-z0-9-]*)=/.exec(rest);
    if (!key) return `argumento sem chave=valor: ${line}`;
    rest = rest.slice(key[0].length);
    if (rest.startsWith('"')) {
      const q = readQuoted(rest, 0);
      if (!q) return `aspas quebradas: ${line}`;
      args[key[1]] = q.value;
      rest = rest.slice(q.end);
    } else {
      const v = /^[A-Za-z0-9._:/,-]+/.exec(rest);
      if (!v) return `valor inválido: ${line}`;
      args[key[1]] = v[0];
      rest = rest.slice(v[0].length);
    }
    if (rest.length && !rest.startsWith(' ')) return `argumentos colados: ${line}`;
    rest = rest.trimStart();
  }
  return { kind: 'command', args };
}

/** Every problem of the script (empty when every line is valid). */
export const syntaxProblems = (script: string) => script.split('\n').map(parseLine).filter((p): p is string => typeof p === 'string');
