/**
 * Images benchmark: `npx tsx apps/api/bench/images.ts` (from the repository root).
 *
 * The real server runs as a child process on the embedded database (PGlite) with the demo
 * organization; its resident memory (VmRSS from /proc) is sampled every 20 ms. Measured:
 * - the public proposal PDF (`/api/viability/unit/viewer/{hash}/pdf`, no login) with the largest logo
 *   the rules allow: a 10,000 × 4,000 PNG (40 megapixels) of transparent noise, under the logo's 2 MB;
 *   and with an oversized logo stored before the limits (an 8,000 × 8,000 PNG written over the stored
 *   file), which must not be decoded;
 * - the report of a work order with ten 12-megapixel photos (4,000 × 3,000 JPEG of noise on gradients,
 *   3–4 MB each, like a phone's).
 * Uploads are timed too (that is where a large image is decoded now), and the ten photos are sent
 * once more as wiki images to see the server's memory at rest level off.
 * Baselines, in the same run: the same proposal PDF without a logo, and the report of a concluded work
 * order of the same type without photos. Goal: each PDF under 1 s and under 100 MB of server RSS
 * above its rest level.
 *
 * Env: BENCH_REPEAT (PDF requests per figure, default 5), BENCH_OUT.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { cpuShare, measured, publishReport, rssOf, sleep, startServer, stopServer } from './harness';

const REPEAT = Number(process.env.BENCH_REPEAT ?? 5);
const MB = 1024 * 1024;
const GOAL_MS = 1000;
const GOAL_MB = 100;
const apiDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const log = (msg: string) => console.log(`[bench-images ${new Date().toISOString().slice(11, 19)}] ${msg}`);

/** A deterministic pseudo-random sequence. */
function random(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1_664_525 + 1_013_904_223) >>> 0;
    return s / 2 ** 32;
  };
}

/** 10,000 × 4,000: transparent, with 3 % of the pixels opaque dots, four-colour palette (the only way 40 MP of noise fits in 2 MB). */
async function largestLogo(): Promise<Buffer> {
  const [w, h] = [10_000, 4_000];
  const next = random(40);
  const raw = Buffer.alloc(w * h * 4);
  const colours = [
    [200, 30, 30],
    [30, 90, 200],
    [20, 20, 20],
  ];
  for (let i = 0; i < w * h; i++) {
    if (next() >= 0.03) continue;
    const c = colours[Math.floor(next() * colours.length)];
    raw.set([c[0], c[1], c[2], 255], i * 4);
  }
  return sharp(raw, { raw: { width: w, height: h, channels: 4 }, limitInputPixels: false }).png({ palette: true, colours: 4, dither: 0, compressionLevel: 9 }).toBuffer();
}

/** 4,000 × 3,000 JPEG: gradients with per-pixel noise, about what a phone's 12 MP photo weighs. */
async function photo(seed: number): Promise<Buffer> {
  const [w, h] = [4_000, 3_000];
  const next = random(seed);
  const raw = Buffer.alloc(w * h * 3);
  const clamp = (v: number) => Math.max(0, Math.min(255, v));
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const o = (y * w + x) * 3;
      const n = (next() - 0.5) * 36;
      raw[o] = clamp((x / w) * 200 + 30 + n);
      raw[o + 1] = clamp((y / h) * 180 + 40 + n);
      raw[o + 2] = clamp(120 + 60 * Math.sin((x + seed * 97) / 200) + n);
    }
  }
  return sharp(raw, { raw: { width: w, height: h, channels: 3 } }).jpeg({ quality: 85 }).toBuffer();
}

function multipart(data: Buffer, type: string, fields: Record<string, string> = {}) {
  const boundary = '----bench' + Math.random().toString(16).slice(2);
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="imagem"\r\nContent-Type: ${type}\r\n\r\n`), data, Buffer.from(`\r\n--${boundary}--\r\n`));
  return { body: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** The demo organization, seeded through the API by its own process (as `npm run seed:demo`). */
async function seedDemo(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts', '--seed-demo-only'], { cwd: apiDir, env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr!.on('data', (d) => (stderr = (stderr + d).slice(-4000)));
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  if (code !== 0) throw new Error(`demo seed exited ${code}: ${stderr}`);
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

type Figure = { what: string; ms: number; peakOverRest: number; rest: number; bytes?: number };

async function main() {
  const started = performance.now();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'operacoes-bench-img-'));
  const env = { DATA_DIR: dataDir, LOG_LEVEL: 'warn', APP_ADMIN_PASSWORD: 'bench-password-123', PUBLIC_LINK_RATE_LIMIT_PER_IP: '100000', LOGIN_RATE_LIMIT_PER_IP: '100000' };
  let api: Awaited<ReturnType<typeof startServer>> | undefined;
  try {
    log('making the images');
    const logo = await largestLogo();
    const photos: Buffer[] = [];
    for (let i = 0; i < 10; i++) photos.push(await photo(i + 1));
    const legacy = await sharp({ create: { width: 8000, height: 8000, channels: 4, background: { r: 255, g: 255, b: 255, alpha: 0.5 } }, limitInputPixels: false }).png({ compressionLevel: 9 }).toBuffer();
    if (logo.length > 2 * MB) throw new Error(`the logo weighs ${(logo.length / MB).toFixed(2)} MB, over the 2 MB limit`);
    log(`logo 10,000 × 4,000: ${(logo.length / MB).toFixed(2)} MB; photos 4,000 × 3,000: ${(Math.min(...photos.map((p) => p.length)) / MB).toFixed(1)}–${(Math.max(...photos.map((p) => p.length)) / MB).toFixed(1)} MB`);

    log('seeding the demo organization');
    await seedDemo(env);
    api = await startServer('src/main.ts', env);
    const pid = api.child.pid!;
    const base = api.base;
    const call = async (method: string, p: string, token?: string, body?: unknown) => {
      const res = await fetch(`${base}/api${p}`, { method, headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body !== undefined ? { 'content-type': 'application/json' } : {}) }, body: body === undefined ? undefined : JSON.stringify(body) });
      if (res.status >= 300) throw new Error(`${method} ${p}: ${res.status} ${await res.text()}`);
      return res.headers.get('content-type')?.includes('json') ? res.json() : Buffer.from(await res.arrayBuffer());
    };
    const upload = async (p: string, token: string, data: Buffer, type: string, fields: Record<string, string> = {}) => {
      const m = multipart(data, type, fields);
      const res = await fetch(`${base}/api${p}`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': m.contentType }, body: m.body });
      if (res.status >= 300) throw new Error(`POST ${p}: ${res.status} ${await res.text()}`);
      return res.json() as Promise<Record<string, string>>;
    };
    const login = async (username: string) => (await call('POST', '/login', undefined, { username, password: 'demo12345' })) as { token: string; user: { organization: { id: number } } };
    const gestor = await login('gestor');
    const tecnico = await login('tecnico');

    // The bakery's accepted proposal (public link) and the work order under way, from the demo.
    const viabilities = (await call('GET', '/viability?pageSize=50', gestor.token)) as { items: { id: number; client_name: string }[] };
    const bakery = viabilities.items.find((v) => v.client_name.startsWith('Padaria'))!;
    const units = (await call('GET', `/viability/${bakery.id}/unit`, gestor.token)) as { public_hash: string | null; verdict: string }[];
    const hash = units.find((u) => u.public_hash && u.verdict !== 'inviavel')!.public_hash!;
    const activities = (await call('GET', '/external-activity?pageSize=50', tecnico.token)) as { items: { id: number; status: string; client_name: string; assistance_type: { id: number } }[] };
    const running = activities.items.find((a) => a.status === 'em_execucao')!;
    const concluded = activities.items.find((a) => a.status === 'concluida' && a.assistance_type.id === running.assistance_type.id)!;

    /** `REPEAT` GETs after one warm-up: the median time and the highest peak of RSS above the rest level before each. */
    const pdfFigure = async (what: string, p: string, token?: string): Promise<Figure> => {
      await call('GET', p, token);
      const times: number[] = [];
      let peakOverRest = 0;
      let rest = 0;
      let bytes = 0;
      for (let i = 0; i < REPEAT; i++) {
        await sleep(300);
        rest = rssOf(pid);
        const m = await measured(pid, () => call('GET', p, token) as Promise<Buffer>, 20);
        times.push(m.ms);
        bytes = m.result.length;
        peakOverRest = Math.max(peakOverRest, m.peak - rest);
      }
      const f = { what, ms: median(times), peakOverRest: peakOverRest / MB, rest: rest / MB, bytes };
      log(`${what}: ${f.ms.toFixed(0)} ms, peak RSS +${f.peakOverRest.toFixed(0)} MB over ${f.rest.toFixed(0)} MB`);
      return f;
    };
    const uploadFigure = async (what: string, work: () => Promise<unknown>): Promise<Figure> => {
      await sleep(300);
      const rest = rssOf(pid);
      const m = await measured(pid, work, 20);
      const f = { what, ms: m.ms, peakOverRest: (m.peak - rest) / MB, rest: rest / MB };
      log(`${what}: ${f.ms.toFixed(0)} ms, peak RSS +${f.peakOverRest.toFixed(0)} MB over ${f.rest.toFixed(0)} MB`);
      return f;
    };

    const startRss = rssOf(pid);
    const share = cpuShare();
    const load = os.loadavg()[0];
    const proposal = `/viability/unit/viewer/${hash}/pdf`;
    const org = gestor.user.organization.id;

    const noLogo = await pdfFigure('proposal PDF, no logo (baseline)', proposal);
    const logoUpload = await uploadFigure('upload of the 10,000 × 4,000 logo (decoded, stored at 1,024 px)', () => upload(`/organization/${org}/logo`, gestor.token, logo, 'image/png'));
    const withLogo = await pdfFigure('proposal PDF, logo uploaded from 10,000 × 4,000', proposal);
    // A logo stored before the limits existed: the stored file overwritten by an 8,000 × 8,000 transparent PNG.
    const stored = (await call('GET', `/organization/${org}`, gestor.token)) as { logo: string };
    writeFileSync(path.join(dataDir, 'uploads', stored.logo.split('/').pop()!), legacy);
    const legacyLogo = await pdfFigure('proposal PDF, stored 8,000 × 8,000 logo (placeholder)', proposal);
    // The report's header draws the logo too: an ordinary one for the reports.
    await upload(`/organization/${org}/logo`, gestor.token, await sharp({ create: { width: 600, height: 200, channels: 4, background: { r: 20, g: 60, b: 160, alpha: 1 } } }).png().toBuffer(), 'image/png');

    const noPhotos = await pdfFigure('work-order report, no photos (baseline)', `/external-activity/${concluded.id}/report`, tecnico.token);
    const photoUploads = await uploadFigure('upload of ten 4,000 × 3,000 photos (one after another)', async () => {
      for (const [i, p] of photos.entries()) await upload(`/external-activity/${running.id}/photos`, tecnico.token, p, 'image/jpeg', { caption: `Foto ${i + 1}` });
    });
    // The same pipeline again (wiki images, as the manager): whether the server's memory keeps growing or levels off.
    const restAfterPhotos = rssOf(pid);
    const moreUploads = await uploadFigure('upload of the same ten photos again, as wiki images', async () => {
      for (const p of photos) await upload('/wiki/upload', gestor.token, p, 'image/jpeg');
    });
    await sleep(300);
    const restAfterMore = rssOf(pid);
    const detail = (await call('GET', `/external-activity/${running.id}`, tecnico.token)) as { checklist: { key: string; kind: string; required: boolean }[] };
    for (const item of detail.checklist) {
      const value = item.kind === 'sim_nao' ? true : item.kind === 'numero' ? 4 : item.kind === 'texto' ? 'Fusões refeitas na caixa de emenda' : null;
      if (value !== null) await call('PUT', `/external-activity/${running.id}/answers/${item.key}`, tecnico.token, { value });
    }
    const signature = await sharp({ create: { width: 900, height: 300, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
      .composite([{ input: Buffer.from('<svg width="900" height="300"><path d="M40 200 C 200 40, 300 280, 460 120 S 760 60, 860 220" stroke="black" stroke-width="6" fill="none"/></svg>') }])
      .png()
      .toBuffer();
    await call('PUT', `/external-activity/${running.id}/signature`, tecnico.token, { name: 'Síndico do condomínio', image: `data:image/png;base64,${signature.toString('base64')}` });
    await call('POST', `/external-activity/${running.id}/finish`, tecnico.token, {});
    await sleep(1000); // the report e-mailed after the conclusion, if any, out of the way
    const withPhotos = await pdfFigure('work-order report, ten 12 MP photos', `/external-activity/${running.id}/report`, tecnico.token);

    const ratio = (f: Figure, b: Figure) => `${(f.ms / b.ms).toFixed(1)}×`;
    const verdict = (f: Figure) => (f.ms < GOAL_MS && f.peakOverRest < GOAL_MB ? 'yes' : '**no**');
    const row = (f: Figure, b?: Figure) =>
      `| ${f.what} | ${f.ms.toFixed(0)} | ${b ? ratio(f, b) : '—'} | ${f.peakOverRest.toFixed(0)} | ${f.bytes !== undefined ? (f.bytes / 1024).toFixed(0) : '—'} | ${b ? verdict(f) : '—'} |`;
    const lines = [
      `Run: ${new Date().toUTCString()}; ${os.cpus().length} vCPU ${os.cpus()[0]?.model ?? ''}, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB; Node ${process.version}; sharp ${sharp.versions.sharp} (libvips ${sharp.versions.vips}); PGlite; load average ${load.toFixed(1)}, this runner got ${(share * 100).toFixed(0)}% of a core.`,
      `Images: logo 10,000 × 4,000 PNG ${(logo.length / MB).toFixed(2)} MB; ten 4,000 × 3,000 JPEG photos of ${(photos.reduce((a, p) => a + p.length, 0) / MB).toFixed(1)} MB in all; the stored-before-the-limits logo 8,000 × 8,000 PNG ${(legacy.length / 1024).toFixed(0)} KB. PDFs: median of ${REPEAT} after a warm-up. Server RSS ${(startRss / MB).toFixed(0)} MB before the first figure, ${(rssOf(pid) / MB).toFixed(0)} MB at the end.`,
      '',
      `| what | time (ms) | time vs baseline | server peak RSS above rest (MB) | PDF (KB) | under ${GOAL_MS} ms and ${GOAL_MB} MB |`,
      '|---|---|---|---|---|---|',
      row(noLogo),
      row(withLogo, noLogo),
      row(legacyLogo, noLogo),
      row(noPhotos),
      row(withPhotos, noPhotos),
      `| ${logoUpload.what} | ${logoUpload.ms.toFixed(0)} | — | ${logoUpload.peakOverRest.toFixed(0)} | — | — |`,
      `| ${photoUploads.what} | ${photoUploads.ms.toFixed(0)} (${(photoUploads.ms / 10).toFixed(0)} each) | — | ${photoUploads.peakOverRest.toFixed(0)} | — | — |`,
      `| ${moreUploads.what} | ${moreUploads.ms.toFixed(0)} (${(moreUploads.ms / 10).toFixed(0)} each) | — | ${moreUploads.peakOverRest.toFixed(0)} | — | — |`,
      '',
      `Server RSS at rest: ${(photoUploads.rest).toFixed(0)} MB before the photo uploads, ${(restAfterPhotos / MB).toFixed(0)} MB after the first ten, ${(restAfterMore / MB).toFixed(0)} MB after ten more (what the allocator keeps after the first decodes, then level).`,
      '',
    ];
    publishReport(lines.join('\n'), started, log);
  } finally {
    if (api) await stopServer(api.child);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
