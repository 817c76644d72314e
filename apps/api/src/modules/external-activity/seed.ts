import { and, eq } from 'drizzle-orm';
import { localAt } from '../../core/dates';
import type { DemoContext } from '../../core/demo-context';
import { organizationTimeZone } from '../../core/time-zone';
import { sites } from '../network';
import { assistanceTypes } from './schema';

type Row = { id: number; code?: string; checklist?: { key: string; label: string }[] };

/**
 * Field service of the demo organization: three assistance types with checklists and a
 * handful of work orders for the demo technician (Luiz) in each state — one open, one scheduled for
 * today, one in execution with answers, one concluded and one cancelled. Written through the API.
 */
export async function seedFieldServiceDemo(ctx: DemoContext): Promise<boolean> {
  const db = ctx.app.db;
  const [existing] = await db.select({ id: assistanceTypes.id }).from(assistanceTypes).where(eq(assistanceTypes.organization_id, ctx.organizationId)).limit(1);
  if (existing) return false;
  const gestor = ctx.as('gestor');
  const tecnico = ctx.as('tecnico');
  const install = await gestor<Row>('POST', '/external-activity/assistance-type', {
    name: 'Instalação de internet dedicada',
    color: '#2e7d32',
    default_duration_minutes: 180,
    sla_hours: 72,
    checklist: [
      { label: 'ONU/roteador instalado e energizado', kind: 'sim_nao', required: true },
      { label: 'Potência óptica recebida (dBm)', kind: 'numero', required: true },
      { label: 'Teste de velocidade (Mbps)', kind: 'numero', required: false },
      { label: 'Foto do equipamento instalado', kind: 'foto', required: false },
      { label: 'Observações da instalação', kind: 'texto', required: false },
    ],
  });
  const repair = await gestor<Row>('POST', '/external-activity/assistance-type', {
    name: 'Reparo de fibra',
    color: '#c62828',
    default_duration_minutes: 120,
    sla_hours: 8,
    checklist: [
      { label: 'Ponto de rompimento localizado', kind: 'sim_nao', required: true },
      { label: 'Quantidade de fusões', kind: 'numero', required: true },
      { label: 'Causa provável', kind: 'texto', required: true },
    ],
  });
  await gestor('POST', '/external-activity/assistance-type', {
    name: 'Visita técnica preventiva',
    color: '#1565c0',
    checklist: [{ label: 'Limpeza dos equipamentos feita', kind: 'sim_nao', required: false }],
  });

  const [pop] = await db.select({ id: sites.id }).from(sites).where(and(eq(sites.organization_id, ctx.organizationId), eq(sites.code, 'POP-CWB-01'))).limit(1);
  const tech = [ctx.userId.tecnico];
  // h o'clock of the organization's own today (after 21:00 in São Paulo the UTC date is already tomorrow's).
  const zone = await organizationTimeZone(db, ctx.organizationId);
  const today = (h: number) => localAt(0, h, 0, zone).toISOString();
  const base = { technician_ids: tech, client_phone: '(41) 99876-5432' };
  // The repairs' 8-hour SLA counts from when the seed runs: seeded after midnight, today's 8 o'clock visit ends past it. The demo keeps them (as a dispatcher confirming would).
  const lateOk = { force: true };
  await gestor('POST', '/external-activity', {
    ...base,
    assistance_type_id: install.id,
    priority: 'media',
    client_name: 'Padaria Pão Dourado Ltda',
    client_document: '11.444.777/0001-61',
    client_email: 'contato@paodourado.com.br',
    address: 'Rua XV de Novembro, 1200 — Centro, Curitiba/PR',
    latitude: -25.4296,
    longitude: -49.2713,
    description: 'Instalação de link dedicado de 100 Mbps.',
  });
  const scheduled = await gestor<Row>('POST', '/external-activity', {
    ...base,
    assistance_type_id: install.id,
    priority: 'alta',
    client_name: 'Clínica Vida Plena',
    client_document: '529.982.247-25',
    address: 'Av. Sete de Setembro, 3400 — Rebouças, Curitiba/PR',
    latitude: -25.4405,
    longitude: -49.2665,
    scheduled_start: today(14),
    scheduled_end: today(17),
    description: 'Instalação com roteador gerenciado.',
  });
  await gestor('POST', `/external-activity/${scheduled.id}/schedule`, {});
  const running = await gestor<Row>('POST', '/external-activity', {
    ...base,
    assistance_type_id: repair.id,
    priority: 'urgente',
    client_name: 'Condomínio Jardim Botânico',
    address: 'Rua Engenheiro Ostoja Roguski, 690 — Jardim Botânico, Curitiba/PR',
    latitude: -25.4419,
    longitude: -49.2381,
    site_id: pop?.id ?? null,
    scheduled_start: today(8),
    description: 'Cliente sem sinal desde a madrugada; rompimento provável na rua.',
    ...lateOk,
  });
  await gestor('POST', `/external-activity/${running.id}/schedule`, lateOk);
  const position = { latitude: -25.4419, longitude: -49.2381, accuracy_m: 12 };
  await tecnico('POST', `/external-activity/${running.id}/depart`, { position });
  await tecnico('POST', `/external-activity/${running.id}/start`, { position });
  await tecnico('PUT', `/external-activity/${running.id}/answers/${running.checklist![0].key}`, { value: true });
  const done = await gestor<Row>('POST', '/external-activity', {
    ...base,
    assistance_type_id: repair.id,
    priority: 'alta',
    client_name: 'Mercado Bom Preço',
    address: 'Rua Mateus Leme, 2000 — São Francisco, Curitiba/PR',
    // 06:00–08:00 (the repair's two hours): done before the 08:00 visit, the technician's day without overlaps.
    scheduled_start: today(6),
    ...lateOk,
  });
  await gestor('POST', `/external-activity/${done.id}/schedule`, lateOk);
  await tecnico('POST', `/external-activity/${done.id}/depart`, {});
  await tecnico('POST', `/external-activity/${done.id}/start`, {});
  const answers: [number, unknown][] = [
    [0, true],
    [1, 4],
    [2, 'Poda de árvore rompeu o cabo de distribuição'],
  ];
  for (const [i, value] of answers) await tecnico('PUT', `/external-activity/${done.id}/answers/${done.checklist![i].key}`, { value });
  await tecnico('POST', `/external-activity/${done.id}/finish`, {});
  const cancelled = await gestor<Row>('POST', '/external-activity', { ...base, assistance_type_id: install.id, priority: 'baixa', client_name: 'Escritório Andrade & Filhos', address: 'Rua Comendador Araújo, 500 — Batel, Curitiba/PR' });
  await gestor('POST', `/external-activity/${cancelled.id}/cancel`, { reason: 'Cliente desistiu da contratação' });
  return true;
}
