import { describe, expect, it } from 'vitest';
import { destinationText, formatDay, formatQuantity } from './format';
import { type ItemLine, type SolicitationFormValues, solicitationFormSchema, toBody } from './solicitation-form';

const line = (over: Partial<ItemLine>): ItemLine => ({
  key: 'k',
  kind: 'patrimonio',
  patrimony_id: 7,
  product_id: 3,
  section_id: 2,
  quantity: 1,
  product: 'RB · Roteador',
  tag: 'PAT-1',
  serial: null,
  section: 'A',
  unit: 'un',
  available: null,
  ...over,
});

const values = (over: Partial<SolicitationFormValues> = {}): SolicitationFormValues => ({
  origin_stock_id: 1,
  destination_type: 'unidade',
  destination_unit_id: 4,
  destination_section_id: 8,
  destination_address: 'sobra de outro tipo',
  destination_city_id: 9,
  recipient_name: 'Conceição',
  recipient_email: ' conceicao@example.com ',
  recipient_user_id: null,
  justification: 'Ativação',
  wanted_date: '',
  items: [line({}), line({ key: 'c', kind: 'consumivel', patrimony_id: null, product_id: 5, section_id: 2, quantity: 12.5, unit: 'm', available: 100 })],
  ...over,
});

const issues = (v: SolicitationFormValues) => {
  const r = solicitationFormSchema.safeParse(v);
  return r.success ? {} : Object.fromEntries(r.error.issues.map((i) => [i.path.join('.'), i.message]));
};

describe('shipment request form', () => {
  it('maps lines to the API items and drops the fields of other destination types', () => {
    const b = toBody(values());
    expect(b.items).toEqual([{ patrimony_id: 7 }, { product_id: 5, section_id: 2, quantity: 12.5 }]);
    expect(b.destination_address).toBeNull();
    expect(b.destination_city_id).toBeNull();
    expect(b.destination_unit_id).toBe(4);
    expect(b.wanted_date).toBeNull();
    expect(b.recipient_email).toBe('conceicao@example.com');
    const addr = toBody(values({ destination_type: 'endereco', destination_address: ' Rua A, 1 ' }));
    expect(addr.destination_unit_id).toBeNull();
    expect(addr.destination_address).toBe('Rua A, 1');
    expect(addr.destination_city_id).toBe(9);
  });

  it('parses a valid form into the contract body', () => {
    const r = solicitationFormSchema.safeParse(values());
    expect(r.success).toBe(true);
  });

  it('reports every problem at once, in pt-BR, on its field', () => {
    const e = issues(values({ origin_stock_id: null, recipient_name: '', justification: '', items: [] }));
    expect(e.origin_stock_id).toBe('Escolha o estoque de origem');
    expect(e.items).toBe('Inclua ao menos um item');
    expect(e.recipient_name).toBe('Informe o nome do destinatário');
    expect(e.justification).toBe('Informe a justificativa');
  });

  it('checks quantities on their line: missing, too precise, above the balance', () => {
    const c = (quantity: number | undefined) => values({ items: [line({ kind: 'consumivel', patrimony_id: null, quantity, unit: 'm', available: 10 })] });
    expect(issues(c(undefined))['items.0.quantity']).toBeTruthy();
    expect(issues(c(1.2345))['items.0.quantity']).toBe('Use no máximo 3 casas decimais');
    expect(issues(c(11))['items.0.quantity']).toBe('Saldo disponível na seção: 10 m');
    // the union of item shapes failing because of the quantity is not reported twice
    expect(Object.keys(issues(c(undefined)))).toEqual(['items.0.quantity']);
  });

  it('asks patrimony for a destination section or a recipient user, beside every other problem', () => {
    const e = issues(values({ destination_section_id: null, recipient_user_id: null, justification: '' }));
    expect(e.destination_section_id).toMatch(/informe a seção de destino ou o usuário destinatário/);
    expect(e.recipient_user_id).toMatch(/informe a seção de destino ou o usuário destinatário/);
    expect(e.justification).toBe('Informe a justificativa');
    expect(issues(values({ destination_section_id: null, recipient_user_id: 12 }))).toEqual({});
    // Consumables alone need neither.
    const consumables = values({ destination_section_id: null, items: [line({ kind: 'consumivel', patrimony_id: null, quantity: 1, available: 5 })] });
    expect(issues(consumables)).toEqual({});
  });

  it('asks for the unit or the address the destination type needs', () => {
    expect(issues(values({ destination_unit_id: null })).destination_unit_id).toBe('Informe a unidade de destino');
    expect(issues(values({ destination_type: 'endereco', destination_address: ' ' })).destination_address).toBe('Informe o endereço de destino');
  });
});

describe('logistics formats', () => {
  it('formats date-only values without a time-zone shift, and quantities in pt-BR', () => {
    expect(formatDay('2026-01-01')).toBe('01/01/2026');
    expect(formatDay(null)).toBe('');
    expect(formatQuantity(1234.5, 'm')).toBe('1.234,5 m');
  });
  it('describes the destination in one line', () => {
    const base = { destination_unit: { id: 1, name: 'Regional SP' }, destination_address: 'Rua A, 1', destination_city: { id: 1, name: 'Santos', uf: 'SP' }, recipient_name: 'Ana' };
    expect(destinationText({ ...base, destination_type: 'unidade' })).toBe('Regional SP');
    expect(destinationText({ ...base, destination_type: 'endereco' })).toBe('Rua A, 1, Santos – SP');
    expect(destinationText({ ...base, destination_type: 'pessoa' })).toBe('Ana');
  });
});
