import { SignJWT, jwtVerify } from 'jose';
import { TOKEN_VALIDITY_MINUTES } from '@operacoes/contract';

export type AccessClaims = { sub: string; ver: number; org: number };
export type MercureClaims = { mercure: { subscribe: string[] }; sub: string };

/** HS256 JWTs for the API (`typ: access`) and for the realtime hub (`mercure` claim). */
export class Tokens {
  private key: Uint8Array;
  constructor(secret: string) {
    this.key = new TextEncoder().encode(secret);
  }
  access(userId: number, tokenVersion: number, organizationId: number) {
    return new SignJWT({ ver: tokenVersion, org: organizationId, typ: 'access' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(userId))
      .setIssuedAt()
      .setExpirationTime(`${TOKEN_VALIDITY_MINUTES}m`)
      .sign(this.key);
  }
  mercure(userId: number, topics: string[]) {
    return new SignJWT({ mercure: { subscribe: topics }, typ: 'mercure' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(userId))
      .setIssuedAt()
      .setExpirationTime(`${TOKEN_VALIDITY_MINUTES}m`)
      .sign(this.key);
  }
  async verifyAccess(token: string): Promise<AccessClaims | undefined> {
    try {
      const { payload } = await jwtVerify(token, this.key, { algorithms: ['HS256'] });
      if (payload.typ !== 'access' || typeof payload.sub !== 'string') return undefined;
      return { sub: payload.sub, ver: Number(payload.ver), org: Number(payload.org) };
    } catch {
      return undefined;
    }
  }
  async verifyMercure(token: string): Promise<MercureClaims | undefined> {
    try {
      const { payload } = await jwtVerify(token, this.key, { algorithms: ['HS256'] });
      const m = payload.mercure as { subscribe?: unknown } | undefined;
      if (payload.typ !== 'mercure' || !m || !Array.isArray(m.subscribe)) return undefined;
      return { sub: String(payload.sub), mercure: { subscribe: m.subscribe.map(String) } };
    } catch {
      return undefined;
    }
  }
}

export const userTopic = (userId: number) => `/users/${userId}`;
export const organizationTopic = (organizationId: number) => `/organizations/${organizationId}`;
