import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The API package folder (`apps/api`): the nearest folder above this module's file that holds a
 * package.json. Files the server reads at runtime (migrations, reference data, the built web app)
 * are resolved from it rather than from the module's own folder, because the module is
 * `src/core/api-root.ts` when run from source and `dist/server/main.js` once bundled, at other depths.
 */
export const API_ROOT = packageRoot(path.dirname(fileURLToPath(import.meta.url)));

function packageRoot(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, 'package.json'))) return dir;
    if (path.dirname(dir) === dir) throw new Error(`package.json not found above ${from}`);
  }
}
