/**
 * Builds the API server ahead of time: `src/main.ts` and the workspace packages it imports (TypeScript
 * source, e.g. `@operacoes/contract`) bundled into one ES module, `dist/server/main.js`, with its source
 * map (run with `node --enable-source-maps` so stack traces name the .ts lines). npm packages stay
 * external: native modules (argon2, sharp) and PGlite's wasm are loaded from node_modules as usual.
 * Files read at runtime (migrations, IBGE reference data, the built web app) are resolved from the
 * API package folder (`src/core/api-root.ts`), so the output must stay inside apps/api.
 *
 * `node scripts/build.mjs [outdir]` (default dist/server; the test builds into a folder of its own).
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const apiDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outdir = path.resolve(process.argv[2] ?? path.join(apiDir, 'dist/server'));

if (path.relative(apiDir, outdir).startsWith('..')) {
  // Outside apps/api neither node_modules nor the API folder (api-root.ts) would be found from the bundle.
  console.error(`build: the output must be inside ${apiDir} (got ${outdir})`);
  process.exit(1);
}

/** Bare imports stay external, except our own workspace packages, which are TypeScript source. */
const externalPackages = {
  name: 'external-packages',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith('@operacoes/')) return undefined;
      return { path: args.path, external: true };
    });
  },
};

const started = Date.now();
const result = await build({
  entryPoints: [path.join(apiDir, 'src/main.ts')],
  outdir,
  bundle: true,
  platform: 'node',
  // ESM: main.ts awaits at top level, and modules use import.meta.url (the package's "type" is "module").
  format: 'esm',
  target: 'node24',
  sourcemap: true,
  // Source map paths relative to the map, which node resolves back to the .ts files in place.
  sourcesContent: false,
  plugins: [externalPackages],
  tsconfig: path.join(apiDir, 'tsconfig.json'),
  logLevel: 'warning',
  metafile: true,
});

// The folders the server reads at runtime, from the same root the bundle resolves them from.
for (const needed of ['drizzle/meta/_journal.json', 'reference/ibge/municipios.csv']) {
  if (!existsSync(path.join(apiDir, needed))) {
    console.error(`build: ${needed} is missing under ${apiDir}; the server reads it at runtime`);
    process.exit(1);
  }
}
const bytes = Object.values(result.metafile.outputs).reduce((sum, o) => sum + o.bytes, 0);
console.log(`API built into ${path.relative(process.cwd(), outdir) || '.'} in ${Date.now() - started} ms (${(bytes / 1024).toFixed(0)} KB with the source map)`);
