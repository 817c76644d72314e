/**
 * The browser suite as two Playwright runs side by side, each with its own server and database: the
 * accessibility sweep (tests/a11y.spec.ts: every route in both themes, read-only, a quarter of the
 * suite's time) and every other spec. The flows keep one worker (they share the demo organization's
 * records, e.g. the technician board), and the sweep no longer waits for them: the suite takes the
 * longer of the two instead of their sum. Arguments go to both runs; the exit code is the worse one.
 */
import { spawn } from 'node:child_process';

const basePort = Number(process.env.E2E_PORT ?? 3100);
const runs = [
  { name: 'fluxos', env: { E2E_PORT: String(basePort), E2E_SKIP_A11Y: '1' }, files: [] },
  { name: 'a11y', env: { E2E_PORT: String(basePort + 1) }, files: ['tests/a11y.spec.ts'] },
];

const codes = await Promise.all(
  runs.map(
    (run) =>
      new Promise((resolve) => {
        const env = { ...process.env, ...run.env };
        delete env.E2E_DATA_DIR; // each run its own fresh database (playwright.config.ts makes one)
        // Each run its own output folder: Playwright empties its folder when it starts, and the other's traces would go with it.
        const args = ['playwright', 'test', ...run.files, '--output', `test-results/${run.name}`, ...process.argv.slice(2)];
        const child = spawn('npx', args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
        const prefix = (stream, out) => {
          let rest = '';
          stream.on('data', (chunk) => {
            const lines = (rest + chunk).split('\n');
            rest = lines.pop() ?? '';
            for (const line of lines) out.write(`[${run.name}] ${line}\n`);
          });
          stream.on('end', () => rest && out.write(`[${run.name}] ${rest}\n`));
        };
        prefix(child.stdout, process.stdout);
        prefix(child.stderr, process.stderr);
        child.on('close', (code) => {
          console.log(`[${run.name}] ${code === 0 ? 'passed' : `FAILED (exit ${code})`}`);
          resolve(code ?? 1);
        });
      }),
  ),
);
process.exit(Math.max(...codes));
