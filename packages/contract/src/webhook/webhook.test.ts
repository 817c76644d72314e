import { describe, expect, it } from 'vitest';
import { webhookEvents, webhookInput } from '../index';

describe('webhook events', () => {
  it('offers created/updated/deleted of every audited entity but the webhooks, in agreeing pt-BR', () => {
    const events = webhookEvents();
    const names = events.map((e) => e.name);
    expect(names).toContain('stock.created');
    expect(names.filter((n) => n.startsWith('stock.'))).toEqual(['stock.created', 'stock.updated', 'stock.deleted']);
    expect(events.find((e) => e.name === 'external_activity.status_changed')?.label).toBe('Atividade externa: situação alterada');
    expect(names.some((n) => n.startsWith('webhook.'))).toBe(false);
    expect(new Set(names).size).toBe(names.length);
    expect(events.find((e) => e.name === 'data_source.updated')?.label).toBe('Fonte de dados alterada');
    expect(events.find((e) => e.name === 'stock.deleted')?.label).toBe('Estoque excluído');
  });

  it('refuses unknown events and an empty list with pt-BR messages', () => {
    const bad = webhookInput.safeParse({ url: 'https://x.example.com/h', events: ['nada.aconteceu'] });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0].message).toBe('Evento desconhecido');
    expect(webhookInput.safeParse({ url: 'https://x.example.com/h', events: [] }).error?.issues[0].message).toBe('Escolha ao menos um evento');
    expect(webhookInput.safeParse({ url: 'ftp://x.example.com/h', events: ['stock.created'] }).success).toBe(false);
  });
});
