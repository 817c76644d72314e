import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { blanksToNull } from './schema-helpers';

describe('blanksToNull', () => {
  const base = z.object({ email: z.email().nullable(), phone: z.string().nullable(), name: z.string().min(1) });
  const form = base.extend(blanksToNull(base.shape, ['email', 'phone']));

  it('turns the named blank fields into null and leaves the others to the contract', () => {
    expect(form.parse({ email: '  ', phone: '', name: 'Ana' })).toEqual({ email: null, phone: null, name: 'Ana' });
    expect(form.parse({ email: 'a@b.com.br', phone: '41 9999', name: 'Ana' })).toEqual({ email: 'a@b.com.br', phone: '41 9999', name: 'Ana' });
    expect(form.safeParse({ email: null, phone: null, name: '' }).success).toBe(false);
    expect(form.safeParse({ email: 'não é e-mail', phone: null, name: 'Ana' }).success).toBe(false);
  });
});
