import { ORGANIZATION_SETTINGS, SETTINGS_SECTIONS, userSettings } from '@operacoes/contract';
import { describe, expect, it } from 'vitest';
import { SETTINGS_FIELD_LABELS } from '../organization-settings';
import { diffRows, entityLabel, entityLink, fieldLabel, formatValue, humanize, REFERENCE_FIELDS } from './labels';

describe('revision log labels', () => {
  it('names entities, fields and settings fields in pt-BR', () => {
    expect(entityLabel('unit_organizational')).toBe('Unidade organizacional');
    expect(entityLabel('some_new_thing')).toBe('Some new thing');
    expect(fieldLabel('fantasy_name', 'organization')).toBe('Nome fantasia');
    expect(fieldLabel('parent_id')).toBe('Unidade superior');
    expect(fieldLabel('warehouse.patrimony_prefix')).toBe('Almoxarifado › Prefixo do número de patrimônio');
    expect(fieldLabel('mikrotik.dns_servers')).toBe('MikroTik › Servidores DNS');
  });

  it('names the audited fields the API test cannot see: organization settings ("section.field") and a user\'s preferences', () => {
    // The audited tables' columns are checked against the contract's labels by the API's field-labels test.
    const missing: string[] = [];
    for (const section of SETTINGS_SECTIONS) {
      for (const key of Object.keys(ORGANIZATION_SETTINGS[section].shape)) if (!SETTINGS_FIELD_LABELS[section][key]) missing.push(`${section}.${key}`);
    }
    for (const key of Object.keys(userSettings.shape)) if (fieldLabel(key, 'user') === humanize(key)) missing.push(`settings.${key}`);
    // A reference (shown by the record's name) is labelled too.
    for (const key of Object.keys(REFERENCE_FIELDS)) if (fieldLabel(key) === humanize(key)) missing.push(key);
    expect(missing).toEqual([]);
    expect(fieldLabel('ends_at', 'schedule_event')).toBe('Fim');
    expect(fieldLabel('path', 'wiki_page')).toBe('Endereço');
  });

  it('links to the record unless it was deleted', () => {
    expect(entityLink('organization', 3, 'update')).toBe('/organization/edit/3');
    expect(entityLink('organization', 3, 'delete')).toBeNull();
    expect(entityLink('city', 0, 'create')).toBeNull();
  });

  it('shows values as text', () => {
    expect(formatValue(true)).toBe('Sim');
    expect(formatValue(null)).toBe('—');
    expect(formatValue('***')).toBe('•••• (oculto)');
    expect(formatValue(['1.1.1.1', '8.8.8.8'])).toBe('1.1.1.1, 8.8.8.8');
    expect(formatValue('11222333000181', 'cnpj')).toBe('11.222.333/0001-81');
    expect(formatValue('staging', 'target')).toBe('Área de preparação (genérica)');
    expect(formatValue({ criadas: 3, rejeitadas: 1 })).toBe('Criadas: 3; Rejeitadas: 1');
    expect(formatValue(12.5)).toBe('12,5');
    expect(formatValue('2026-01-02T15:00:00.000Z')).toBe('02/01/2026 12:00');
    expect(formatValue('2026-12-01', 'starts_on', 'project')).toBe('01/12/2026');
  });

  it('shows enum and numeric settings values by their contract labels, not raw ("Tema: 1", "standart")', () => {
    const before = { theme: 1, layout: 'standart', pageSize: 10, sandwichMenuOpen: true };
    const after = { theme: 0, layout: 'compact', pageSize: 25, sandwichMenuOpen: false };
    expect(formatValue(before, 'settings', 'user')).toBe('Tema: Escuro; Layout das tabelas: Padrão; Itens por página: 10; Menu lateral aberto: Sim');
    expect(formatValue(after, 'settings', 'user')).toBe('Tema: Claro; Layout das tabelas: Compacto; Itens por página: 25; Menu lateral aberto: Não');
    expect(formatValue('em_uso', 'status', 'patrimony')).toBe('Em uso');
    expect(formatValue('pendente', 'status', 'patrimony_solicitation')).toBe('Aguardando');
    expect(formatValue('pendente', 'status', 'shipment_solicitation')).toBe('Aguardando aprovação');
    expect(formatValue('enviado', 'status', 'shipment')).toBe('Enviado');
    expect(formatValue('danificado', 'condition', 'patrimony')).toBe('Danificado');
    expect(formatValue('consumivel', 'tracking', 'product')).toBe('Consumível (controle por quantidade)');
    expect(formatValue('m', 'unit_of_measure', 'product')).toBe('Metro');
    // A value without labels stays as it is; a number without labels keeps its decimal comma.
    expect(formatValue('pendente', 'name', 'patrimony')).toBe('pendente');
    expect(formatValue(1, 'quantity', 'patrimony')).toBe('1');
  });

  it('orders a creation by the entity labels and leaves out empty fields', () => {
    const rows = diffRows({
      entity: 'organization',
      action: 'create',
      changes: { id: [null, 9], address: [null, ''], cnpj: [null, '11222333000181'], fantasy_name: [null, 'Fibra'], settings: [null, {}] },
    });
    expect(rows.map((r) => r.field)).toEqual(['fantasy_name', 'cnpj']);
  });
});
