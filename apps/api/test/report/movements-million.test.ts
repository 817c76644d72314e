import { closeSync, createReadStream, fstatSync, openSync, readSync } from 'node:fs';
import path from 'node:path';
import http from 'node:http';
import v8 from 'node:v8';
import vm from 'node:vm';
import { createInflateRaw } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { exportsDir } from '../../src/modules/report/jobs';
import { reportExportJobs } from '../../src/modules/report/schema';
import { createTestApp, type TestApp } from '../helpers';
import { place } from '../warehouse/helpers';

/**
 * A 1,000,000-row movements XLSX export keeps the server's memory flat. The rows are
 * inserted with SQL, the export runs as a background job (above the threshold) in this process,
 * and RSS and heap are sampled while it runs: both stay under 200 MB above rest. The finished file
 * is then downloaded over a real socket and adds under 150 MB (client and server share this
 * process). On PGlite (single-threaded WebAssembly) the same test runs on 150,000 rows, still above
 * the job threshold; PostgreSQL (CI) runs the full million.
 */
const ROWS = process.env.TEST_DATABASE_URL ? 1_000_000 : 150_000;

// A forced collection, without asking vitest for --expose-gc: the flag set at run time and the
// function taken from a fresh context.
v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc') as () => void;
const MB = 1024 * 1024;

describe(`movements export of ${ROWS.toLocaleString('en')} rows`, () => {
  let t: TestApp;
  let user: Awaited<ReturnType<TestApp['createUser']>>;

  beforeAll(async () => {
    t = await createTestApp();
    const org = await t.createOrganization('Org Milhão');
    const p = await place(t, org);
    user = await t.createUser({ permissions: ['PATRIMONY_HISTORY'], organizationId: org });
    // Foreign keys are checked by triggers; the rows name valid ids, so the insert skips them (superuser session setting).
    const t0 = performance.now();
    await t.app.db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.execute(sql`
      insert into movement (organization_id, type, product_id, quantity, to_stock_id, to_section_id, user_id, reason, document, created_at)
      select ${org}, (array['entrada','saida','transferencia','ajuste'])[1 + g % 4], ${p.consumableProductId}, 1 + (g % 7) * 0.5,
             ${p.stockId}, ${p.sectionId}, ${user.id}, 'Linha ' || g, 'NF ' || (g % 1000), timestamptz '2025-01-01 00:00:00-03' + g * interval '20 seconds'
      from generate_series(1, ${ROWS}) g`);
    });
    await t.app.db.execute(sql`analyze movement`);
    console.log(`inserted ${ROWS} movements in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  }, 300_000);
  afterAll(async () => t?.close());

  /**
   * Samples this process's memory until stopped. What the export holds is measured as live memory
   * (heap + buffers) right after a forced collection, every second: a peak of raw usage also counts
   * garbage not yet collected, which grows when the machine is busy and the collector's background
   * threads wait for a core, so a check on it passed or failed with the machine's load. RSS is
   * sampled raw every 25 ms and bounded loosely: it catches a file held whole, not the allocator's moods.
   */
  /** Memory at rest: two collections apart, so that buffers freed by the first one's finalizers are gone too. */
  async function settled() {
    gc();
    await new Promise((r) => setTimeout(r, 100));
    gc();
    return process.memoryUsage();
  }

  /**
   * `live` is the second highest of the collected samples (of four or more): one sample may catch a burst of chunks
   * in flight between the stream's stages (more of them when a busy machine slows the consumer),
   * while a file held whole is held across every sample after it grew, so it still shows.
   */
  function sampler() {
    let rss = 0;
    const lives: number[] = [];
    const raw = () => (rss = Math.max(rss, process.memoryUsage().rss));
    const collected = () => {
      gc();
      const m = process.memoryUsage();
      lives.push(m.heapUsed + m.external);
      rss = Math.max(rss, m.rss);
    };
    collected();
    const rawTimer = setInterval(raw, 25);
    const gcTimer = setInterval(collected, 1000);
    return () => {
      clearInterval(rawTimer);
      clearInterval(gcTimer);
      collected();
      const sorted = [...lives].sort((a, b) => b - a);
      // A short run (a fast download) has too few samples to leave one out: its highest counts.
      return { rss, live: sorted.length >= 4 ? sorted[1] : sorted[0] };
    };
  }

  it('streams the XLSX through a background job and a download with flat memory', async () => {
    // Warm up the code paths, then take the rest level.
    expect((await t.call('GET', '/api/report/movements/export?format=xlsx&to=2025-01-01', user.token)).statusCode).toBe(200);
    const rest = await settled();
    const restLive = rest.heapUsed + rest.external;

    const stop = sampler();
    const t0 = performance.now();
    const res = await t.call('GET', '/api/report/movements/export?format=xlsx', user.token);
    expect(res.statusCode, res.body).toBe(202);
    const started = res.json() as { id: number; rows_total: number };
    expect(started.rows_total).toBe(ROWS);
    let job: { status: string; rows_written: number; download_url: string | null };
    const progress: number[] = [];
    for (;;) {
      job = (await t.call('GET', `/api/report/job/${started.id}`, user.token)).json();
      progress.push(job.rows_written);
      if (job.status !== 'running') break;
      await new Promise((r) => setTimeout(r, 250));
    }
    const jobMs = performance.now() - t0;
    const exportPeak = stop();
    expect(job.status).toBe('done');
    expect(job.rows_written).toBe(ROWS);
    // Progress was visible while it ran: some sample between none and all.
    expect(progress.some((n) => n > 0 && n < ROWS)).toBe(true);

    // The download over a real socket, read as it arrives (the client is this process too).
    const beforeDownload = await settled();
    const stopDownload = sampler();
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { bytes, length } = await new Promise<{ bytes: number; length: number }>((resolve, reject) => {
      http
        .get(`${address}${job.download_url}`, { headers: { authorization: `Bearer ${user.token}` } }, (res) => {
          expect(res.statusCode).toBe(200);
          let n = 0;
          res.on('data', (c: Buffer) => (n += c.length));
          res.on('end', () => resolve({ bytes: n, length: Number(res.headers['content-length']) }));
          res.on('error', reject);
        })
        .on('error', reject);
    });
    const downloadPeak = stopDownload();
    expect(bytes).toBe(length);

    const overRss = (exportPeak.rss - rest.rss) / MB;
    const overLive = (exportPeak.live - restLive) / MB;
    const downloadRss = (downloadPeak.rss - beforeDownload.rss) / MB;
    const downloadLive = (downloadPeak.live - (beforeDownload.heapUsed + beforeDownload.external)) / MB;
    console.log(
      `${ROWS} rows: job ${(jobMs / 1000).toFixed(1)} s, file ${(bytes / MB).toFixed(1)} MB; export: live heap+buffers +${overLive.toFixed(0)} MB (RSS +${overRss.toFixed(0)} MB); download: live +${downloadLive.toFixed(0)} MB (RSS +${downloadRss.toFixed(0)} MB)`,
    );
    // The sheet's XML alone is hundreds of MB and the file tens: an export or a download that
    // held either whole would be far above these; a streaming one holds a few batches.
    expect(overLive).toBeLessThan(50);
    expect(downloadLive).toBeLessThan(50);
    expect(overRss).toBeLessThan(400);
    expect(downloadRss).toBeLessThan(400);

    // The file is a valid workbook: its sheet, inflated as a stream, has the header and every row, the oldest last.
    const [row] = await t.app.db.select().from(reportExportJobs).where(eq(reportExportJobs.id, started.id));
    const file = path.join(exportsDir(t.app), row.stored_as!);
    const { offset, compressed } = sheetEntry(file);
    let rows = 0;
    let tail = '';
    const inflate = createReadStream(file, { start: offset, end: offset + compressed - 1 }).pipe(createInflateRaw());
    for await (const chunk of inflate as AsyncIterable<Buffer>) {
      const text = tail + chunk.toString('latin1');
      rows += text.split('<row ').length - 1;
      tail = text.slice(-200);
      rows -= tail.split('<row ').length - 1; // counted again with the next chunk
    }
    rows += tail.split('<row ').length - 1;
    expect(rows).toBe(ROWS + 1);
    expect(tail).toContain('Linha 1<');
    expect(tail).toContain('</worksheet>');
  }, 300_000);
});

/** Where the sheet's deflated bytes are: the central directory (read from the file's end) names its local header, whose length gives the data's start. */
function sheetEntry(file: string): { offset: number; compressed: number } {
  const fd = openSync(file, 'r');
  try {
    const size = fstatSync(fd).size;
    const read = (at: number, length: number) => {
      const b = Buffer.alloc(length);
      readSync(fd, b, 0, length, at);
      return b;
    };
    const tail = read(Math.max(0, size - 4096), Math.min(size, 4096));
    const end = tail.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
    const cd = read(tail.readUInt32LE(end + 16), tail.readUInt32LE(end + 12));
    for (let at = 0; at < cd.length; ) {
      const nameLength = cd.readUInt16LE(at + 28);
      if (cd.subarray(at + 46, at + 46 + nameLength).toString() === 'xl/worksheets/sheet1.xml') {
        const local = cd.readUInt32LE(at + 42);
        const head = read(local, 30);
        return { offset: local + 30 + head.readUInt16LE(26) + head.readUInt16LE(28), compressed: cd.readUInt32LE(at + 20) };
      }
      at += 46 + nameLength + cd.readUInt16LE(at + 30) + cd.readUInt16LE(at + 32);
    }
    throw new Error('no sheet in the workbook');
  } finally {
    closeSync(fd);
  }
}
