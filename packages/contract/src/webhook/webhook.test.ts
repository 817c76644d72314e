import { describe, expect, it } from 'vitest';
import { WEBHOOK_WORKFLOW_EVENTS, webhookEvents, webhookInput, workflowEventsOf } from '../index';

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

describe('workflow events', () => {
  it('every named event is offered, under an entity that exists', () => {
    const names = new Set(webhookEvents().map((e) => e.name));
    for (const e of WEBHOOK_WORKFLOW_EVENTS) expect(names.has(`${e.entity}.${e.name}`), `${e.entity}.${e.name}`).toBe(true);
  });

  it('names the moment a change is: a status reached, a record created, an end written, a derived state changed', () => {
    const update = (entity: string, changes: Record<string, [unknown, unknown]>) => workflowEventsOf({ entity, action: 'update', changes });
    expect(update('patrimony_solicitation', { status: ['pendente', 'aprovada'] })).toEqual(['patrimony_solicitation.approved']);
    expect(update('patrimony_solicitation', { notes: ['a', 'b'] })).toEqual([]);
    expect(update('shipment', { status: ['enviado', 'recebido_com_divergencia'] })).toEqual(['shipment.received']);
    expect(update('external_activity', { status: ['agendada', 'em_execucao'] })).toEqual(['external_activity.started']);
    expect(workflowEventsOf({ entity: 'external_activity', action: 'create', after: { status: 'agendada' }, changes: {} })).toEqual(['external_activity.scheduled']);
    expect(workflowEventsOf({ entity: 'circuit_unavailability', action: 'create', after: { ended_at: null }, changes: {} })).toEqual(['circuit_unavailability.opened']);
    expect(update('circuit_unavailability', { ended_at: [null, '2026-11-28T10:00:00.000Z'] })).toEqual(['circuit_unavailability.closed']);
    // Correcting the end of an outage already closed is not closing it again.
    expect(update('circuit_unavailability', { ended_at: ['2026-11-28T10:00:00.000Z', '2026-11-28T11:00:00.000Z'] })).toEqual([]);
    expect(update('viability_unit', { decision: [null, 'recusada'] })).toEqual(['viability_unit.proposal_declined']);
    expect(update('network_union', { state: ['normal', 'degradada'] })).toEqual(['network_union.state_changed']);
    expect(workflowEventsOf({ entity: 'patrimony_solicitation', action: 'delete', changes: {} })).toEqual([]);
  });
});
