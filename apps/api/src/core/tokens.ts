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
  access(userId: number, tokenVersion: number, organizationId: number) {
    return new SignJWT({ ver: tokenVersion, org: organizationId, typ: 'access' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(userId))
      .setIssuedAt()
      .setExpirationTime(`${TOKEN_VALIDITY_MINUTES}m`)
      .sign(this.key);
  }
  mercure(userId: number, tokenVersion: number, topics: string[]) {
    return new SignJWT({ mercure: { subscribe: topics }, typ: 'mercure', ver: tokenVersion })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(userId))
      .setIssuedAt()
      .setExpirationTime(`${TOKEN_VALIDITY_MINUTES}m`)
      .sign(this.key);
  }
  async verifyAccess(token: string): Promise<AccessClaims | undefined> {
    const payload = this.verify(token);
    if (!payload || payload.typ !== 'access' || typeof payload.sub !== 'string') return undefined;
    return { sub: payload.sub, ver: Number(payload.ver), org: Number(payload.org) };
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
