/**
 * IP address and CIDR arithmetic for the IP plan (SVC blocks, point-to-point subnets), on bigint
 * so IPv4 and IPv6 share one code path. Addresses are written back in canonical form (IPv6 per
 * RFC 5952: lower case, the longest run of zero groups as `::`).
 */
import { isIpv4, isIpv6 } from './validators';

export type IpVersion = 4 | 6;
export type Ip = { version: IpVersion; value: bigint };
export type Cidr = { version: IpVersion; network: bigint; prefix: number };

const bitsOf = (v: IpVersion) => (v === 4 ? 32 : 128);

/** Parses an IPv4 or IPv6 address; null when it is not one. */
export function parseIp(text: string): Ip | null {
  const s = text.trim();
  if (isIpv4(s)) return { version: 4, value: s.split('.').reduce((acc, o) => (acc << 8n) | BigInt(Number(o)), 0n) };
  if (!isIpv6(s)) return null;
  // An embedded IPv4 tail (::ffff:10.0.0.1) is two groups.
  const v4 = /(\d+\.\d+\.\d+\.\d+)$/.exec(s);
  if (v4) {
    const n = parseIp(v4[1])!.value;
    return parseIp(`${s.slice(0, -v4[1].length)}${(n >> 16n).toString(16)}:${(n & 0xffffn).toString(16)}`);
  }
  const [left, right] = s.includes('::') ? s.split('::') : [s, undefined];
  const groups = (part: string | undefined) => (part ? part.split(':').filter((g) => g !== '').map((g) => BigInt(parseInt(g, 16))) : []);
  const l = groups(left);
  const r = groups(right);
  const all = right === undefined ? l : [...l, ...Array<bigint>(8 - l.length - r.length).fill(0n), ...r];
  if (all.length !== 8) return null;
  return { version: 6, value: all.reduce((acc, g) => (acc << 16n) | g, 0n) };
}

/** An address in canonical text. */
export function formatIp(ip: Ip): string {
  if (ip.version === 4) return [24n, 16n, 8n, 0n].map((s) => String((ip.value >> s) & 0xffn)).join('.');
  const groups = Array.from({ length: 8 }, (_, i) => Number((ip.value >> BigInt((7 - i) * 16)) & 0xffffn));
  // RFC 5952: compress the longest run (of two or more) of zero groups, the first on a tie.
  let best = -1;
  let bestLen = 1;
  for (let i = 0; i < 8; ) {
    if (groups[i] !== 0) {
      i++;
      continue;
    }
    let j = i;
    while (j < 8 && groups[j] === 0) j++;
    if (j - i > bestLen) [best, bestLen] = [i, j - i];
    i = j;
  }
  const hex = (gs: number[]) => gs.map((g) => g.toString(16)).join(':');
  return best < 0 ? hex(groups) : `${hex(groups.slice(0, best))}::${hex(groups.slice(best + bestLen))}`;
}

/** Parses `address/prefix` without requiring the host bits to be zero; null when malformed. */
export function parseCidr(text: string): (Cidr & { address: bigint }) | null {
  const [addr, bits, extra] = text.trim().split('/');
  if (extra !== undefined || bits === undefined || !/^\d{1,3}$/.test(bits)) return null;
  const ip = parseIp(addr);
  const prefix = Number(bits);
  if (!ip || prefix > bitsOf(ip.version)) return null;
  return { version: ip.version, network: ip.value & maskOf(ip.version, prefix), prefix, address: ip.value };
}

function maskOf(version: IpVersion, prefix: number): bigint {
  const total = bitsOf(version);
  return ((1n << BigInt(total)) - 1n) ^ ((1n << BigInt(total - prefix)) - 1n);
}

export const formatCidr = (c: Cidr) => `${formatIp({ version: c.version, value: c.network })}/${c.prefix}`;
/** The last address of a block. */
export const lastOf = (c: Cidr) => c.network | ((1n << BigInt(bitsOf(c.version) - c.prefix)) - 1n);
export const cidrContains = (c: Cidr, ip: Ip) => ip.version === c.version && ip.value >= c.network && ip.value <= lastOf(c);
export const cidrsOverlap = (a: Cidr, b: Cidr) => a.version === b.version && a.network <= lastOf(b) && b.network <= lastOf(a);

/**
 * A block's normal form, or why it is not one: `10.0.0.5/30` has host bits set and the answer
 * suggests `10.0.0.4/30`.
 */
export function normalizeCidr(text: string): { ok: true; cidr: string } | { ok: false; message: string } {
  const c = parseCidr(text);
  if (!c) return { ok: false, message: 'Bloco CIDR inválido (ex.: 10.0.0.0/24 ou 2001:db8::/48)' };
  const normal = formatCidr(c);
  if (c.address !== c.network) return { ok: false, message: `O bloco ${text.trim()} não é o início da rede: use ${normal}` };
  return { ok: true, cidr: normal };
}

/**
 * The two ends of a point-to-point subnet: IPv4 /30 (the first and second usable: .1 and .2 of
 * a .0/30), IPv4 /31 and IPv6 /127 (both addresses, RFC 3021 and RFC 6164). Null for any other size.
 */
export function pointToPointEnds(text: string): { from: string; to: string; prefix: number } | null {
  const c = parseCidr(text);
  if (!c || c.address !== c.network) return null;
  const ok = (c.version === 4 && (c.prefix === 30 || c.prefix === 31)) || (c.version === 6 && c.prefix === 127);
  if (!ok) return null;
  const first = c.version === 4 && c.prefix === 30 ? c.network + 1n : c.network;
  return { from: formatIp({ version: c.version, value: first }), to: formatIp({ version: c.version, value: first + 1n }), prefix: c.prefix };
}
