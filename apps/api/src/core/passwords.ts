import { hash, verify } from '@node-rs/argon2';

// Algorithm.Argon2id (a const enum, not importable under isolatedModules).
const ARGON2ID = 2;

export type Argon2Cost = { memoryCost: number; timeCost: number };

export class Passwords {
  /** A hash of a random password, verified against when the user is unknown so both answers take the same time. */
  private dummy: Promise<string>;
  constructor(private cost: Argon2Cost) {
    this.dummy = this.hash('dummy-password-for-timing-' + Math.random());
  }
  /**
   * Whether a stored hash was made with another cost (or another algorithm) than the configured one:
   * a hash carries its own parameters ($argon2id$v=19$m=…,t=…,p=…$…), so it keeps verifying, and the
   * next successful login replaces it.
   */
  needsRehash(hashed: string): boolean {
    const params = /^\$argon2id\$v=19\$m=(\d+),t=(\d+),p=1\$/.exec(hashed);
    return !params || Number(params[1]) !== this.cost.memoryCost || Number(params[2]) !== this.cost.timeCost;
  }
  hash(plain: string) {
    return hash(plain, { algorithm: ARGON2ID, memoryCost: this.cost.memoryCost, timeCost: this.cost.timeCost, parallelism: 1 });
  }
  async verify(hashed: string | undefined, plain: string): Promise<boolean> {
    if (!hashed) {
      await verify(await this.dummy, plain).catch(() => false);
      return false;
    }
    return verify(hashed, plain).catch(() => false);
  }
}
