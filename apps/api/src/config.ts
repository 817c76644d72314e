import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** Every setting of the API, read from the environment (documented in the README). */
export type Config = {
  port: number;
  host: string;
  dataDir: string;
  /** Unset: embedded PGlite in `dataDir/pglite`. */
  databaseUrl?: string;
  /** Parameterised statements parsed once per connection under a name (core/db.ts); false behind a pooler that cannot keep them (transaction pooling before PgBouncer 1.21). */
  databaseNamedStatements: boolean;
  jwtSecret: string;
  /** Encrypts data-source credentials at rest (`DATA_SOURCE_KEY`; generated into DATA_DIR when unset). */
  dataSourceKey: string;
  /** Hosts, addresses or CIDR ranges inside the operator's network that data sources may reach (`DATA_SOURCE_ALLOWED_HOSTS`). */
  dataSourceAllowedHosts: string[];
  adminUsername: string;
  adminPassword?: string;
  smtpUrl?: string;
  mailFrom: string;
  publicUrl: string;
  tinymceKey: string;
  webDist?: string;
  /**
   * argon2id cost; tuned so one login costs 50–150 ms of CPU (see docs/benchmarks.md). 19 MiB × 18 passes
   * rather than 46 MiB × 6: the same CPU, a larger memory × passes product for an attacker (342 against 276),
   * and a quarter of the kernel's work per hash, which at 46 MiB slowed every request answered beside a login
   * (docs/load.md).
   */
  argon2: { memoryCost: number; timeCost: number };
  rateLimit: { perIpPerMinute: number; perUsernamePerWindow: number; usernameWindowMs: number };
  /** Requests per IP per minute on the public links (receiving confirmation, viability viewer), whose hash is the credential. */
  publicLinkPerIpPerMinute: number;
  logLevel: string;
  /**
   * Which peers may set X-Forwarded-For/-Proto/-Host (`TRUST_PROXY`, given to Fastify's
   * `trustProxy`): off by default, so a client cannot pick its own address for the login limits.
   */
  trustProxy: boolean | number | string;
};

/** `TRUST_PROXY`: unset/`false` → off; `true` → any peer; `2` → that many hops; else a comma list of addresses/CIDRs. */
export function parseTrustProxy(value: string | undefined): boolean | number | string {
  const v = (value ?? '').trim();
  if (v === '' || v.toLowerCase() === 'false' || v === '0') return false;
  if (v.toLowerCase() === 'true') return true;
  if (/^\d+$/.test(v)) return Number(v);
  return v
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
    .join(',');
}

function secretFromDataDir(dataDir: string, name = 'jwt-secret'): string {
  const file = path.join(dataDir, name);
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

const int = (v: string | undefined, d: number) => (v && /^\d+$/.test(v) ? Number(v) : d);

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const dataDir = path.resolve(env.DATA_DIR ?? './data');
  const port = int(env.PORT, 3000);
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    dataDir,
    databaseUrl: env.DATABASE_URL || undefined,
    databaseNamedStatements: env.DATABASE_NAMED_STATEMENTS?.toLowerCase() !== 'false',
    jwtSecret: env.JWT_SECRET || overrides.jwtSecret || secretFromDataDir(dataDir),
    dataSourceKey: env.DATA_SOURCE_KEY || overrides.dataSourceKey || secretFromDataDir(dataDir, 'data-source-key'),
    dataSourceAllowedHosts: (env.DATA_SOURCE_ALLOWED_HOSTS ?? '').split(',').map((h) => h.trim()).filter(Boolean),
    adminUsername: env.APP_ADMIN_USERNAME || 'admin',
    adminPassword: env.APP_ADMIN_PASSWORD || undefined,
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM || 'Operações <nao-responda@operacoes.local>',
    publicUrl: (env.PUBLIC_URL || `http://localhost:${port}`).replace(/\/$/, ''),
    tinymceKey: env.TINYMCE_KEY || 'gpl',
    webDist: env.WEB_DIST,
    argon2: { memoryCost: int(env.ARGON2_MEMORY_KIB, 19456), timeCost: int(env.ARGON2_TIME_COST, 18) },
    rateLimit: {
      perIpPerMinute: int(env.LOGIN_RATE_LIMIT_PER_IP, 30),
      perUsernamePerWindow: int(env.LOGIN_RATE_LIMIT_PER_USERNAME, 10),
      usernameWindowMs: 5 * 60_000,
    },
    publicLinkPerIpPerMinute: int(env.PUBLIC_LINK_RATE_LIMIT_PER_IP, 60),
    logLevel: env.LOG_LEVEL || 'info',
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    ...overrides,
  };
}
