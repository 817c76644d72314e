import { readFileSync } from 'node:fs';
import os from 'node:os';
import { hash as libraryHash, verify as libraryVerify } from '@node-rs/argon2';
import { describe, expect, it } from 'vitest';
import { Passwords } from '../../src/core/passwords';

const cost = { memoryCost: 4096, timeCost: 2 };
const passwords = new Passwords(cost);

/** A thread's nice value, from its /proc stat line (field 19; the name in parentheses may hold spaces). */
const niceOf = (tid: number) => Number(readFileSync(`/proc/self/task/${tid}/stat`, 'utf8').split(') ')[1].split(' ')[16]);

describe('passwords hashed on low-priority threads', () => {
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

  it.runIf(os.platform() === 'linux')('runs at the lowest priority on Linux, leaving the main thread as it was', async () => {
    await passwords.hash('aquecer');
    expect(passwords.threadIds.length).toBeGreaterThan(0);
    for (const tid of passwords.threadIds) expect(niceOf(tid)).toBe(19);
    expect(os.getPriority(process.pid)).toBe(0);
  });

  it('serves every instance of the process from the same threads (an app that closes ends none)', async () => {
    const other = new Passwords({ memoryCost: 1024, timeCost: 1 });
    expect(await other.verify(await other.hash('x'), 'x')).toBe(true);
    expect([...other.threadIds]).toEqual([...passwords.threadIds]);
    const before = [...passwords.threadIds];
    const fresh = new Passwords(cost);
    await fresh.hash('y');
    expect([...passwords.threadIds]).toEqual(before);
  });
});
