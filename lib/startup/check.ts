import { accessSync, constants, mkdirSync } from 'node:fs';
import pg from 'pg';
import { probeRedis } from '@/lib/redis';
import { addressOf, failureReason } from '@/lib/config/address';
import { ConfigError, dataDir, parseServerConfig, type ServerConfig } from '@/lib/config/parse-env';

// What the server checks before it serves anyone (instrumentation.ts): every setting parses, and
// every store it is configured to use answers. A problem is reported by the variable's name (never
// its value: URLs carry passwords) and the process exits, instead of printing "Ready" and failing
// each request later with a generic error.

const CONNECT_TIMEOUT_MS = 5_000;

export async function checkRedis(url: string): Promise<string | null> {
  const failure = await probeRedis(url, CONNECT_TIMEOUT_MS);
  return failure === null ? null : `REDIS_URL: Redis at ${addressOf(url)} did not answer (${failure}).`;
}

export async function checkPostgres(name: string, url: string): Promise<string | null> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
  client.on('error', () => undefined);
  try {
    await client.connect();
    await client.query('SELECT 1');
    return null;
  } catch (error) {
    return `${name}: PostgreSQL at ${addressOf(url)} could not be used (${failureReason(error)}).`;
  } finally {
    await client.end().catch(() => undefined);
  }
}

export function checkDataDir(dir: string): string | null {
  try {
    mkdirSync(dir, { recursive: true });
    accessSync(dir, constants.W_OK);
    return null;
  } catch (error) {
    return `DATA_DIR: the SQLite folder ${dir} is not writable (${failureReason(error)}).`;
  }
}

/** Every store the configuration uses, checked at once; the problems found, in words. */
export async function checkStores(
  config: ServerConfig,
  env: Record<string, string | undefined> = process.env,
): Promise<string[]> {
  const checks: Promise<string | null>[] = [];
  if (config.redisUrl) checks.push(checkRedis(config.redisUrl));
  if (config.databaseUrl) checks.push(checkPostgres('DATABASE_URL', config.databaseUrl));
  // The embedded service's store is opened only when it is the upstream.
  if (config.embedded && config.serviceDatabaseUrl)
    checks.push(checkPostgres('SERVICE_DATABASE_URL', config.serviceDatabaseUrl));
  if (!config.databaseUrl || (config.embedded && !config.serviceDatabaseUrl))
    checks.push(Promise.resolve(checkDataDir(dataDir(env))));
  return (await Promise.all(checks)).filter((problem): problem is string => problem !== null);
}

export type StartupResult = { ok: true; config: ServerConfig } | { ok: false; problems: string[] };

/** Settings first (no point connecting with a configuration that does not parse), then stores. */
export async function checkStartup(env: Record<string, string | undefined> = process.env): Promise<StartupResult> {
  let config: ServerConfig;
  try {
    config = parseServerConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return { ok: false, problems: [error.message] };
    throw error;
  }
  const problems = await checkStores(config, env);
  return problems.length > 0 ? { ok: false, problems } : { ok: true, config };
}

export function startupFailureMessage(problems: readonly string[]): string {
  return [
    'The Shop Profit Dashboard cannot start:',
    ...problems.map((problem) => `  - ${problem}`),
    'Fix the settings above (README "Configuration") and start again.',
  ].join('\n');
}
