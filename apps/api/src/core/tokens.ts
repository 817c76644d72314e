import { createHmac, timingSafeEqual } from 'node:crypto';
import { SignJWT } from 'jose';
import { TOKEN_VALIDITY_MINUTES } from '@operacoes/contract';

export type AccessClaims = { sub: string; ver: number; org: number };
/** `ver`: the user's token version when issued; the hub refuses the token once it changed (logout, new password, deactivation). */
export type MercureClaims = { mercure: { subscribe: string[] }; sub: string; ver: number };

/** HS256 JWTs for the API (`typ: access`) and for the realtime hub (`mercure` claim). */
export class Tokens {
  private key: Uint8Array;
  private secret: string;
  constructor(secret: string) {
    this.secret = secret;
    this.key = new TextEncoder().encode(secret);
  }

  /**
   * Verifies an HS256 JWT synchronously (HMAC + constant-time compare + expiry): every API call
   * does this, and jose's async WebCrypto path cost a measurable share of each request's CPU.
   */
  private verify(token: string): Record<string, unknown> | undefined {
    const parts = token.split('.');
    if (parts.length !== 3) return undefined;
    const [h, p, sig] = parts;
    try {
      const header = JSON.parse(Buffer.from(h, 'base64url').toString('utf8')) as { alg?: string };
      if (header.alg !== 'HS256') return undefined;
      const expected = createHmac('sha256', this.secret).update(`${h}.${p}`).digest();
      const given = Buffer.from(sig, 'base64url');
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
      const payload = JSON.parse(Buffer.from(p, 'base64url').toString('utf8')) as Record<string, unknown>;
      if (typeof payload.exp !== 'number' || payload.exp * 1000 <= Date.now()) return undefined;
      return payload;
    } catch {
      return undefined;
    }
  }
  /** An HS256 token of `userId`, valid for a session's length. */
  private sign(userId: number, claims: Record<string, unknown>) {
    return new SignJWT(claims).setProtectedHeader({ alg: 'HS256' }).setSubject(String(userId)).setIssuedAt().setExpirationTime(`${TOKEN_VALIDITY_MINUTES}m`).sign(this.key);
  }
  /** The claims of a session token of this type (`access` or `files`), or undefined. */
  private session(token: string, typ: 'access' | 'files'): AccessClaims | undefined {
    const payload = this.verify(token);
    if (!payload || payload.typ !== typ || typeof payload.sub !== 'string') return undefined;
    return { sub: payload.sub, ver: Number(payload.ver), org: Number(payload.org) };
  }
  access(userId: number, tokenVersion: number, organizationId: number) {
    return this.sign(userId, { ver: tokenVersion, org: organizationId, typ: 'access' });
  }
  mercure(userId: number, tokenVersion: number, topics: string[]) {
    return this.sign(userId, { mercure: { subscribe: topics }, typ: 'mercure', ver: tokenVersion });
  }
  /**
   * The file session (`typ: files`): the same claims as an access token, carried by an HttpOnly
   * cookie that only `/api/files` reads (an `<img>` sends no Authorization header). It is refused
   * as an API token, and an API token is refused as it.
   */
  files(userId: number, tokenVersion: number, organizationId: number) {
    return this.sign(userId, { ver: tokenVersion, org: organizationId, typ: 'files' });
  }
  verifyFiles(token: string): AccessClaims | undefined {
    return this.session(token, 'files');
  }
  async verifyAccess(token: string): Promise<AccessClaims | undefined> {
    return this.session(token, 'access');
  }
  async verifyMercure(token: string): Promise<MercureClaims | undefined> {
    const payload = this.verify(token);
    const m = payload?.mercure as { subscribe?: unknown } | undefined;
    if (!payload || payload.typ !== 'mercure' || !m || !Array.isArray(m.subscribe) || typeof payload.ver !== 'number') return undefined;
    return { sub: String(payload.sub), ver: payload.ver, mercure: { subscribe: m.subscribe.map(String) } };
  }
}

export const userTopic = (userId: number) => `/users/${userId}`;
export const organizationTopic = (organizationId: number) => `/organizations/${organizationId}`;

/** The cookie of the file session: sent by the browser to `/api/files` only, never readable by scripts. */
export const FILES_COOKIE = 'operacoes_files';

/** `Set-Cookie` for a new file session (`Secure` when the request came over HTTPS). */
export function filesCookie(token: string, secure: boolean): string {
  return `${FILES_COOKIE}=${token}; Path=/api/files; HttpOnly; SameSite=Lax; Max-Age=${TOKEN_VALIDITY_MINUTES * 60}${secure ? '; Secure' : ''}`;
}

/** `Set-Cookie` that ends the file session (logout). */
export function clearedFilesCookie(secure: boolean): string {
  return `${FILES_COOKIE}=; Path=/api/files; HttpOnly; SameSite=Lax; Max-Age=0${secure ? '; Secure' : ''}`;
}

/** One cookie's value from a `Cookie` header. */
export function cookieValue(header: string | undefined, name: string): string | undefined {
  for (const part of header?.split(';') ?? []) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
}
