import { sql } from 'drizzle-orm';
import { DEFAULT_MAP_TILE_URL } from '@operacoes/contract';
import type { DbOrTx } from './db';

/**
 * The CSP source of a map tile URL template: its scheme and host, a `{s}` subdomain becoming
 * `*` (`https://{s}.tile.example.org/{z}/{x}/{y}.png` → `https://*.tile.example.org`). Null when
 * the host cannot be named by CSP (a placeholder elsewhere than its first label).
 */
export function tileSource(template: string): string | null {
  const m = /^(https?):\/\/([^/?#]+)/i.exec(template.trim());
  if (!m) return null;
  const labels = m[2].toLowerCase().split('.');
  if (labels.slice(1).some((l) => l.includes('{'))) return null;
  if (labels[0].includes('{')) labels[0] = '*';
  if (!labels.every((l) => l === '*' || /^[a-z0-9-]+(:\d+)?$/.test(l))) return null;
  return `${m[1].toLowerCase()}://${labels.join('.')}`;
}

/**
 * The hosts the maps may load tiles from: OpenStreetMap's and each organization's configured
 * template (Configurações › Viabilidade). Images from anywhere else are refused by the CSP's
 * `img-src`. Read at start, after a save of the settings, and every few minutes (other processes).
 */
export class TileSources {
  private sources = new Set<string>([tileSource(DEFAULT_MAP_TILE_URL)!]);
  private loadedAt = 0;
  private loading: Promise<void> | null = null;

  constructor(
    private readonly db: DbOrTx,
    private readonly maxAgeMs = 5 * 60_000,
  ) {}

  /** `img-src` sources: `'self' data: blob:` and the tile hosts. */
  imgSrc(): string[] {
    if (Date.now() - this.loadedAt > this.maxAgeMs) void this.refresh();
    return ["'self'", 'data:', 'blob:', ...this.sources];
  }

  refresh(): Promise<void> {
    this.loading ??= (async () => {
      try {
        const { rows } = await this.db.execute(sql`select distinct settings->'viability'->>'map_tile_url' as url from organization where settings->'viability'->>'map_tile_url' is not null`);
        const next = new Set<string>([tileSource(DEFAULT_MAP_TILE_URL)!]);
        for (const r of rows as { url: string }[]) {
          const s = tileSource(r.url);
          if (s) next.add(s);
        }
        this.sources = next;
        this.loadedAt = Date.now();
      } catch {
        // The database is away: keep the sources we had and try again on a later request.
      } finally {
        this.loading = null;
      }
    })();
    return this.loading;
  }
}
