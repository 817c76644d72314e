import { expect } from 'vitest';
import { patrimonyResource, patrimonySolicitationResource, productResource, sectionResource, stockResource } from '@operacoes/contract';
import { describeCrud } from '../crud-suite';
import { newItem, place, uid } from './helpers';

// The generic resource suite (DESIGN §2) for each warehouse resource.

describeCrud(stockResource, {
  valid: async (n, t) => ({ name: `Almoxarifado Central ${n}`, code: `ALM-${n}-${uid()}`, unit_organizational_id: (await place(t)).unitId, address: 'Rua XV de Novembro, 100' }),
  invalid: [
    { name: '', code: 'X1', unit_organizational_id: 1 },
    { name: 'Estoque', code: 'com espaço', unit_organizational_id: 1 },
    { name: 'Estoque', code: 'SEMUNIDADE' },
  ],
  update: { body: { name: 'Almoxarifado Norte', is_active: false }, expect: (r) => expect(r).toMatchObject({ name: 'Almoxarifado Norte', is_active: false }) },
  search: 'almoxarifado CENTRAL',
  foreign: async (t, other) => ({ name: 'Estoque alheio', code: `ALH-${uid()}`, unit_organizational_id: (await place(t, other)).unitId }),
});

describeCrud(sectionResource, {
  valid: async (n, t) => ({ stock_id: (await place(t)).stockId, name: `Prateleira Única ${n}`, code: `P${n}-${uid()}` }),
  invalid: [{ stock_id: 1, name: '', code: 'P1' }, { name: 'Sem estoque', code: 'P2' }, { stock_id: 'x', name: 'A', code: 'P3' }],
  update: { body: { name: 'Prateleira Alta' }, expect: (r) => expect(r.name).toBe('Prateleira Alta') },
  search: 'prateleira unica',
  foreign: async (t, other) => ({ stock_id: (await place(t, other)).stockId, name: 'Prateleira alheia', code: `PA-${uid()}` }),
});

describeCrud(productResource, {
  valid: (n) => ({ code: `PRD-${n}-${uid()}`, name: `Cabo óptico ${n}`, tracking: 'consumivel', unit_of_measure: 'm', price: '12,50', minimum_quantity: 100 }),
  invalid: [
    { code: 'X', name: '', tracking: 'consumivel' },
    { code: 'Y', name: 'Produto', tracking: 'outro' },
    { code: 'Z', name: 'Produto', tracking: 'consumivel', price: '12,345' },
    { code: 'W', name: 'Produto', tracking: 'consumivel', minimum_quantity: -1 },
  ],
  update: { body: { name: 'Cabo óptico drop 2F', price: '15' }, expect: (r) => expect(r).toMatchObject({ name: 'Cabo óptico drop 2F', price: '15.00' }) },
  search: 'CABO optico',
});

describeCrud(patrimonyResource, {
  valid: async (n, t) => {
    const p = await place(t);
    return { product_id: p.patrimonyProductId, section_id: p.sectionId, serial: `SÉRIE-${n}-${uid()}`, acquisition_value: '199,90', acquisition_date: '2026-01-15' };
  },
  invalid: [{ product_id: 'abc' }, { product_id: 1 }, { product_id: 1, section_id: 1, holder_user_id: 1 }, { product_id: 1, section_id: 1, acquisition_value: 'muito' }],
  update: { body: { condition: 'bom', notes: 'Revisado' }, expect: (r) => expect(r).toMatchObject({ condition: 'bom', notes: 'Revisado' }) },
  search: 'serie-7',
  foreign: async (t, other) => {
    const [mine, theirs] = [await place(t), await place(t, other)];
    const stranger = await t.createUser({ organizationId: other });
    return [
      { product_id: theirs.patrimonyProductId, section_id: mine.sectionId, serial: `ALHEIA-${uid()}` },
      { product_id: mine.patrimonyProductId, section_id: theirs.sectionId, serial: `ALHEIA-${uid()}` },
      { product_id: mine.patrimonyProductId, holder_user_id: stranger.id, serial: `ALHEIA-${uid()}` },
    ];
  },
});

describeCrud(patrimonySolicitationResource, {
  valid: async (n, t) => ({ reason: `Instalação do cliente Conceição ${n}`, items: [{ patrimony_id: (await newItem(t, await place(t))).id }] }),
  invalid: [
    { reason: 'x', items: [{ product_id: 1, quantity: 1 }] },
    { reason: 'Motivo válido', items: [] },
    { reason: 'Motivo válido', destination_type: 'unidade', items: [{ product_id: 1, quantity: 1 }] },
    { reason: 'Motivo válido', items: [{ product_id: 1, quantity: 0 }] },
  ],
  update: { body: { reason: 'Troca de equipamento no POP' }, expect: (r) => expect(r.reason).toBe('Troca de equipamento no POP') },
  search: 'conceicao',
  foreign: async (t, other) => {
    const [mine, theirs] = [await place(t), await place(t, other)];
    const item = { patrimony_id: (await newItem(t, mine)).id };
    return [
      { reason: 'Item de outra organização', items: [{ patrimony_id: (await newItem(t, theirs)).id }] },
      { reason: 'Produto de outra organização', items: [{ product_id: theirs.consumableProductId, quantity: 1 }] },
      { reason: 'Estoque de outra organização', stock_id: theirs.stockId, items: [item] },
      { reason: 'Unidade de outra organização', destination_type: 'unidade', destination_unit_id: theirs.unitId, items: [item] },
    ];
  },
});
