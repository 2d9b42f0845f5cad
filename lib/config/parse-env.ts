import { isIP } from 'node:net';
import { z } from 'zod';
import { formatZodIssues } from '@/lib/contract/zod-issues';
import { MIN_MEMORY_BUDGET_MB, REFERENCE_BUDGET_MB } from './cache-limits';

// Parsing the server configuration with zod (docs/ARCHITECTURE.md#security: secrets stay on the
// server). The process's own parsed configuration is held by ./env, marked server-only; this half
// holds no setting, so the start-up check (instrumentation.ts, where a server-only mark cannot go)
// can parse the environment too.

/** Documented demo defaults: used only while the embedded service is the upstream. */
export const DEMO = {
  appKey: 'demo-app-key',
  appSecret: 'demo-app-secret',
  dashboardPassword: 'demo',
  /** The demo owner's email (the sign-in page shows it in demo mode). */
  ownerEmail: 'owner@demo.example',
  sessionSecret: 'demo-session-secret-change-me-0123456789abcdef',
  /** Seals the demo's connections (to the embedded service only: a real key needs SECRETS_KEY). */
  secretsKey: 'ZGVtby1zZWNyZXRzLWtleS1jaGFuZ2UtbWUtMDEyMzQ=',
} as const;

const optionalString = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .optional();

const positiveInt = (fallback: number) =>
  z
    .string()
    .trim()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v === '') return fallback;
      const n = Number(v);
      if (!Number.isInteger(n) || n <= 0) {
        ctx.addIssue({ code: 'custom', message: 'must be a positive integer' });
        return z.NEVER;
      }
      return n;
    });

/** Unset → SQLite under DATA_DIR; otherwise a PostgreSQL URL (lib/db/open-database). */
const postgresUrl = z
  .string()
  .regex(/^postgres(ql)?:\/\//i, { error: 'must start with postgres:// or postgresql:// (unset it for SQLite)' })
  .optional();

const rawEnvSchema = z.object({
  NODE_ENV: optionalString,
  PORT: positiveInt(3000),
  UPSTREAM_BASE_URL: optionalString.pipe(z.url({ protocol: /^https?$/ }).optional()),
  UPSTREAM_APP_KEY: optionalString,
  UPSTREAM_APP_SECRET: optionalString,
  UPSTREAM_RATE_LIMIT_PER_MINUTE: positiveInt(60),
  UPSTREAM_TIMEOUT_MS: positiveInt(10_000),
  DASHBOARD_PASSWORD: optionalString,
  OWNER_EMAIL: optionalString.pipe(z.email({ error: 'must be an email address' }).optional()),
  OWNER_PASSWORD: optionalString,
  SESSION_SECRET: optionalString,
  METRICS_TOKEN: optionalString,
  SESSION_COOKIE_SECURE: z.enum(['auto', 'false']).optional(),
  DATABASE_URL: optionalString.pipe(postgresUrl),
  SERVICE_DATABASE_URL: optionalString.pipe(postgresUrl),
  REDIS_URL: optionalString.pipe(
    z.url({ protocol: /^rediss?$/, error: 'must be a redis:// or rediss:// URL' }).optional(),
  ),
  // Addresses of the reverse proxies whose X-Forwarded-For is believed (sign-in throttle).
  TRUSTED_PROXY: optionalString
    .transform((v) =>
      v === undefined
        ? []
        : v
            .split(',')
            .map((part) => part.trim().toLowerCase())
            .filter(Boolean),
    )
    .pipe(
      z.array(z.string().refine((a) => isIP(a) !== 0, { error: 'must be a comma-separated list of IP addresses' })),
    ),
  SERVICE_RATE_LIMIT_PER_MINUTE: positiveInt(60),
  SERVICE_IP_RATE_LIMIT_PER_MINUTE: positiveInt(600),
  // Email (invitations and password resets): off unless SMTP_URL is set.
  SMTP_URL: optionalString.pipe(
    z.url({ protocol: /^smtps?$/, error: 'must be an smtp:// or smtps:// URL' }).optional(),
  ),
  MAIL_FROM: optionalString.pipe(z.email({ error: 'must be an email address' }).optional()),
  // The dashboard's address as people open it, for links in emails (else the request's own origin).
  PUBLIC_URL: optionalString.pipe(z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional()),
  // The key that seals the stored connections' secrets (lib/secrets), and the keys it replaced.
  SECRETS_KEY: optionalString,
  SECRETS_KEY_PREVIOUS: optionalString,
  // The resident memory this process is meant to stay within (MB): it scales every in-process
  // cache (lib/config/cache-limits) and SQLite's page cache (lib/db).
  MEMORY_BUDGET_MB: positiveInt(REFERENCE_BUDGET_MB).pipe(
    z.number().min(MIN_MEMORY_BUDGET_MB, {
      error: `must be at least ${MIN_MEMORY_BUDGET_MB} (MB): the server alone needs about 200`,
    }),
  ),
  // Alerts' Slack and webhook channels may reach private and local addresses (a LAN receiver, tests).
  WEBHOOK_ALLOW_PRIVATE: optionalString.pipe(z.enum(['true', 'false'], { error: 'must be true or false' }).optional()),
});

const MAKE_A_KEY = 'make one with `openssl rand -base64 32`';

/**
 * A secrets key as its 32 bytes: 64 hex digits, or base64 (standard or URL-safe) of 32 bytes.
 * Throws a ConfigError naming `name` and what is wrong (never the value).
 */
function decodeSecretsKey(name: string, text: string): Buffer {
  if (/^[0-9a-f]{64}$/i.test(text)) return Buffer.from(text, 'hex');
  if (/^[0-9a-f]+$/i.test(text) && text.length !== 43 && text.length !== 44)
    throw new ConfigError(
      `${name} looks like hex but has ${text.length} digits: a key is 32 bytes, 64 hex digits or 44 base64 characters (${MAKE_A_KEY}).`,
    );
  if (!/^[A-Za-z0-9+/_-]+={0,2}$/.test(text))
    throw new ConfigError(
      `${name} must be 32 random bytes written as base64 or as 64 hex digits; it holds other characters (${MAKE_A_KEY}).`,
    );
  const bytes = Buffer.from(text.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
  if (bytes.length !== 32)
    throw new ConfigError(
      `${name} must be 32 random bytes written as base64 or as 64 hex digits; it decodes to ${bytes.length} bytes (${MAKE_A_KEY}).`,
    );
  return bytes;
}

/** SECRETS_KEY and SECRETS_KEY_PREVIOUS (comma-separated) as bytes; previous keys only beside a current one. */
function secretsKeys(current: string | undefined, previous: string | undefined) {
  const older = (previous ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
  if (current === undefined && older.length > 0)
    throw new ConfigError(
      'SECRETS_KEY_PREVIOUS is set but SECRETS_KEY is not: set SECRETS_KEY to the new key, which seals from now on, and keep the old ones in SECRETS_KEY_PREVIOUS until the secrets are re-sealed.',
    );
  return {
    current: current === undefined ? null : decodeSecretsKey('SECRETS_KEY', current),
    previous: older.map((text, i) =>
      decodeSecretsKey(older.length > 1 ? `SECRETS_KEY_PREVIOUS (key ${i + 1})` : 'SECRETS_KEY_PREVIOUS', text),
    ),
  };
}

export type ServerConfig = ReturnType<typeof parseServerConfig>;

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Parses an environment; throws a ConfigError that names the variable (never its value). */
export function parseServerConfig(env: Record<string, string | undefined> = process.env) {
  const parsed = rawEnvSchema.safeParse(env);
  if (!parsed.success) {
    // The variable's name only: its value may be a secret.
    throw new ConfigError(
      `Invalid configuration: ${formatZodIssues(parsed.error, { path: 'top', root: 'environment' })}`,
    );
  }
  const e = parsed.data;
  const embedded = e.UPSTREAM_BASE_URL === undefined;
  if (!embedded) {
    const missing = (['UPSTREAM_APP_KEY', 'UPSTREAM_APP_SECRET', 'SESSION_SECRET'] as const).filter(
      (name) => e[name] === undefined,
    );
    if (missing.length > 0) {
      throw new ConfigError(`A real upstream is configured (UPSTREAM_BASE_URL), so ${missing.join(', ')} must be set.`);
    }
  }
  if (e.SMTP_URL !== undefined && e.MAIL_FROM === undefined)
    throw new ConfigError('SMTP_URL is set, so MAIL_FROM (the sender address of invitations) must be set too.');
  if (e.METRICS_TOKEN !== undefined && e.METRICS_TOKEN.length < 16)
    throw new ConfigError('METRICS_TOKEN must be at least 16 characters long.');
  // The demo (embedded service, no SECRETS_KEY) seals with a published key: connections to the
  // embedded service only (lib/server/loaders/connections refuses a real address under it).
  const demoSecretsKey = embedded && e.SECRETS_KEY === undefined && e.SECRETS_KEY_PREVIOUS === undefined;
  const secrets = secretsKeys(demoSecretsKey ? DEMO.secretsKey : e.SECRETS_KEY, e.SECRETS_KEY_PREVIOUS);
  const sessionSecret = e.SESSION_SECRET ?? DEMO.sessionSecret;
  if (sessionSecret.length < 32) throw new ConfigError('SESSION_SECRET must be at least 32 characters long.');
  return {
    production: e.NODE_ENV === 'production',
    port: e.PORT,
    /** True when the embedded service is the upstream (no UPSTREAM_BASE_URL). */
    embedded,
    upstream: {
      baseUrl: e.UPSTREAM_BASE_URL?.replace(/\/+$/, '') ?? null,
      appKey: e.UPSTREAM_APP_KEY ?? DEMO.appKey,
      appSecret: e.UPSTREAM_APP_SECRET ?? DEMO.appSecret,
      ratePerMinute: e.UPSTREAM_RATE_LIMIT_PER_MINUTE,
      timeoutMs: e.UPSTREAM_TIMEOUT_MS,
    },
    /**
     * The owner created on the first start with an empty store: OWNER_EMAIL / OWNER_PASSWORD
     * (DASHBOARD_PASSWORD, the shared password of earlier versions, stands in for the latter); the
     * demo owner with the embedded service. null: the first visitor is asked to set up the owner.
     */
    initialOwner: ((password) =>
      password
        ? { email: (e.OWNER_EMAIL ?? (embedded ? DEMO.ownerEmail : 'owner@dashboard.local')).toLowerCase(), password }
        : null)(e.OWNER_PASSWORD ?? e.DASHBOARD_PASSWORD ?? (embedded ? DEMO.dashboardPassword : undefined)),
    sessionSecret,
    /** Secure cookies in production, unless explicitly turned off for a plain-HTTP LAN setup. */
    secureCookies: e.NODE_ENV === 'production' && e.SESSION_COOKIE_SECURE !== 'false',
    databaseUrl: e.DATABASE_URL ?? null,
    serviceDatabaseUrl: e.SERVICE_DATABASE_URL ?? null,
    redisUrl: e.REDIS_URL ?? null,
    /** Invitations and reset links are emailed through this server (null: shown to copy only). */
    mail: e.SMTP_URL ? { smtpUrl: e.SMTP_URL, from: e.MAIL_FROM! } : null,
    publicUrl: e.PUBLIC_URL?.replace(/\/+$/, '') ?? null,
    /** GET /api/metrics answers only with this bearer token; null: metrics are off (404). */
    metricsToken: e.METRICS_TOKEN ?? null,
    /** X-Forwarded-For is believed only from these peers (normalized: no ::ffff: prefix). */
    trustedProxies: e.TRUSTED_PROXY.map((a) => a.replace(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/, '$1')),
    /**
     * The keys of stored connections' secrets (lib/secrets): `current` seals (null: no connection
     * can be stored), `previous` still open what they sealed until the secrets are re-sealed.
     */
    secretsKeys: secrets,
    /**
     * Alerts' Slack and webhook channels may post to loopback, private and link-local addresses
     * (lib/alerts/ssrf refuses them otherwise: a channel's URL must not reach the server's own network).
     */
    webhookAllowPrivate: e.WEBHOOK_ALLOW_PRIVATE === 'true',
    /** True while the demo's published key seals (no SECRETS_KEY with the embedded service). */
    demoSecretsKey,
    /** MEMORY_BUDGET_MB: what the caches and SQLite's page cache are sized for (lib/config/cache-limits). */
    memoryBudgetMb: e.MEMORY_BUDGET_MB,
    service: {
      ratePerMinute: e.SERVICE_RATE_LIMIT_PER_MINUTE,
      ipRatePerMinute: e.SERVICE_IP_RATE_LIMIT_PER_MINUTE,
    },
  };
}

/** Where SQLite files live when no database URL is configured (git-ignored). */
export function dataDir(env: Record<string, string | undefined> = process.env): string {
  return env.DATA_DIR?.trim() || './data';
}
