import { expect } from 'vitest';
import { viabilityPlanResource, viabilityResource, viabilityTemplateResource, viabilityUnitResource } from '@operacoes/contract';
import { describeCrud } from '../crud-suite';
import { uid } from '../warehouse/helpers';
import { fixture, insertProduct, makeViability, north, templateBody, unitBody, viabilityBody } from './helpers';

describeCrud(viabilityTemplateResource, {
  valid: async (n, t) => {
    const f = await fixture(t);
    return templateBody(f.cableId, f.connectorId, { name: `Rádio PTP ${n} ${uid()}`, medium: 'radio' });
  },
  invalid: [
    { name: '', medium: 'satelite', labour_cost: '-1' },
    { name: 'X', medium: 'radio', items: [{ product_id: 1, quantity: 0 }] },
    { name: 'X', medium: 'radio', items: [{ product_id: 1, quantity: 1.2345 }] },
    { name: 'X', medium: 'radio', items: [{ product_id: 1, quantity: 1 }, { product_id: 1, quantity: 2 }] },
    { name: 'X', medium: 'radio', items: [{ product_id: 999999, quantity: 1 }] },
    { name: 'X', medium: 'radio', monthly_cost: '12,345' },
  ],
  update: {
    // Names are unique per organization and the suite applies this body to two rows: no name here.
    body: { notes: 'Circuito de terceiro 100M', medium: 'circuito_terceiro', monthly_cost: '1250,00', active: false },
    expect: (r) => expect(r).toMatchObject({ notes: 'Circuito de terceiro 100M', medium: 'circuito_terceiro', monthly_cost: '1250.00', active: false }),
  },
  foreign: async (t, other) => {
    const mine = await fixture(t);
    const theirs = await insertProduct(t, other, 'Cabo alheio', '1.00');
    return [templateBody(mine.cableId, theirs.id)];
  },
  search: 'RADIO ptp',
});

describeCrud(viabilityResource, {
  valid: async (n, t) => viabilityBody(await fixture(t), { client_name: `Clínica São Lucas ${n} ${uid()}` }),
  invalid: [
    { client_name: '', client_document: '123', service_type: 'tv', bandwidth_mbps: 0, seller_id: 1 },
    { client_name: 'X', client_document: '11.222.333/0001-00', service_type: 'internet_dedicada', bandwidth_mbps: 10, seller_id: 1 },
    { client_name: 'X', client_document: '529.982.247-25', service_type: 'internet_dedicada', bandwidth_mbps: 10.5, seller_id: 1 },
    { client_name: 'X', client_document: '529.982.247-25', service_type: 'internet_dedicada', bandwidth_mbps: 10, seller_id: 1, contact_email: 'joana@' },
    { client_name: 'X', client_document: '529.982.247-25', service_type: 'internet_dedicada', bandwidth_mbps: 10, seller_id: 1, status: 'arquivada' },
  ],
  update: {
    body: { client_name: 'Clínica São Lucas Matriz', bandwidth_mbps: 500, status: 'em_analise' },
    expect: (r) => expect(r).toMatchObject({ client_name: 'Clínica São Lucas Matriz', bandwidth_mbps: 500, status: 'em_analise' }),
  },
  foreign: async (t, other) => {
    const mine = await fixture(t);
    const theirs = await fixture(t, other);
    return [viabilityBody(mine, { seller_id: theirs.seller.id })];
  },
  search: 'clinica SAO lucas',
});

describeCrud(viabilityUnitResource, {
  valid: async (n, t) => {
    const f = await fixture(t);
    const v = await makeViability(t, f);
    return unitBody(f, v.id, north(0.001 * (n % 5)), { name: `Filial Água Verde ${n} ${uid()}` });
  },
  invalid: [
    { viability_id: 1, name: '', address: '', latitude: 91, longitude: -200 },
    { viability_id: 1, name: 'X', address: 'Rua A', latitude: 'sul', longitude: -49 },
    { viability_id: 1, name: 'X', address: 'Rua A', latitude: -25 },
  ],
  update: {
    body: { name: 'Filial Batel', address: 'Av. do Batel, 1868', notes: 'Portaria 24 h' },
    expect: (r) => expect(r).toMatchObject({ name: 'Filial Batel', address: 'Av. do Batel, 1868', notes: 'Portaria 24 h' }),
  },
  foreign: async (t, other) => {
    const mine = await fixture(t);
    const theirs = await fixture(t, other);
    const theirViability = await makeViability(t, theirs);
    const myViability = await makeViability(t, mine);
    return [unitBody(mine, theirViability.id, north(0)), unitBody(mine, myViability.id, north(0), { template_id: theirs.templateId })];
  },
  search: 'agua VERDE',
});

describeCrud(viabilityPlanResource, {
  valid: (n) => ({ name: `Dedicado 300 Mbps ${n} ${uid()}`, medium: 'fibra_propria', bandwidth_mbps: 300, monthly_fee: '1.890,00', installation_fee: '500,00', contract_months: 24 }),
  invalid: [
    { name: '', medium: 'satelite', bandwidth_mbps: 0, monthly_fee: '-1', contract_months: 0 },
    { name: 'X', medium: 'radio', bandwidth_mbps: 100, monthly_fee: '12,345', contract_months: 12 },
    { name: 'X', medium: 'radio', bandwidth_mbps: 100, monthly_fee: 'mil reais', contract_months: 12 },
    { name: 'X', medium: 'radio', bandwidth_mbps: 100.5, monthly_fee: '100', contract_months: 121 },
    { name: 'X', medium: 'radio', bandwidth_mbps: 100, monthly_fee: '100', installation_fee: '-5', contract_months: 12 },
  ],
  update: {
    body: { monthly_fee: '2.190,50', contract_months: 36, active: false },
    expect: (r) => expect(r).toMatchObject({ monthly_fee: '2190.50', contract_months: 36, active: false }),
  },
  search: 'DEDICADO 300',
});
