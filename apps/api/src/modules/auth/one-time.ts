import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../core/db';
import { oneTimeTokens } from './schema';

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

/** Creates a one-use link hash (256 random bits); only its SHA-256 is stored. */
export async function issueOneTimeToken(db: DbOrTx, userId: number, purpose: 'confirm' | 'reset', ttlMs: number): Promise<string> {
  const hash = randomBytes(32).toString('base64url');
  await db.insert(oneTimeTokens).values({ user_id: userId, purpose, token_sha256: sha256(hash), expires_at: new Date(Date.now() + ttlMs) });
  return hash;
}

/** Marks the hash used and answers its user, atomically: a hash works once, before it expires. */
export async function consumeOneTimeToken(db: DbOrTx, hash: string, purpose: 'confirm' | 'reset'): Promise<number | undefined> {
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(hash)) return undefined;
  const [row] = await db
    .update(oneTimeTokens)
    .set({ used_at: new Date() })
    .where(and(eq(oneTimeTokens.token_sha256, sha256(hash)), eq(oneTimeTokens.purpose, purpose), isNull(oneTimeTokens.used_at), gt(oneTimeTokens.expires_at, new Date())))
    .returning({ user_id: oneTimeTokens.user_id });
  return row?.user_id;
}
