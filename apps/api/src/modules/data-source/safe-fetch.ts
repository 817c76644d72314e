/**
 * Outbound HTTP for data sources, safe against server-side request forgery: a source may only
 * reach public addresses, checked after DNS resolution and again on every redirect, and the
 * connection goes to the very address that was checked (no second lookup a rebinding DNS could
 * answer differently). Operators whose sources live inside their own network list those hosts
 * or ranges in `DATA_SOURCE_ALLOWED_HOSTS` (see the README).
 */
import { lookup as dnsLookup } from 'node:dns/promises';
import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';
import { HttpError } from '../../core/errors';

type Range = [ipaddr.IPv4 | ipaddr.IPv6, number];
export type AllowList = { hosts: string[]; suffixes: string[]; ranges: Range[] };

/**
 * Parses `DATA_SOURCE_ALLOWED_HOSTS` entries: a host name (`erp.intranet`), a wildcard suffix
 * (`*.intranet`), an address (`10.0.0.5`, `::1`) or a range (`10.20.0.0/16`, `fd00::/8`).
 */
export function parseAllowList(entries: readonly string[]): AllowList {
  const list: AllowList = { hosts: [], suffixes: [], ranges: [] };
  for (const raw of entries) {
    const entry = raw.trim().toLowerCase().replace(/^\[|\]$/g, '');
    if (!entry) continue;
    if (entry.includes('/')) {
      if (!ipaddr.isValidCIDR(entry)) throw new Error(`DATA_SOURCE_ALLOWED_HOSTS: faixa inválida "${raw}"`);
      let [addr, bits] = ipaddr.parseCIDR(entry);
      if (addr.kind() === 'ipv6' && (addr as ipaddr.IPv6).isIPv4MappedAddress()) [addr, bits] = [(addr as ipaddr.IPv6).toIPv4Address(), bits - 96];
      list.ranges.push([addr, bits]);
    } else if (ipaddr.isValid(entry)) {
      const addr = ipaddr.process(entry);
      list.ranges.push([addr, addr.kind() === 'ipv4' ? 32 : 128]);
    } else if (entry.startsWith('*.')) {
      list.suffixes.push(entry.slice(1));
    } else {
      list.hosts.push(entry);
    }
  }
  return list;
}

/** Public unicast only: no loopback, private, link-local, shared, reserved, multicast, unspecified, mapped or translated addresses. */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  const ip = ipaddr.process(address); // ::ffff:127.0.0.1 is judged as 127.0.0.1
  if (ip.range() !== 'unicast') return false;
  // IPv6: global unicast 2000::/3 only (this also rules out the IPv4-compatible ::a.b.c.d).
  return ip.kind() === 'ipv4' || (ip as ipaddr.IPv6).match(ipaddr.IPv6.parse('2000::'), 3);
}

function addressAllowed(address: string, allow: AllowList): boolean {
  if (isPublicAddress(address)) return true;
  if (!ipaddr.isValid(address)) return false;
  const ip = ipaddr.process(address);
  return allow.ranges.some(([range, bits]) => range.kind() === ip.kind() && (ip as ipaddr.IPv4).match(range as ipaddr.IPv4, bits));
}

const hostAllowed = (host: string, allow: AllowList) => allow.hosts.includes(host) || allow.suffixes.some((s) => host.endsWith(s));

export const addressRefused = () =>
  new HttpError(422, 'Endereço não permitido: a fonte de dados aponta para um endereço interno. Nada foi alterado.', [
    { propertyPath: 'url', message: 'Endereço não permitido' },
  ]);
export const unreachable = () => new HttpError(502, 'Não foi possível conectar à fonte de dados. Nada foi alterado.');

/** The vetted address a URL's host connects to; refuses a host that is, or resolves to, a non-public address. */
export async function vettedAddress(url: URL, allow: AllowList): Promise<{ address: string; family: 4 | 6 }> {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw addressRefused();
  const host = url.hostname.toLowerCase().replace(/^\[|\]$/g, '');
  if (isIP(host)) {
    if (!addressAllowed(host, allow)) throw addressRefused();
    return { address: host, family: isIP(host) as 4 | 6 };
  }
  let found: { address: string; family: number }[];
  try {
    found = await dnsLookup(host, { all: true, verbatim: true });
  } catch {
    throw unreachable();
  }
  if (found.length === 0) throw unreachable();
  // Every address the name has must pass: the connection could otherwise be steered to the bad one.
  if (!hostAllowed(host, allow) && found.some((a) => !addressAllowed(a.address, allow))) throw addressRefused();
  return { address: found[0].address, family: found[0].family === 6 ? 6 : 4 };
}

export type SafeResponse = { status: number; headers: IncomingMessage['headers']; body: Buffer };

const MAX_REDIRECTS = 5;

/** A DNS lookup does not take a signal: the source's timeout still ends the wait. */
function untilAborted<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const stop = () => reject(signal.reason);
    signal.addEventListener('abort', stop, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener('abort', stop));
  });
}

/**
 * One request with redirects followed by hand, each hop vetted and pinned; the body is read up
 * to `maxBytes`. The token (Authorization) goes only to the source's own origin.
 */
export async function safeFetch(
  start: string,
  opts: {
    method: string;
    headers: Record<string, string>;
    authorization?: string;
    signal: AbortSignal;
    maxBytes: number;
    allow: AllowList;
    tooLarge: () => Error;
    /** Sent with the first request (a webhook's JSON); a redirect never carries it. */
    body?: Buffer;
    /** `false`: a 3xx is the answer (webhooks are not followed elsewhere). */
    followRedirects?: boolean;
  },
): Promise<SafeResponse> {
  let url = new URL(start);
  const origin = url.origin;
  let method = opts.method;
  for (let hop = 0; ; hop++) {
    const pinned = await untilAborted(vettedAddress(url, opts.allow), opts.signal);
    const lookup: LookupFunction = (_host, options, callback) => {
      if ((options as { all?: boolean }).all) (callback as (e: null, a: { address: string; family: number }[]) => void)(null, [pinned]);
      else callback(null, pinned.address, pinned.family);
    };
    const headers = { ...opts.headers, ...(opts.authorization && url.origin === origin ? { authorization: opts.authorization } : {}) };
    const res = await new Promise<IncomingMessage>((resolve, reject) => {
      const req = (url.protocol === 'https:' ? https : http).request(url, { method, headers, lookup, agent: false, signal: opts.signal }, resolve);
      req.on('error', reject);
      req.end(hop === 0 ? opts.body : undefined);
    });
    const status = res.statusCode ?? 0;
    const location = res.headers.location;
    if (status >= 300 && status < 400 && location && opts.followRedirects !== false) {
      res.resume();
      if (hop >= MAX_REDIRECTS) throw new HttpError(502, 'A fonte de dados redirecionou vezes demais. Nada foi alterado.');
      try {
        url = new URL(location, url);
      } catch {
        throw addressRefused();
      }
      if (status === 303 || ((status === 301 || status === 302) && method === 'POST')) method = 'GET';
      continue;
    }
    const declared = Number(res.headers['content-length'] ?? 0);
    if (declared > opts.maxBytes) {
      res.destroy();
      throw opts.tooLarge();
    }
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of res as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > opts.maxBytes) {
        res.destroy();
        throw opts.tooLarge();
      }
      chunks.push(chunk);
    }
    return { status, headers: res.headers, body: Buffer.concat(chunks) };
  }
}
