import { DEFAULT_SETTINGS } from '@operacoes/contract';
import type { Db } from '../src/core/db';
import { sqlSteps } from './harness';

export type ActivitySeedSize = { activities: number; technicians: number; days: number };
export type ActivitySeeded = { organizationId: number; userId: number; technicianIds: number[]; timings: Record<string, number>; counts: Record<string, number> };

/**
 * One organization with `technicians` technicians, five assistance types with checklists and
 * `activities` work orders created over the last `days` days: each with one technician (a third
 * with a second one), due at creation + its type's SLA; older than two weeks they are concluded
 * (88 %, a tenth of them after the due time) or cancelled, the last two weeks spread over every status.
 */
export async function seedActivities(db: Db, size: ActivitySeedSize, log: (msg: string) => void): Promise<ActivitySeeded> {
  const { run, timed, timings } = sqlSteps(db, log);
  const [org] = await run<{ id: number }>(`INSERT INTO organization (fantasy_name, legal_name, cnpj, search_text) VALUES ('Bench Campo', 'Bench Campo Telecom Ltda', '11222333000181', 'bench campo') RETURNING id`);
  const o = Number(org.id);
  const settings = `'${JSON.stringify(DEFAULT_SETTINGS)}'::jsonb`;
  const [person] = await run<{ id: number }>(`INSERT INTO person (organization_id, nickname, full_name) VALUES (${o}, 'Coordenação', 'Coordenação de Campo') RETURNING id`);
  const [user] = await run<{ id: number }>(`
    INSERT INTO "user" (organization_id, person_id, username, email, password_hash, permissions, settings, search_text)
    VALUES (${o}, ${person.id}, 'bench.campo', 'bench.campo@bench.com.br', 'not-used', '{EXTERNAL_ACTIVITY}'::text[], ${settings}, 'bench.campo') RETURNING id`);
  const technicianIds = await timed(`technicians (${size.technicians})`, async () => {
    await run(`INSERT INTO person (organization_id, nickname, full_name) SELECT ${o}, 'Técnico ' || g, 'Técnico de Campo ' || lpad(g::text, 3, '0') FROM generate_series(1, ${size.technicians}) g`);
    const rows = await run<{ id: number }>(`
      INSERT INTO "user" (organization_id, person_id, username, email, password_hash, permissions, settings, search_text)
      SELECT ${o}, p.id, 'tecnico.' || p.id, 'tecnico.' || p.id || '@bench.com.br', 'not-used', '{EXTERNAL_ACTIVITY}'::text[], ${settings}, 'tecnico ' || p.id
      FROM person p WHERE p.organization_id = ${o} AND p.full_name LIKE 'Técnico de Campo %' ORDER BY p.id RETURNING id`);
    return rows.map((r) => Number(r.id));
  });
  const checklist = JSON.stringify([
    { key: 'i-00000001', label: 'Equipamento energizado', kind: 'sim_nao', required: true },
    { key: 'i-00000002', label: 'Potência óptica (dBm)', kind: 'numero', required: true },
    { key: 'i-00000003', label: 'Observações', kind: 'texto', required: false },
  ]);
  await run(`INSERT INTO assistance_type (organization_id, name, color, sla_hours, checklist, search_text)
    SELECT ${o}, t.name, t.color, t.sla, '${checklist}'::jsonb, lower(t.name) FROM (VALUES
      ('Instalação', '#2e7d32', 72), ('Reparo de fibra', '#c62828', 8), ('Visita preventiva', '#1565c0', 168), ('Troca de equipamento', '#ef6c00', 24), ('Vistoria', '#6a1b9a', 48)) AS t(name, color, sla)`);
  await timed(`activities (${size.activities})`, async () => {
    await run(`CREATE TEMP TABLE bench_type AS SELECT row_number() OVER (ORDER BY id) - 1 AS n, id, sla_hours, checklist FROM assistance_type WHERE organization_id = ${o}`);
    await run(`CREATE TEMP TABLE bench_tech AS SELECT row_number() OVER (ORDER BY id) - 1 AS n, id FROM "user" WHERE organization_id = ${o} AND username LIKE 'tecnico.%'`);
    await run(`INSERT INTO external_activity (organization_id, code, assistance_type_id, priority, status, client_name, client_phone, address, created_at, updated_at, scheduled_start, due_at, finished_at, checklist, search_text)
      SELECT ${o}, 'OS-' || lpad(g::text, 6, '0'), t.id, (ARRAY['baixa', 'media', 'media', 'alta', 'urgente'])[1 + g % 5], st.status,
             'Cliente ' || g, '(41) 9' || lpad((g % 100000000)::text, 8, '0'), 'Rua ' || (g % 997) || ', ' || (g % 2000),
             c.created, c.created, c.created + interval '1 day', c.created + (t.sla_hours || ' hours')::interval,
             CASE WHEN st.status = 'concluida' THEN c.created + (t.sla_hours || ' hours')::interval * (CASE WHEN g % 10 = 0 THEN 1.3 ELSE 0.6 END) END,
             t.checklist, 'os-' || lpad(g::text, 6, '0') || ' cliente ' || g
      FROM generate_series(1, ${size.activities}) g
      JOIN bench_type t ON t.n = g % 5
      CROSS JOIN LATERAL (SELECT now() - ((((g::bigint * 7919) % (${size.days} * 1440)) || ' minutes')::interval) AS created) c
      CROSS JOIN LATERAL (SELECT CASE
        WHEN c.created < now() - interval '14 days' THEN CASE WHEN g % 25 < 22 THEN 'concluida' ELSE 'cancelada' END
        ELSE (ARRAY['aberta', 'agendada', 'agendada', 'em_deslocamento', 'em_execucao', 'concluida', 'cancelada'])[1 + g % 7] END AS status) st`);
    await run(`INSERT INTO external_activity_technician (activity_id, user_id, status)
      SELECT a.id, t.id, a.status FROM external_activity a JOIN bench_tech t ON t.n = a.id % ${size.technicians} WHERE a.organization_id = ${o}
      UNION
      SELECT a.id, t.id, a.status FROM external_activity a JOIN bench_tech t ON t.n = (a.id * 7 + 3) % ${size.technicians} WHERE a.organization_id = ${o} AND a.id % 3 = 0`);
    await run(`INSERT INTO external_activity_counter (organization_id, last) VALUES (${o}, ${size.activities})`);
    await run('ANALYZE external_activity; ANALYZE external_activity_technician; ANALYZE assistance_type; ANALYZE "user"; ANALYZE person');
  });
  const [counts] = await run<{ activities: number; links: number }>(
    `SELECT (SELECT count(*) FROM external_activity WHERE organization_id = ${o})::int AS activities, (SELECT count(*) FROM external_activity_technician t JOIN external_activity a ON a.id = t.activity_id WHERE a.organization_id = ${o})::int AS links`,
  );
  return { organizationId: o, userId: Number(user.id), technicianIds, timings, counts: { activities: counts.activities, links: counts.links } };
}
