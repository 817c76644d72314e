import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import './zod-pt-br';

/** The message of the one issue a value raises. */
const said = (schema: z.ZodType, value: unknown) => {
  const r = schema.safeParse(value);
  if (r.success) throw new Error(`accepted ${JSON.stringify(value)}`);
  return r.error.issues.map((i) => i.message).join(' | ');
};

describe("zod's generic issues read as product texts", () => {
  it.each<[string, z.ZodType, unknown, string]>([
    ['missing field', z.object({ a: z.string() }), {}, 'Campo obrigatório'],
    ['null field', z.object({ a: z.number() }), { a: null }, 'Campo obrigatório'],
    ['NaN', z.number(), Number.NaN, 'Número inválido'],
    ['text expected', z.string(), 5, 'Deve ser um texto'],
    ['number expected', z.number(), 'x', 'Deve ser um número'],
    ['integer expected', z.number().int(), 1.5, 'Deve ser um número inteiro'],
    ['boolean expected', z.boolean(), 'x', 'Deve ser sim ou não'],
    ['list expected', z.array(z.number()), 'x', 'Deve ser uma lista'],
    ['text too long', z.string().max(40), 'x'.repeat(41), 'Máximo de 40 caracteres'],
    ['text too short', z.string().min(3), 'ab', 'Mínimo de 3 caracteres'],
    ['blank required text', z.string().min(1), '', 'Campo obrigatório'],
    ['number too big', z.number().max(100), 101, 'Deve ser no máximo 100'],
    ['number too small', z.number().min(0), -1, 'Deve ser no mínimo 0'],
    ['number not positive', z.number().positive(), 0, 'Deve ser maior que 0'],
    ['number not below', z.number().lt(2.5), 3, 'Deve ser menor que 2,5'],
    ['big numbers grouped', z.number().max(10000), 10001, 'Deve ser no máximo 10.000'],
    ['too many items', z.array(z.number()).max(50), Array(51).fill(1), 'No máximo 50 itens'],
    ['one item at most', z.array(z.number()).max(1), [1, 2], 'No máximo 1 item'],
    ['too few items', z.array(z.number()).min(2), [1], 'No mínimo 2 itens'],
    ['invalid enum', z.enum(['a', 'b']), 'c', 'Opção inválida'],
    ['blank enum', z.enum(['a', 'b']), '', 'Campo obrigatório'],
    ['invalid literal', z.literal('a'), 'b', 'Valor inválido'],
    ['e-mail', z.email(), 'nao-e-email', 'E-mail inválido'],
    ['date', z.iso.date(), '2024-13-45', 'Data inválida'],
    ['date and time', z.iso.datetime(), 'ontem', 'Data e hora inválidas'],
    ['URL', z.url(), 'nada', 'Endereço (URL) inválido'],
    ['IPv4', z.ipv4(), '999.1.1.1', 'Endereço IPv4 inválido'],
    ['pattern', z.string().regex(/^\d+$/), 'abc', 'Formato inválido'],
    ['prefix', z.string().startsWith('BR'), 'US', 'Deve começar com "BR"'],
    ['multiple', z.number().multipleOf(5), 7, 'Deve ser múltiplo de 5'],
    ['unknown key', z.strictObject({ a: z.number() }), { a: 1, b: 2 }, 'Campo não permitido: b'],
    ['union', z.union([z.number(), z.boolean()]), 'x', 'Valor inválido'],
    ['blank union', z.union([z.number(), z.boolean()]), '', 'Campo obrigatório'],
  ])('%s', (_what, schema, value, message) => {
    expect(said(schema, value)).toBe(message);
  });

  it('a message written in the schema wins', () => {
    expect(said(z.string().max(2, 'Sigla longa demais'), 'abc')).toBe('Sigla longa demais');
  });

  it('never shows the old generic texts', () => {
    const all = [said(z.string().max(1), 'ab'), said(z.string().min(5), 'a'), said(z.number().max(1), 2), said(z.object({ a: z.string() }), { a: 1 })].join(' ');
    expect(all).not.toMatch(/Grande demais|Pequeno demais|esperava|<=|>=/);
  });
});
