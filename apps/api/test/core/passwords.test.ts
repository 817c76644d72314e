import { hash as libraryHash, verify as libraryVerify } from '@node-rs/argon2';
import { describe, expect, it } from 'vitest';
import { Passwords } from '../../src/core/passwords';

const cost = { memoryCost: 4096, timeCost: 2 };
const passwords = new Passwords(cost);

describe('passwords', () => {
  it('hashes argon2id in the PHC format the library reads, and verifies hashes the library made', async () => {
    const hashed = await passwords.hash('senha-forte-123');
    expect(hashed).toMatch(/^\$argon2id\$v=19\$m=4096,t=2,p=1\$/);
    expect(await libraryVerify(hashed, 'senha-forte-123')).toBe(true);
    const before = await libraryHash('outra-senha-456', { algorithm: 2, memoryCost: 4096, timeCost: 2, parallelism: 1 });
    expect(await passwords.verify(before, 'outra-senha-456')).toBe(true);
    expect(await passwords.verify(before, 'outra-senha-457')).toBe(false);
  });

  it('answers false, never an error, for an unknown user or a malformed hash', async () => {
    expect(await passwords.verify(undefined, 'qualquer')).toBe(false);
    expect(await passwords.verify('isto não é um hash', 'qualquer')).toBe(false);
  });

  it('gives each of many concurrent jobs its own answer', async () => {
    const plains = Array.from({ length: 12 }, (_, i) => `senha-${i}-${Math.random()}`);
    const hashes = await Promise.all(plains.map((p) => passwords.hash(p)));
    expect(new Set(hashes).size).toBe(12);
    const right = await Promise.all(hashes.map((h, i) => passwords.verify(h, plains[i])));
    const crossed = await Promise.all(hashes.map((h, i) => passwords.verify(h, plains[(i + 1) % 12])));
    expect(right.every(Boolean)).toBe(true);
    expect(crossed.some(Boolean)).toBe(false);
  });
});
