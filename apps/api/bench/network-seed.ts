import { sql } from 'drizzle-orm';
import { DEFAULT_SETTINGS } from '@operacoes/contract';
import type { Db } from '../src/core/db';

export type NetworkSeedSize = { sites: number; assets: number; interfacesPerAsset: number };
export type NetworkSeeded = { organizationId: number; userId: number; timings: Record<string, number>; counts: Record<string, number> };

const lit = (s: string) => `'${s.replace(/'/g, "''")}'`;
const CITIES = ['Curitiba', 'Londrina', 'Maringá', 'Ponta Grossa', 'Cascavel', 'Joinville', 'Florianópolis', 'Blumenau', 'São Paulo', 'Campinas', 'Porto Alegre', 'Caxias do Sul'];
const CODES = ['cwb', 'ldb', 'mgf', 'pgo', 'cvl', 'joi', 'fln', 'bnu', 'sao', 'cpq', 'poa', 'cxj'];
/** role, its label (search text), hostname prefix; vendor, its label, models. */
const ROLES = [
  ['roteador', 'roteador', 'rt'],
  ['switch', 'switch', 'sw'],
  ['olt', 'olt', 'olt'],
  ['radio', 'radio', 'radio'],
  ['servidor', 'servidor', 'srv'],
  ['firewall', 'firewall', 'fw'],
];
const VENDORS = [
  ['mikrotik', 'MikroTik', ['CCR2004-16G-2S+', 'CCR2116-12G-4S+', 'RB5009UG+S+IN', 'hEX RB750Gr3']],
  ['huawei', 'Huawei', ['NE8000 M4', 'S6730-H24X6C', 'MA5800-X7']],
  ['cisco', 'Cisco', ['ASR 920', 'Catalyst 9300', 'Firepower 1120']],
  ['juniper', 'Juniper', ['MX204', 'EX4300', 'SRX345']],
  ['ubiquiti', 'Ubiquiti', ['airFiber 5XHD', 'LiteBeam 5AC', 'EdgeRouter 12']],
  ['intelbras', 'Intelbras', ['SG 2404 PoE', 'WOM 5A', 'OLT 8820i']],
] as const;
const array = (xs: readonly string[]) => `ARRAY[${xs.map(lit).join(',')}]::text[]`;

/**
 * One organization with `sites` sites (POPs, towers… across twelve cities of the South and
 * São Paulo, coordinates around each), `assets` network assets spread over them (six roles and
 * vendors, unique hostnames and management IPs) and `interfacesPerAsset` interfaces each, by SQL in
 * bulk. `search_text` is what the API's `assetSearchText()` computes.
 */
export async function seedNetwork(db: Db, size: NetworkSeedSize, log: (msg: string) => void): Promise<NetworkSeeded> {
  const run = async <T = Record<string, unknown>>(text: string) => (await db.execute(sql.raw(text))).rows as T[];
  const timings: Record<string, number> = {};
  const timed = async (name: string, f: () => Promise<unknown>) => {
    const t0 = performance.now();
    await f();
    timings[name] = performance.now() - t0;
    log(`  ${name}: ${(timings[name] / 1000).toFixed(1)} s`);
  };
  const [org] = await run<{ id: number }>(`INSERT INTO organization (fantasy_name, legal_name, search_text) VALUES ('Bench Rede', 'Bench Rede Telecom Ltda', 'bench rede') RETURNING id`);
  const o = Number(org.id);
  const [person] = await run<{ id: number }>(`INSERT INTO person (organization_id, nickname, full_name) VALUES (${o}, 'NOC', 'Analista do NOC') RETURNING id`);
  const [user] = await run<{ id: number }>(`
    INSERT INTO "user" (organization_id, person_id, username, email, password_hash, permissions, settings, search_text)
    VALUES (${o}, ${person.id}, 'bench.noc', 'bench.noc@bench.com.br', 'not-used', '{SITE.INDEX,NETWORK_ASSET.INDEX}'::text[], ${lit(JSON.stringify(DEFAULT_SETTINGS))}::jsonb, 'bench.noc') RETURNING id`);

  await timed(`sites (${size.sites.toLocaleString('en')})`, () =>
    run(`INSERT INTO site (organization_id, code, name, type, latitude, longitude, status, search_text)
      SELECT ${o}, upper(c.code) || '-' || lpad(g::text, 5, '0'), t.label || ' ' || c.city || ' ' || g, t.type,
             -25.4 + ((g * 7919) % 1000) / 250.0 - 2, -49.3 + ((g * 104729) % 1000) / 250.0 - 2,
             CASE WHEN g % 17 = 0 THEN 'em_implantacao' WHEN g % 29 = 0 THEN 'desativado' ELSE 'ativo' END,
             lower(unaccent(upper(c.code) || '-' || lpad(g::text, 5, '0') || ' ' || t.label || ' ' || c.city || ' ' || g))
      FROM generate_series(1, ${size.sites}) g
      JOIN (SELECT row_number() OVER () - 1 AS k, city, code FROM unnest(${array(CITIES)}, ${array(CODES)}) AS x(city, code)) c ON c.k = g % ${CITIES.length}
      JOIN (SELECT row_number() OVER () - 1 AS k, type, label FROM unnest(ARRAY['pop','torre','armario','cliente','datacenter']::text[], ARRAY['POP','Torre','Armário','Cliente','Data center']::text[]) AS y(type, label)) t ON t.k = g % 5
      ORDER BY g`),
  );
  await run(`CREATE TEMP TABLE bench_site AS SELECT row_number() OVER (ORDER BY id) - 1 AS n, id, lower(split_part(code, '-', 1)) AS city FROM site WHERE organization_id = ${o}`);
  await timed(`assets (${size.assets.toLocaleString('en')})`, async () => {
    const roles = `(SELECT row_number() OVER () - 1 AS k, role, label, prefix FROM unnest(${array(ROLES.map((r) => r[0]))}, ${array(ROLES.map((r) => r[1]))}, ${array(ROLES.map((r) => r[2]))}) AS r(role, label, prefix))`;
    const vendors = VENDORS.map(([v, label, models], k) => models.map((m, j) => `(${k}, ${j}, ${lit(v)}, ${lit(label)}, ${lit(m)}, ${models.length})`).join(', ')).join(', ');
    await run(`CREATE TEMP TABLE bench_vendor (k int, j int, vendor text, label text, model text, models int); INSERT INTO bench_vendor VALUES ${vendors}`);
    await run(`INSERT INTO network_asset (organization_id, hostname, role, vendor, model, serial, management_ip, routeros_version, site_id, status, search_text)
      SELECT ${o}, h.hostname, r.role, v.vendor, v.model, h.serial, h.ip, CASE WHEN v.vendor = 'mikrotik' THEN (CASE WHEN g % 3 = 0 THEN '6.x' ELSE '7.x' END) END, s.id,
             CASE WHEN g % 23 = 0 THEN 'manutencao' WHEN g % 31 = 0 THEN 'em_estoque' WHEN g % 37 = 0 THEN 'desativado' ELSE 'ativo' END,
             lower(unaccent(concat_ws(' ', h.hostname, h.ip, h.serial, v.model, v.label, r.label)))
      FROM generate_series(1, ${size.assets}) g
      JOIN bench_site s ON s.n = (g::bigint * 7919) % ${size.sites}
      JOIN ${roles} r ON r.k = g % ${ROLES.length}
      JOIN bench_vendor v ON v.k = (g / ${ROLES.length}) % ${VENDORS.length} AND v.j = (g / ${ROLES.length * VENDORS.length}) % v.models
      CROSS JOIN LATERAL (SELECT r.prefix || '-' || s.city || '-' || lpad(g::text, 5, '0') AS hostname,
                                 upper(substr(md5(g::text), 1, 12)) AS serial,
                                 '10.' || (g / 65536) || '.' || ((g / 256) % 256) || '.' || (g % 256) AS ip) h
      ORDER BY g`);
  });
  await timed(`interfaces (${(size.assets * size.interfacesPerAsset).toLocaleString('en')})`, () =>
    run(`INSERT INTO network_interface (organization_id, asset_id, position, name, type, mac, speed_mbps, enabled)
      SELECT ${o}, a.id, i - 1,
             CASE WHEN i <= 2 THEN 'ether' || i WHEN i = 3 THEN 'sfp-sfpplus1' ELSE 'vlan' || (100 + i) END,
             CASE WHEN i <= 2 THEN 'ethernet' WHEN i = 3 THEN 'sfp' ELSE 'vlan' END,
             CASE WHEN i <= 3 THEN upper(regexp_replace(substr(md5(a.id::text || '-' || i), 1, 12), '(..)(?!$)', '\\1:', 'g')) END,
             CASE WHEN i <= 2 THEN 1000 WHEN i = 3 THEN 10000 END, i % 7 <> 0
      FROM network_asset a, generate_series(1, ${size.interfacesPerAsset}) i
      WHERE a.organization_id = ${o} ORDER BY a.id, i`),
  );
  await timed('analyze', () => run('ANALYZE site; ANALYZE network_asset; ANALYZE network_interface'));
  const [counts] = await run<{ sites: number; assets: number; interfaces: number }>(
    `SELECT (SELECT count(*)::int FROM site WHERE organization_id = ${o}) AS sites, (SELECT count(*)::int FROM network_asset WHERE organization_id = ${o}) AS assets, (SELECT count(*)::int FROM network_interface WHERE organization_id = ${o}) AS interfaces`,
  );
  return { organizationId: o, userId: Number(user.id), timings, counts };
}
