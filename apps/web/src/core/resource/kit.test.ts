import { releaseNoteResource, sectionResource, stockResource } from '@operacoes/contract';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { activeFilter, enumFilter, selectFilter } from '../form/filters';
import { passes, resourceApi } from './api';
import { resourceWords } from './words';

describe('resourceApi (from the contract descriptor)', () => {
  const stock = resourceApi(stockResource);
  it('takes path, keys and labels from the descriptor', () => {
    expect(stock.path).toBe('/stock');
    expect(stock.keys.one(3)).toEqual(['stock', 3]);
    expect(stock.keys.list).toEqual(['list', '/stock']);
    expect(stock.label).toBe('Estoque');
  });
  it('invalidates every list of the resource (also narrowed ones) and its records, but not the saved one nor other resources', async () => {
    const qc = new QueryClient();
    const keys = [['list', '/stock', {}], ['list', '/stock?unit=1'], ['list', '/stock/3/balances'], ['list', '/stockroom'], ['list', '/section'], ['stock', 3], ['stock', 4]];
    for (const k of keys) qc.setQueryData(k, { k });
    await stock.invalidate(qc, { id: 3 } as never);
    const stale = keys.filter((k) => qc.getQueryState(k)?.isInvalidated).map((k) => k.slice(0, 2).join(' '));
    expect(stale).toEqual(['list /stock', 'list /stock?unit=1', 'list /stock/3/balances', 'stock 4']);
    expect(qc.getQueryData(['stock', 3])).toEqual({ id: 3 });
  });
  it('checks the access rules: X writes, X.INDEX reads, super admins pass, superAdmin rules', () => {
    expect(stock.canWrite({ permissions: ['STOCK'] })).toBe(true);
    expect(stock.canWrite({ permissions: ['STOCK.INDEX'] })).toBe(false);
    expect(stock.canRead({ permissions: ['STOCK.INDEX'] })).toBe(true);
    expect(stock.canWrite({ permissions: [], super_admin: 1 })).toBe(true);
    const notes = resourceApi(releaseNoteResource);
    expect(notes.canRead({ permissions: [] })).toBe(true);
    expect(notes.canWrite({ permissions: ['ORG'] })).toBe(false);
    expect(passes(null, 'authenticated')).toBe(false);
  });
});

describe('pt-BR wording from label and gender', () => {
  it('agrees with the entity', () => {
    const m = resourceWords(stockResource.label, stockResource.gender, stockResource.plural);
    expect([m.create, m.edit, m.submit, m.list, m.created, m.updated, m.removed, m.readOnly]).toEqual([
      'Novo estoque',
      'Editar estoque',
      'Criar estoque',
      'Lista de estoques',
      'Estoque criado!',
      'Estoque atualizado!',
      'Estoque excluído!',
      'Você pode consultar este estoque, mas não alterá-lo.',
    ]);
    const f = resourceWords(sectionResource.label, sectionResource.gender, sectionResource.plural);
    expect([f.create, f.created, f.removeTitle('A-01'), f.readOnly, f.list]).toEqual([
      'Nova seção',
      'Seção criada!',
      'Excluir a seção A-01?',
      'Você pode consultar esta seção, mas não alterá-la.',
      'Lista de seções',
    ]);
  });
});

describe('list filters', () => {
  it('builds the status, active and loaded-options filters', () => {
    expect(enumFilter(['a', 'b'] as const, { a: 'A', b: 'B' })).toEqual({
      name: 'status',
      label: 'Situação',
      options: [{ value: '', label: 'Todas' }, { value: 'a', label: 'A' }, { value: 'b', label: 'B' }],
    });
    expect(activeFilter().options.map((o) => o.label)).toEqual(['Todos', 'Somente ativos', 'Somente inativos']);
    expect(activeFilter({ gender: 'f', inactive: false }).options.map((o) => o.label)).toEqual(['Todas', 'Somente ativas']);
    expect(selectFilter('stock', 'Estoque', [{ value: 2, label: 'Norte' }]).options).toEqual([{ value: '', label: 'Todos' }, { value: '2', label: 'Norte' }]);
  });
});
