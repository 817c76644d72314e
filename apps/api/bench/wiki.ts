/**
 * Wiki search benchmark: `npx tsx apps/api/bench/wiki.ts` (from the repository root).
 *
 * On PGlite (the embedded default, `DATA_DIR/pglite`) and on PostgreSQL (a fresh `bench_wk_<random>`
 * database, dropped at the end): 100,000 wiki pages in a four-level tree (20 × 20 × 25 × 10), each
 * with a pt-BR title and 5–10 sentences drawn from a pool of telecom procedures (places, equipment,
 * numbers vary), inserted with SQL together with their search document. Then the real server is
 * loaded with autocannon at 50 connections, in alternating segments:
 *   - the baseline: reading one page by its path (`GET /api/wiki/page?path=…`, the unique index);
 *   - the search: `GET /api/wiki/search?q=…` over ten queries from selective to common, typed with
 *     and without accents, plurals and singulars (first page of 10, ranked, with excerpts).
 * Figures: p50/p99 and their ratio to the baseline's p99 measured in the same run.
 *
 * Env: BENCH_PAGES_SCALE (1 = 100,000 pages; 0.1 for a quick run), BENCH_DURATION (s per target),
 * BENCH_QUICK=1, BENCH_PG_URL (maintenance database), BENCH_OUT (write the report there too).
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { loadConfig } from '../src/config';
import { type Db, openDatabase } from '../src/core/db';
import { Passwords } from '../src/core/passwords';
import { Tokens } from '../src/core/tokens';
import { seedBase } from '../src/db/seed';
import autocannon, { type Result } from 'autocannon';
import { type Cannon, type Target, aggregateRuns, benchDatabase, cpuMsOf, ms, publishReport, sleep, sqlSteps, startServer, stopServer } from './harness';

const QUICK = process.env.BENCH_QUICK === '1';
const PG_SERVER = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const SCALE = Number(process.env.BENCH_PAGES_SCALE ?? 1);
const DURATION = Number(process.env.BENCH_DURATION ?? (QUICK ? 4 : 12));
const RUN = { duration: DURATION, segments: QUICK ? 1 : 3, warmup: QUICK ? 1 : 3, connections: 50 };
const JWT_SECRET = randomBytes(32).toString('base64url');
/** Children per page at each level: 20 roots × 20 × 25 × 10 = 100,000 leaves (plus 10,500 inner pages… trimmed below). */
const FANOUT = [20, 20, 25, Math.max(1, Math.round(9 * SCALE))];

const log = (msg: string) => console.log(`[bench-wiki ${new Date().toISOString().slice(11, 19)}] ${msg}`);

/** A pseudo-random index in 0…n-1 from a page's seed, a position and a salt (independent picks, the same on both databases). */
const pick = (h: string, k: string, salt: number, n: number) => `(abs(hashint8(${h} * 1000 + ${k} * 10 + ${salt})) % ${n})::int`;
const quote = (s: string) => `'${s.replace(/'/g, "''")}'`;
const array = (xs: string[]) => `ARRAY[${xs.map(quote).join(',')}]`;

const TOPICS = [
  'Roteador de borda', 'Configuração de VLAN', 'Instalação FTTH', 'Manutenção preventiva', 'Backbone óptico', 'Rádio enlace', 'OLT GPON', 'Switch de agregação',
  'Troca de senha', 'Política de backup', 'Cadastro de cliente', 'Inventário do almoxarifado', 'Procedimento de emergência', 'Monitoramento SNMP', 'Firewall e NAT',
  'Roteamento BGP', 'Servidor DNS', 'Telefonia SIP', 'Contrato de SLA', 'Vistoria de torre', 'Fusão de fibra', 'Teste de potência', 'Ativação de circuito',
  'Escala de plantão', 'Atendimento ao cliente', 'Migração de endereços IP', 'Atualização de firmware', 'Segurança de acesso', 'Gerência de rede', 'Energia e nobreak',
  'Caixa de emenda', 'Rede de acesso', 'Links dedicados', 'Equipamentos em comodato', 'Ferramentas de campo', 'Certificação de rede', 'Recolhimento de equipamento',
  'Mudança de endereço', 'Reparo de drop', 'Projeto de expansão',
];
const PLACES = [
  'Curitiba', 'São José dos Pinhais', 'Londrina', 'Maringá', 'Ponta Grossa', 'Cascavel', 'Foz do Iguaçu', 'Guarapuava', 'Paranaguá', 'Colombo', 'Araucária', 'Campo Largo',
  'Pinhais', 'Toledo', 'Apucarana', 'Umuarama', 'Campo Mourão', 'Telêmaco Borba', 'União da Vitória', 'Francisco Beltrão',
];
const EQUIPMENT = [
  'MikroTik CCR2004', 'Huawei MA5800', 'switch Datacom', 'ONU ZTE F670', 'rádio Ubiquiti', 'roteador Juniper MX204', 'OLT Fiberhome', 'nobreak SMS', 'servidor Dell',
  'conversor de mídia', 'CTO de 16 portas', 'DIO de 24 fibras', 'cabo drop', 'bobina de cabo óptico', 'power meter',
];
/** Nouns of the trade: each page uses a handful, so a word is in a few per cent of the pages, as in a real wiki. */
const KEYWORDS = [
  'roteador', 'switch', 'OLT', 'ONU', 'CTO', 'DIO', 'splitter', 'conector', 'fibra', 'drop', 'bobina', 'poste', 'torre', 'antena', 'rádio', 'enlace', 'nobreak',
  'bateria', 'retificador', 'gerador', 'rack', 'cordão óptico', 'emenda', 'caixa de passagem', 'duto', 'tubulação', 'servidor', 'firewall', 'VLAN', 'BGP', 'OSPF',
  'MPLS', 'DNS', 'DHCP', 'RADIUS', 'PPPoE', 'SNMP', 'syslog', 'NTP', 'backup', 'senha', 'certificado', 'licença', 'contrato', 'fatura', 'assinante', 'supervisor',
  'almoxarife', 'plantão', 'chamado', 'protocolo', 'vistoria', 'manutenção', 'instalação', 'ativação', 'cancelamento', 'migração', 'mudança de endereço', 'reparo',
  'treinamento', 'auditoria', 'inventário', 'patrimônio', 'garantia', 'fornecedor', 'operadora', 'circuito', 'disponibilidade', 'latência', 'perda de pacotes',
  'jitter', 'potência', 'atenuação', 'OTDR', 'multímetro', 'alicate de crimpagem', 'escada', 'cinto de segurança', 'capacete', 'veículo', 'combustível', 'rota',
  'mapa de rede', 'coordenada', 'condomínio', 'prédio comercial', 'loja', 'hospital', 'escola', 'prefeitura', 'indústria', 'fazenda', 'shopping', 'aterramento',
  'para-raios', 'ar-condicionado', 'climatização', 'etiqueta', 'cronograma', 'orçamento', 'projeto', 'homologação', 'ANATEL', 'firmware', 'RouterOS', 'SFP',
];
const VERBS = ['instalar', 'configurar', 'testar', 'substituir', 'limpar', 'medir', 'revisar', 'documentar', 'etiquetar', 'atualizar', 'desligar', 'reiniciar', 'inspecionar', 'calibrar', 'registrar', 'fotografar', 'aterrar', 'organizar', 'identificar', 'validar'];
/** Sentence frames: %K a noun, %V a verb, %P a city, %E a piece of equipment, %N a number. */
const SENTENCES = [
  'Antes de %V, confira %K com a equipe de %P.',
  'Em %P, o item %K precisa de atenção a cada %N dias.',
  'Registre no sistema %K e a foto do %E.',
  'O procedimento de %K vale para todos os POPs, inclusive %P.',
  'Para %V o %E, siga o roteiro de %K.',
  'Em caso de falha de %K, abra um chamado e anote o número.',
  'A equipe de %P deve %V o %E depois de cada visita.',
  'Dúvidas sobre %K ficam com o supervisor do turno.',
  'O prazo para %V %K é de %N horas úteis.',
  'Não é permitido %V o %E sem autorização do NOC.',
  'Os técnicos de %P receberam orientação sobre %K.',
  'Confira a tabela de %K antes de %V qualquer equipamento.',
  'A última revisão de %K em %P encontrou %N pendências.',
  'Use sempre %K ao %V o %E.',
  'O relatório mensal de %K inclui os dados de %P.',
  'Quando %K estiver fora do padrão, não tente %V sozinho.',
];
/** From selective to common, with and without accents, plural and singular. */
const QUERIES = [
  'otdr atenuação',
  'configuracao vlan',
  'instalação ftth',
  'potencia onu',
  'prefeitura londrina',
  'nobreak baterias',
  'roteadores',
  'vistoria torres',
  'contrato operadora',
  'aterramento',
];

async function seedPages(db: Db, label: string) {
  const { run, timed } = sqlSteps(db, log);
  const passwords = new Passwords(loadConfig({ DATA_DIR: os.tmpdir() }, { jwtSecret: JWT_SECRET }).argon2);
  const { organizationId: o } = await seedBase(db, passwords, { adminUsername: 'admin', adminPassword: 'bench-password-123' }, pino({ level: 'silent' }));
  const [admin] = await run<{ id: number; token_version: number }>(`SELECT id, token_version FROM "user" WHERE username = 'admin'`);
  const segment = ['area', 'secao', 'pagina', 'item'];
  const text = (h: string) => `
    CROSS JOIN LATERAL (
      SELECT string_agg(s, E'\\n' ORDER BY k) AS body_text, '<p>' || string_agg(s, '</p><p>' ORDER BY k) || '</p>' AS body
      FROM (
        SELECT k, replace(replace(replace(replace(replace(
          (${array(SENTENCES)})[1 + ${pick(h, 'k', 1, SENTENCES.length)}],
          '%K', (${array(KEYWORDS)})[1 + ${pick(h, 'k', 2, KEYWORDS.length)}]),
          '%V', (${array(VERBS)})[1 + ${pick(h, 'k', 3, VERBS.length)}]),
          '%P', (${array(PLACES)})[1 + ${pick(h, 'k', 4, PLACES.length)}]),
          '%N', (2 + ${pick(h, 'k', 5, 90)})::text),
          '%E', (${array(EQUIPMENT)})[1 + ${pick(h, 'k', 6, EQUIPMENT.length)}]) AS s
        FROM generate_series(1, 5 + (${h} % 6)::int) k
      ) x
    ) t`;
  for (let level = 1; level <= 4; level++) {
    const parents = level === 1 ? '(SELECT NULL::int AS id, NULL::text AS path) p' : `wiki_page p`;
    const where = level === 1 ? 'true' : `p.organization_id = ${o} AND array_length(string_to_array(p.path, '/'), 1) = ${level - 1}`;
    const child = `${level === 1 ? '' : "p.path || '/' || "}'${segment[level - 1]}-' || d`;
    await timed(`${label}: level ${level}`, () =>
      run(`INSERT INTO wiki_page (organization_id, parent_id, path, title, body, body_text, search_vector, created_by, updated_by)
        SELECT ${o}, p.id, ${child}, tt.title, t.body, t.body_text,
          setweight(to_tsvector('wiki_pt', regexp_replace(tt.title, '<', '< ', 'g')), 'A') || setweight(to_tsvector('wiki_pt', regexp_replace(t.body_text, '<', '< ', 'g')), 'B'),
          ${admin.id}, ${admin.id}
        FROM ${parents} CROSS JOIN generate_series(1, ${FANOUT[level - 1]}) d
        CROSS JOIN LATERAL (SELECT (coalesce(p.id, 0)::bigint * 37 + d * 101 + ${level}) AS h) hh
        CROSS JOIN LATERAL (SELECT (${array(TOPICS)})[1 + ${pick('hh.h', '0', 7, TOPICS.length)}] || ' em ' || (${array(PLACES)})[1 + ${pick('hh.h', '0', 8, PLACES.length)}] AS title) tt
        ${text('hh.h')}
        WHERE ${where}`),
    );
  }
  await run('ANALYZE wiki_page');
  const [{ n }] = await run<{ n: number }>(`SELECT count(*)::int AS n FROM wiki_page WHERE organization_id = ${o}`);
  return { organizationId: o, userId: admin.id, tokenVersion: admin.token_version, pages: n };
}

/** The median time of requests sent one at a time (5 rounds). */
async function aloneMedian(base: string, requests: { path: string }[], headers: Record<string, string>) {
  const times: number[] = [];
  for (let i = 0; i < 5; i++)
    for (const r of requests) {
      const t0 = performance.now();
      await (await fetch(base + r.path, { headers })).arrayBuffer();
      times.push(performance.now() - t0);
    }
  return times.sort((a, b) => a - b)[Math.floor(times.length / 2)];
}

/**
 * Search and baseline at 50 connections in alternating segments, like the harness's cannonPair, but
 * each segment starts on a drained server: autocannon stops at the end of its duration while the
 * server still works through the requests in flight, and on PGlite (one query at a time) 50 slow
 * searches would otherwise land on the next segment's clock.
 */
async function drainedPair(base: string, pid: number, searches: Target['requests'], reads: Target['requests']): Promise<[Cannon, Cannon]> {
  const drain = async () => {
    await sleep(200);
    await fetch(base + reads[0].path, { headers: reads[0].headers });
  };
  const seg = RUN.duration / RUN.segments;
  const runs: Result[][] = [[], []];
  const cpu = [0, 0];
  const targets = [searches, reads];
  const opts = (requests: Target['requests'], duration: number) => ({ url: base, connections: RUN.connections, timeout: 60, duration, requests: requests.map((r) => ({ method: 'GET', ...r })) });
  for (const t of targets) {
    await autocannon(opts(t, RUN.warmup));
    await drain();
  }
  for (let i = 0; i < RUN.segments; i++)
    for (const [k, t] of targets.entries()) {
      const c0 = cpuMsOf(pid);
      runs[k].push(await autocannon(opts(t, seg)));
      await drain();
      cpu[k] += cpuMsOf(pid) - c0;
    }
  return [aggregateRuns(runs[0], cpu[0]), aggregateRuns(runs[1], cpu[1])];
}

type Row = { database: string; pages: number; seedS: number; baseline: Cannon; search: Cannon; matches: number[]; alone: number[]; baselineAlone: number };

async function measure(label: string, env: Record<string, string>, db: Db, close: () => Promise<void>, dataDir: string): Promise<Row> {
  const t0 = performance.now();
  const seeded = await seedPages(db, label);
  const seedS = (performance.now() - t0) / 1000;
  await close();
  log(`${label}: ${seeded.pages.toLocaleString('en')} pages in ${seedS.toFixed(0)} s`);
  const token = await new Tokens(JWT_SECRET).access(seeded.userId, seeded.tokenVersion, seeded.organizationId);
  const headers = { authorization: `Bearer ${token}` };
  const api = await startServer('src/main.ts', { DATA_DIR: dataDir, JWT_SECRET, APP_ADMIN_PASSWORD: 'bench-password-123', LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'warn', ...env });
  try {
    const searches = QUERIES.map((q) => ({ path: `/api/wiki/search?q=${encodeURIComponent(q)}`, headers }));
    const reads = Array.from({ length: 20 }, (_, i) => ({ path: `/api/wiki/page?path=area-${1 + ((i * 7) % 20)}/secao-${1 + ((i * 11) % 20)}`, headers }));
    const matches: number[] = [];
    for (const r of [...searches, ...reads.slice(0, 2)]) {
      const res = await fetch(api.base + r.path, { headers });
      if (!res.ok) throw new Error(`${r.path}: ${res.status} ${(await res.text()).slice(0, 300)}`);
      const body = (await res.json()) as { total_items?: number; items?: { headline: string }[] };
      if (body.total_items !== undefined) {
        if (body.total_items > 0 && !body.items?.[0]?.headline.includes('<mark>')) throw new Error(`${r.path}: no highlighted excerpt`);
        matches.push(body.total_items);
      }
    }
    // Each search alone (no concurrency): the latency a person sees on an idle server.
    const alone: number[] = [];
    for (const r of searches) alone.push(await aloneMedian(api.base, [r], headers));
    log(`${label}: alone, median per query (ms): ${alone.map((x) => ms(x)).join(', ')}`);
    const baselineAlone = await aloneMedian(api.base, reads.slice(0, 10), headers);
    const [search, baseline] = await drainedPair(api.base, api.child.pid!, searches, reads);
    return { database: label, pages: seeded.pages, seedS, baseline, search, matches, alone, baselineAlone };
  } finally {
    await stopServer(api.child);
  }
}

async function main() {
  const started = performance.now();
  const rows: Row[] = [];
  const liteDir = mkdtempSync(path.join(os.tmpdir(), 'operacoes-bench-wk-'));
  if (process.env.BENCH_ONLY !== 'pg') try {
    const lite = await openDatabase({ pgliteDir: path.join(liteDir, 'pglite') });
    rows.push(await measure('PGlite 0.5.16 (PostgreSQL 18, embedded)', {}, lite.db, lite.close, liteDir));
  } finally {
    rmSync(liteDir, { recursive: true, force: true });
  }
  const bench = await benchDatabase(PG_SERVER, 'bench_wk');
  const pgDir = mkdtempSync(path.join(os.tmpdir(), 'operacoes-bench-wk-'));
  try {
    const pgdb = await openDatabase({ databaseUrl: bench.url, poolSize: 4 });
    pgdb.pool?.on('error', () => undefined);
    rows.push(await measure(bench.version, { DATABASE_URL: bench.url }, pgdb.db, pgdb.close, pgDir));
  } finally {
    if (process.env.BENCH_KEEP) log(`kept ${bench.url}`);
    else await bench.drop().catch((e) => log(`could not drop ${bench.name}: ${e}`));
    rmSync(pgDir, { recursive: true, force: true });
  }
  const lines = [
    `Run: ${new Date().toUTCString()}; machine ${os.hostname()}, ${os.cpus().length} vCPU, load average ${os.loadavg()[0].toFixed(1)}; Node ${process.version}.`,
    `Dataset: ${rows[0].pages.toLocaleString('en')} pages of one organization in a four-level tree, 5–10 pt-BR sentences each. autocannon, ${RUN.connections} connections, ${RUN.segments} alternating segments of ${(RUN.duration / RUN.segments).toFixed(0)} s per target after ${RUN.warmup} s of warm-up.`,
    `Search queries (matches on ${rows[0].database} / ${rows[1]?.database ?? '-'}): ${QUERIES.map((q, i) => `\`${q}\` (${rows[0].matches[i]?.toLocaleString('en')}${rows[1] ? ` / ${rows[1].matches[i]?.toLocaleString('en')}` : ''})`).join(', ')}.`,
    '',
    '| database | seed (s) | alone, median (ms): a page by path / each search | 50 connections: page by path, p50 / p99 (ms), req/s | 50 connections: search, p50 / p99 (ms), req/s | search p99 ÷ baseline p99 | server CPU per search ÷ per page read | errors / non-2xx |',
    '|---|---|---|---|---|---|---|---|',
    ...rows.map(
      (r) =>
        `| ${r.database} | ${r.seedS.toFixed(0)} | ${ms(r.baselineAlone)} / ${r.alone.map((x) => ms(x)).join(', ')} | ${ms(r.baseline.p50)} / ${ms(r.baseline.p99)}, ${r.baseline.rps.toFixed(0)} | ${ms(r.search.p50)} / ${ms(r.search.p99)}, ${r.search.rps.toFixed(0)} | ${(r.search.p99 / r.baseline.p99).toFixed(1)} | ${(r.search.cpuUsPerRequest / r.baseline.cpuUsPerRequest).toFixed(1)} | ${r.search.errors + r.baseline.errors} / ${r.search.non2xx + r.baseline.non2xx} |`,
    ),
    '',
  ];
  publishReport(lines.join('\n'), started, log);
}

await main();
