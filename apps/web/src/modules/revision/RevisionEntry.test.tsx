import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { Revision } from './labels';
import { RevisionEntry } from './RevisionEntry';

const rowsOf = (rev: Revision) => {
  const { container } = render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter>
        <RevisionEntry rev={rev} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  // Each change as "label: value", the label (dt) and the value (dd) read apart.
  return [...container.querySelectorAll('dl > div')].map((d) => `${d.querySelector('dt')?.textContent}: ${d.querySelector('dd')?.textContent}`);
};

const base = { id: 1, entity_id: 7, user: { id: 1, username: 'carla' }, via_token: null, created_at: '2026-11-20T12:00:00.000Z' };

describe('a revision entry', () => {
  it('reads "label: before → after" in pt-BR, never the raw field name nor the two values glued', () => {
    const rows = rowsOf({
      ...base,
      entity: 'schedule_event',
      action: 'update',
      changes: { ends_at: ['2026-12-01T17:00:00.000Z', '2026-12-01T20:00:00.000Z'], all_day: [false, true], location: [null, 'Sala 2'] },
    });
    expect(rows).toEqual(['Fim: 01/12/2026 14:00 → 01/12/2026 17:00', 'Dia inteiro: Não → Sim', 'Local: — → Sala 2']);
  });

  it('names a wiki page\'s path "Endereço" and shows a creation\'s values alone', () => {
    expect(rowsOf({ ...base, entity: 'wiki_page', action: 'update', changes: { path: ['redes/vlan', 'redes/mikrotik/vlan'] } })).toEqual([
      'Endereço: redes/vlan → redes/mikrotik/vlan',
    ]);
    expect(rowsOf({ ...base, entity: 'project', action: 'create', changes: { name: [null, 'Backbone'], starts_on: [null, '2026-12-01'] } })).toEqual([
      'Nome: Backbone',
      'Início: 01/12/2026',
    ]);
  });
});
