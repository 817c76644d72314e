import { DEFAULT_SETTINGS } from '@operacoes/contract';
import type { Db } from '../src/core/db';
import { sqlSteps } from './harness';

export type SeedSize = { organizations: number; usersPerOrganization: number; notificationsPerUser: number; realtimeUsers: number };

export type Seeded = {
  /** The benchmark organizations' ids. */
  organizationIds: number[];
  /** Per organization: a user holding `USER` (the one the list benchmark logs in as). */
  managers: { id: number; organizationId: number; username: string }[];
  /** A few ordinary users (for the notification list benchmark), spread over the organizations. */
  readers: { id: number; username: string }[];
  realtime: { organizationId: number; sender: { id: number; username: string }; userIds: number[] };
  timings: Record<string, number>;
};

const FIRST = ['João', 'José', 'Maria', 'Ana', 'Antônio', 'Francisco', 'Carlos', 'Paulo', 'Pedro', 'Lucas', 'Luiz', 'Marcos', 'Luís', 'Gabriel', 'Rafael', 'Daniel', 'Marcelo', 'Bruno', 'Eduardo', 'Felipe', 'Raimundo', 'Rodrigo', 'Márcia', 'Adriana', 'Juliana', 'Fernanda', 'Patrícia', 'Aline', 'Sandra', 'Camila', 'Amanda', 'Bruna', 'Jéssica', 'Letícia', 'Júlia', 'Luciana', 'Vanessa', 'Mariana', 'Gabriela', 'Sebastião'];
const LAST = ['Silva', 'Santos', 'Oliveira', 'Souza', 'Rodrigues', 'Ferreira', 'Alves', 'Pereira', 'Lima', 'Gomes', 'Costa', 'Ribeiro', 'Martins', 'Carvalho', 'Almeida', 'Lopes', 'Soares', 'Fernandes', 'Vieira', 'Barbosa', 'Rocha', 'Dias', 'Nascimento', 'Andrade', 'Moreira', 'Nunes', 'Marques', 'Machado', 'Mendes', 'Freitas', 'Cardoso', 'Ramos', 'Gonçalves', 'Santana', 'Teixeira', 'Araújo', 'Conceição', 'Magalhães', 'Simões', 'Brandão'];

const lit = (s: string) => `'${s.replace(/'/g, "''")}'`;
const arr = (xs: string[]) => `ARRAY[${xs.map(lit).join(',')}]::text[]`;

/**
 * Bulk seed with set-based SQL (generate_series, INSERT … SELECT): `organizations` ×
 * `usersPerOrganization` users with persons, `notificationsPerUser` notifications each
 * (interleaved, as they would arrive), and one more organization of `realtimeUsers` users for
 * the realtime benchmark. `search_text` is what `searchText()` (src/core/list.ts) computes:
 * username, e-mail, nickname and full name, unaccented and lower-cased. Every password is
 * `passwordHash`.
 */
export async function seedBench(db: Db, size: SeedSize, passwordHash: string, log: (msg: string) => void): Promise<Seeded> {
  const { run, timed, timings } = sqlSteps(db, log);

  const settings = lit(JSON.stringify(DEFAULT_SETTINGS));
  const orgs = await run<{ id: number }>(
    `INSERT INTO organization (fantasy_name, legal_name, search_text)
     SELECT 'Bench Telecom ' || g, 'Bench Telecomunicações ' || g || ' Ltda', 'bench telecom ' || g || ' bench telecomunicacoes ' || g
     FROM generate_series(1, ${size.organizations + 1}) g ORDER BY g RETURNING id`,
  );
  const organizationIds = orgs.slice(0, size.organizations).map((o) => Number(o.id));
  const realtimeOrg = Number(orgs[size.organizations].id);

  /** Users g = 1..count of the organizations `ids` (consecutive blocks of `perOrg`). */
  const insertUsers = (ids: number[], perOrg: number, offset: number) =>
    run(`
      WITH names AS (SELECT ${arr(FIRST)} AS fn, ${arr(LAST)} AS ln),
      p AS (
        INSERT INTO person (organization_id, nickname, full_name)
        SELECT (ARRAY[${ids.join(',')}])[((g - 1) / ${perOrg}) + 1],
               fn[1 + (g + ${offset}) % 40],
               fn[1 + (g + ${offset}) % 40] || ' ' || ln[1 + ((g + ${offset}) / 40) % 40] || ' ' || ln[1 + ((g + ${offset}) / 1600 + (g + ${offset}) * 7) % 40]
        FROM generate_series(1, ${ids.length * perOrg}) g, names
        ORDER BY g
        RETURNING id, organization_id, nickname, full_name
      ),
      u AS (
        SELECT p.*, lower(unaccent(p.nickname || '.' || split_part(p.full_name, ' ', 2))) || '.' || p.id AS uname FROM p
      )
      INSERT INTO "user" (organization_id, person_id, username, email, password_hash, permissions, settings, search_text)
      SELECT organization_id, id, uname, uname || '@bench.com.br', ${lit(passwordHash)}, '{}'::text[], ${settings}::jsonb,
             lower(unaccent(uname || ' ' || uname || '@bench.com.br' || ' ' || nickname || ' ' || full_name))
      FROM u ORDER BY id`);

  await timed(`users (${size.organizations} × ${size.usersPerOrganization})`, () => insertUsers(organizationIds, size.usersPerOrganization, 0));
  await timed(`realtime organization users (${size.realtimeUsers})`, () => insertUsers([realtimeOrg], size.realtimeUsers, 7));

  // One manager (USER permission) per organization: its first user.
  const managers = await run<{ id: number; organization_id: number; username: string }>(`
    UPDATE "user" SET permissions = '{USER}'::text[]
    WHERE id IN (SELECT min(id) FROM "user" WHERE organization_id = ANY(ARRAY[${[...organizationIds, realtimeOrg].join(',')}]) GROUP BY organization_id)
    RETURNING id, organization_id, username`);

  const orgList = organizationIds.join(',');
  await timed(`notifications (${size.organizations * size.usersPerOrganization * size.notificationsPerUser})`, async () => {
    // Round by round, so one user's notifications are spread over the table as in real life.
    for (let g = 1; g <= size.notificationsPerUser; g++) {
      await run(`
        INSERT INTO notification (organization_id, user_id, title, message, link, is_read, created_at)
        SELECT organization_id, id, 'Aviso ' || ${g} || ': manutenção programada',
               'Janela de manutenção no POP ' || (id % 97) || ', sábado das 00h às 04h. Mensagem ' || ${g} || ' para ' || username || '.',
               CASE WHEN id % 2 = 0 THEN '/external-activity' END,
               (${g} + id) % 3 = 0,
               now() - make_interval(hours => ${size.notificationsPerUser - g})
        FROM "user" WHERE organization_id = ANY(ARRAY[${orgList}]) ORDER BY id`);
    }
  });
  await timed('vacuum analyze', async () => {
    for (const t of ['person', '"user"', 'notification', 'organization']) await run(`VACUUM ANALYZE ${t}`);
  });

  const readers = await run<{ id: number; username: string }>(`
    SELECT id, username FROM "user" WHERE organization_id = ANY(ARRAY[${orgList}]) AND permissions = '{}'::text[]
    ORDER BY id % 997, id LIMIT 50`);
  const rtUsers = await run<{ id: number }>(`SELECT id FROM "user" WHERE organization_id = ${realtimeOrg} ORDER BY id`);
  const rtSender = managers.find((m) => Number(m.organization_id) === realtimeOrg)!;
  return {
    organizationIds,
    managers: managers.filter((m) => Number(m.organization_id) !== realtimeOrg).map((m) => ({ id: Number(m.id), organizationId: Number(m.organization_id), username: m.username })),
    readers: readers.map((r) => ({ id: Number(r.id), username: r.username })),
    realtime: { organizationId: realtimeOrg, sender: { id: Number(rtSender.id), username: rtSender.username }, userIds: rtUsers.map((r) => Number(r.id)) },
    timings,
  };
}
