import { DEFAULT_SETTINGS } from '@operacoes/contract';
import type { Db } from '../src/core/db';
import { sqlSteps } from './harness';

export type CircuitSeedSize = { sites: number; circuits: number; periods: number; months: number };
export type CircuitSeeded = { organizationId: number; userId: number; timings: Record<string, number>; counts: Record<string, number> };

const CARRIERS = ['Vivo', 'Claro', 'Embratel', 'Oi', 'TIM', 'Algar', 'Sercomtel', 'Ligga'];

/**
 * One organization with `sites` sites, `circuits` circuits between them (eight carriers, SLA 98–99.9 %)
 * and `periods` unavailability periods spread over the last `months` months (5 min to 12 h, 80 %
 * counted for the SLA, some overlapping); one circuit in a hundred has an ongoing period.
 */
export async function seedCircuits(db: Db, size: CircuitSeedSize, log: (msg: string) => void): Promise<CircuitSeeded> {
  const { run, timed, timings } = sqlSteps(db, log);
  const [org] = await run<{ id: number }>(`INSERT INTO organization (fantasy_name, legal_name, cnpj, search_text) VALUES ('Bench Circuitos', 'Bench Circuitos Telecom Ltda', '11222333000181', 'bench circuitos') RETURNING id`);
  const o = Number(org.id);
  const [person] = await run<{ id: number }>(`INSERT INTO person (organization_id, nickname, full_name) VALUES (${o}, 'NOC', 'NOC da Bancada') RETURNING id`);
  const [user] = await run<{ id: number }>(`
    INSERT INTO "user" (organization_id, person_id, username, email, password_hash, permissions, settings, search_text)
    VALUES (${o}, ${person.id}, 'bench.noc', 'bench.noc@bench.com.br', 'not-used', '{OPERATOR_CIRCUIT.INDEX,SITE.INDEX}'::text[], '${JSON.stringify(DEFAULT_SETTINGS)}'::jsonb, 'bench.noc') RETURNING id`);

  await timed(`sites (${size.sites})`, () =>
    run(`INSERT INTO site (organization_id, code, name, type, search_text)
      SELECT ${o}, 'POP-' || lpad(g::text, 5, '0'), 'POP ' || g, 'pop', 'pop-' || lpad(g::text, 5, '0') || ' pop ' || g FROM generate_series(1, ${size.sites}) g`),
  );
  await timed(`circuits (${size.circuits})`, async () => {
    await run(`CREATE TEMP TABLE bench_site AS SELECT row_number() OVER (ORDER BY id) - 1 AS n, id FROM site WHERE organization_id = ${o}`);
    await run(`INSERT INTO circuit (organization_id, carrier, designation, type, bandwidth_mbps, site_a_id, site_b_id, monthly_cost, sla_percent, credit_factor, status, search_text)
      SELECT ${o}, c.name, upper(left(c.name, 3)) || '-' || lpad(g::text, 6, '0'), 'link_dedicado', 100 * (1 + g % 10), a.id, b.id,
             (500 + (g * 37) % 9500)::numeric(14,2), (ARRAY[98, 99, 99.5, 99.7, 99.9])[1 + g % 5], 1, 'ativo', lower(c.name) || ' ' || lower(left(c.name, 3)) || '-' || lpad(g::text, 6, '0')
      FROM generate_series(1, ${size.circuits}) g
      JOIN (SELECT row_number() OVER () - 1 AS k, name FROM unnest(ARRAY[${CARRIERS.map((c) => `'${c}'`).join(',')}]::text[]) name) c ON c.k = g % ${CARRIERS.length}
      JOIN bench_site a ON a.n = g % ${size.sites}
      JOIN bench_site b ON b.n = (g * 7 + 1) % ${size.sites}
      ORDER BY g`);
  });
  await timed(`unavailability periods (${size.periods})`, async () => {
    await run(`CREATE TEMP TABLE bench_circuit AS SELECT row_number() OVER (ORDER BY id) - 1 AS n, id FROM circuit WHERE organization_id = ${o}`);
    await run(`INSERT INTO circuit_unavailability (organization_id, circuit_id, started_at, ended_at, cause, responsibility, protocol, counts_for_sla, search_text)
      SELECT ${o}, c.id, s.started, s.started + ((5 + (g * 7919) % 715) || ' minutes')::interval,
             'Falha no enlace', CASE WHEN g % 5 = 0 THEN 'propria' ELSE 'operadora' END, 'PRT-' || g, g % 5 <> 0, 'falha no enlace prt-' || g
      FROM generate_series(1, ${size.periods}) g
      JOIN bench_circuit c ON c.n = g % ${size.circuits}
      CROSS JOIN LATERAL (SELECT now() - ((((g::bigint * 104729) % (${size.months} * 30 * 1440)) + 1440) || ' minutes')::interval AS started) s`);
    await run(`INSERT INTO circuit_unavailability (organization_id, circuit_id, started_at, ended_at, cause, responsibility, protocol, counts_for_sla, search_text)
      SELECT ${o}, c.id, now() - interval '3 hours', NULL, 'Circuito sem sinal', 'operadora', 'OPEN-' || c.n, true, 'circuito sem sinal'
      FROM bench_circuit c WHERE c.n % 100 = 0`);
    await run('ANALYZE circuit; ANALYZE circuit_unavailability; ANALYZE site');
  });
  const [counts] = await run<{ circuits: number; periods: number }>(`SELECT (SELECT count(*) FROM circuit WHERE organization_id = ${o})::int AS circuits, (SELECT count(*) FROM circuit_unavailability WHERE organization_id = ${o})::int AS periods`);
  return { organizationId: o, userId: Number(user.id), timings, counts: { circuits: counts.circuits, periods: counts.periods } };
}
