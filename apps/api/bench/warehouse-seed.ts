import { DEFAULT_SETTINGS } from '@operacoes/contract';
import type { Db } from '../src/core/db';
import { sqlSteps } from './harness';

export type WarehouseSeedSize = { items: number; movementsPerItem: number; stocks: number; sectionsPerStock: number; products: number };
export type WarehouseSeeded = { organizationId: number; userId: number; itemIds: { min: number; max: number }; timings: Record<string, number>; counts: Record<string, number> };

/** Telecom equipment names with accents, as an operator's catalogue would have them. */
const NAMES = [
  'Roteador MikroTik hAP ac',
  'ONU Huawei EG8145V5',
  'Rádio Ubiquiti LiteBeam 5AC',
  'Switch Datacom DM4170',
  'Nobreak SMS Station 1500VA',
  'Notebook Dell Latitude 5440',
  'Antena Intelbras Setorial',
  'Conversor de mídia Gigabit',
  'OLT ZTE C320',
  'Câmera Hikvision Bullet',
  'Máquina de fusão Fujikura',
  'OTDR EXFO MaxTester',
  'Alicate de crimpagem RJ45',
  'Escada de fibra 7 metros',
  'Power meter óptico',
  'Caixa de emenda óptica',
  'Servidor Dell PowerEdge R650',
  'Rack de parede 12U',
  'Celular Samsung Galaxy A54',
  'Veículo utilitário Fiat Fiorino',
];

const lit = (s: string) => `'${s.replace(/'/g, "''")}'`;

/**
 * One organization with `stocks × sectionsPerStock` sections, `products` patrimony products,
 * `items` items and `items × movementsPerItem` movements (an entrada, then transfers between
 * sections), inserted round by round so one item's movements are spread over the table as they
 * would be after years of use. Each item's place is the `to_*` of its last movement (state =
 * replay). `search_text` is what `patrimonySearchText()` computes (tag and serial; product words are found through the product).
 */
export async function seedWarehouse(db: Db, size: WarehouseSeedSize, passwordHash: string, log: (msg: string) => void): Promise<WarehouseSeeded> {
  const { run, timed, timings } = sqlSteps(db, log);
  const sectionCount = size.stocks * size.sectionsPerStock;

  const [org] = await run<{ id: number }>(`INSERT INTO organization (fantasy_name, legal_name, search_text) VALUES ('Bench Almoxarifado', 'Bench Almoxarifado Telecom Ltda', 'bench almoxarifado') RETURNING id`);
  const o = Number(org.id);
  const [unit] = await run<{ id: number }>(`INSERT INTO unit_organizational (organization_id, name, code, search_text) VALUES (${o}, 'Almoxarifado Central', 'ALM', 'almoxarifado central alm') RETURNING id`);
  const [person] = await run<{ id: number }>(`INSERT INTO person (organization_id, nickname, full_name) VALUES (${o}, 'Almoxarife', 'Almoxarife da Bancada') RETURNING id`);
  const [user] = await run<{ id: number }>(`
    INSERT INTO "user" (organization_id, person_id, username, email, password_hash, permissions, settings, search_text)
    VALUES (${o}, ${person.id}, 'bench.almoxarife', 'bench.almoxarife@bench.com.br', ${lit(passwordHash)}, '{PATRIMONY.INDEX,PATRIMONY_HISTORY.INDEX,STOCK.INDEX}'::text[], ${lit(JSON.stringify(DEFAULT_SETTINGS))}::jsonb, 'bench.almoxarife') RETURNING id`);
  const u = Number(user.id);

  await timed(`stocks, sections, products (${size.stocks}, ${sectionCount}, ${size.products})`, async () => {
    await run(`INSERT INTO stock (organization_id, unit_organizational_id, name, code, search_text)
      SELECT ${o}, ${unit.id}, 'Almoxarifado ' || g, 'ALM' || g, 'almoxarifado ' || g || ' alm' || g FROM generate_series(1, ${size.stocks}) g ORDER BY g`);
    await run(`INSERT INTO section (organization_id, stock_id, name, code, search_text)
      SELECT ${o}, s.id, 'Prateleira ' || g, 'P' || g, 'prateleira ' || g || ' p' || g
      FROM stock s, generate_series(1, ${size.sectionsPerStock}) g WHERE s.organization_id = ${o} ORDER BY s.id, g`);
    await run(`INSERT INTO product (organization_id, code, name, tracking, unit_of_measure, minimum_quantity, price, search_text)
      SELECT ${o}, 'PRD' || lpad(g::text, 4, '0'), n.name || ' v' || g, 'patrimonio', 'un', 5, (100 + g * 7)::numeric(14,2),
             lower(unaccent('PRD' || lpad(g::text, 4, '0') || ' ' || n.name || ' v' || g))
      FROM generate_series(1, ${size.products}) g
      JOIN (SELECT row_number() OVER () - 1 AS k, name FROM unnest(ARRAY[${NAMES.map(lit).join(',')}]::text[]) name) n ON n.k = (g - 1) % ${NAMES.length}
      ORDER BY g`);
    await run(`CREATE TEMP TABLE bench_section AS SELECT row_number() OVER (ORDER BY id) - 1 AS n, id, stock_id FROM section WHERE organization_id = ${o}`);
    await run(`CREATE TEMP TABLE bench_product AS SELECT row_number() OVER (ORDER BY id) - 1 AS n, id, code, name FROM product WHERE organization_id = ${o}`);
  });

  // Section of item i after its j-th movement (consecutive ones always differ).
  const sec = (i: string, j: string) => `((${i} * 31 + ${j} * 17) % ${sectionCount})`;
  const K = size.movementsPerItem;
  const [{ base }] = await run<{ base: number }>(`SELECT coalesce(max(id), 0) AS base FROM patrimony`);
  await timed(`patrimony items (${size.items.toLocaleString('en')})`, async () => {
    for (let from = 1; from <= size.items; from += 50_000) {
      const to = Math.min(size.items, from + 49_999);
      await run(`INSERT INTO patrimony (id, organization_id, tag, serial, product_id, condition, status, stock_id, section_id, acquisition_date, acquisition_value, invoice_number, search_text)
        SELECT ${base} + i, ${o}, tag, serial, p.id, 'novo', 'disponivel', s.stock_id, s.id, date '2023-01-01' + (i % 900), (100 + i % 5000)::numeric(14,2), (1000 + i % 5000)::text,
               lower(unaccent(tag || ' ' || serial))
        FROM (SELECT i, 'PAT-' || lpad(i::text, 6, '0') AS tag, 'SN' || upper(substr(md5(i::text), 1, 10)) AS serial FROM generate_series(${from}, ${to}) i) x
        JOIN bench_product p ON p.n = (i * 7919) % ${size.products}
        JOIN bench_section s ON s.n = ${sec('i', String(K))}
        ORDER BY i`);
    }
    await run(`SELECT setval(pg_get_serial_sequence('patrimony', 'id'), (SELECT max(id) FROM patrimony))`);
    await run(`INSERT INTO warehouse_sequence (organization_id, name, value) VALUES (${o}, 'patrimony_tag', ${size.items})`);
  });

  await timed(`movements (${(size.items * K).toLocaleString('en')}, ${K} per item, round by round)`, async () => {
    for (let j = 1; j <= K; j++) {
      await run(`INSERT INTO movement (organization_id, type, product_id, patrimony_id, quantity, from_stock_id, from_section_id, to_stock_id, to_section_id, from_status, to_status, user_id, reason, document, created_at)
        SELECT ${o}, ${j === 1 ? `'entrada'` : `'transferencia'`}, p.product_id, p.id, 1,
               ${j === 1 ? 'NULL, NULL' : 'sf.stock_id, sf.id'}, st.stock_id, st.id, ${j === 1 ? 'NULL' : `'disponivel'`}, 'disponivel', ${u},
               ${j === 1 ? `'Carga inicial'` : `'Reorganização do estoque'`}, ${j === 1 ? `'NF ' || p.invoice_number` : 'NULL'},
               timestamptz '2024-01-01 08:00-03' + ${j - 1} * interval '45 days' + ((p.id - ${base}) % 86400) * interval '1 second'
        FROM patrimony p
        JOIN bench_section st ON st.n = ${sec(`(p.id - ${base})`, String(j))}
        ${j === 1 ? '' : `JOIN bench_section sf ON sf.n = ${sec(`(p.id - ${base})`, String(j - 1))}`}
        WHERE p.organization_id = ${o}
        ORDER BY p.id`);
    }
  });

  await timed('vacuum analyze', async () => {
    for (const t of ['stock', 'section', 'product', 'patrimony', 'movement', 'warehouse_sequence']) await run(`VACUUM ANALYZE ${t}`);
  });

  // State = replay, on a sample: each item's place is the destination of its last movement.
  const [bad] = await run<{ n: number }>(`
    SELECT count(*)::int AS n FROM (SELECT id, section_id FROM patrimony WHERE organization_id = ${o} ORDER BY random() LIMIT 2000) p
    WHERE p.section_id IS DISTINCT FROM (SELECT to_section_id FROM movement m WHERE m.patrimony_id = p.id ORDER BY m.id DESC LIMIT 1)`);
  if (bad.n !== 0) throw new Error(`seed: ${bad.n} of 2000 sampled items differ from the replay of their movements`);
  const counts = {
    items: (await run<{ n: number }>(`SELECT count(*)::int AS n FROM patrimony WHERE organization_id = ${o}`))[0].n,
    movements: (await run<{ n: number }>(`SELECT count(*)::int AS n FROM movement WHERE organization_id = ${o}`))[0].n,
  };
  return { organizationId: o, userId: u, itemIds: { min: base + 1, max: base + size.items }, timings, counts };
}
