import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import pg from 'pg';
import { NEXT_BIN, spawnLogged, waitForHttp, type Spawned } from '../../e2e/support/spawn-app';
// @ts-expect-error -- plain JavaScript start script, no types
import { serverEnv, serverNodeFlags } from '../../../scripts/server-memory.mjs';

// bench:scale's deployment, as deploy/README.md describes it: nginx (deploy/nginx/shop-profit.conf)
// in front of two instances of the production build started from deploy/dashboard.env, one
// PostgreSQL database and one Redis database for both. Only addresses, ports and secrets differ
// from the files; everything else is read from them, so the bench serves what an operator copies.

const DEPLOY = 'deploy';

/** `KEY=value` lines of an env file (comments and blank lines skipped). */
function readEnvFile(path: string): Record<string, string> {
  const env: Record<string, string> = {};
  for (const line of readFileSync(path, 'utf8').split('\n')) {
    const match = /^([A-Z][A-Z0-9_]*)=(.*)$/.exec(line.trim());
    if (match) env[match[1]!] = match[2]!;
  }
  return env;
}

/**
 * deploy/nginx/shop-profit.conf with the lines marked `# bench:` pointed at this machine: the
 * instances' addresses (in order), the port nginx listens on and the access log's path.
 */
export function renderSiteConf(instances: readonly string[], port: number, accessLog: string): string {
  let next = 0;
  const lines = readFileSync(join(DEPLOY, 'nginx', 'shop-profit.conf'), 'utf8').split('\n');
  const out = lines.map((line) => {
    if (!line.includes('# bench:')) return line;
    if (/^\s*server\s/.test(line)) return line.replace(/server\s+\S+/, `server ${instances[next++]}`);
    if (/^\s*listen\s/.test(line)) return line.replace(/listen\s+\d+/, `listen 127.0.0.1:${port}`);
    if (/^\s*access_log\s/.test(line)) return line.replace(/access_log\s+\S+/, `access_log ${accessLog}`);
    throw new Error(`deploy/nginx/shop-profit.conf: no rule for the bench's line "${line.trim()}"`);
  });
  if (next !== instances.length)
    throw new Error(`deploy/nginx/shop-profit.conf names ${next} instances; the bench starts ${instances.length}`);
  return out.join('\n');
}

/**
 * Debian's nginx.conf with the one change deploy/README.md asks for (worker_connections, for the
 * people's keep-alive connections plus the upstream ones), its paths in the run's directory.
 */
function mainConf(dir: string): string {
  return `worker_processes auto;
pid ${dir}/nginx.pid;
error_log ${dir}/nginx-error.log warn;
worker_rlimit_nofile 16384;
events { worker_connections 4096; }
http {
  sendfile on;
  tcp_nopush on;
  types_hash_max_size 2048;
  default_type application/octet-stream;
  gzip on;
  client_body_temp_path ${dir}/client-body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  include ${dir}/shop-profit.conf;
}
`;
}

function nginxBinary(): string {
  const candidates = [process.env.NGINX_BIN, '/usr/sbin/nginx', '/usr/local/sbin/nginx', '/usr/local/nginx/sbin/nginx'];
  const found = candidates.find((c): c is string => Boolean(c && existsSync(c)));
  if (!found)
    throw new Error('bench:scale needs nginx (Debian: apt-get install -y nginx), or NGINX_BIN naming its binary');
  return found;
}

/** nginx as a child of this process with the run's own configuration (not the system's service). */
export async function startNginx(dir: string, instances: readonly string[], port: number): Promise<Spawned> {
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'shop-profit.conf'), renderSiteConf(instances, port, join(dir, 'access.log')));
  writeFileSync(join(dir, 'nginx.conf'), mainConf(dir));
  const bin = nginxBinary();
  const args = ['-p', dir, '-c', join(dir, 'nginx.conf'), '-e', join(dir, 'nginx-error.log')];
  const check = spawnSync(bin, [...args, '-t'], { encoding: 'utf8' });
  if (check.status !== 0) throw new Error(`nginx -t refused the configuration:\n${check.stderr}`);
  const nginx = spawnLogged(bin, [...args, '-g', 'daemon off;'], {});
  const deadline = Date.now() + 10_000;
  for (;;) {
    try {
      await fetch(`http://127.0.0.1:${port}/api/health`);
      return nginx;
    } catch {
      if (Date.now() > deadline || nginx.process.exitCode !== null)
        throw new Error(`nginx did not start:\n${nginx.output()}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }
}

/** A database of its own on the local PostgreSQL, dropped by the returned function. */
export async function createDatabase(
  adminUrl: string,
  name: string,
): Promise<{ url: string; drop: () => Promise<void> }> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const again = new pg.Client({ connectionString: adminUrl });
      await again.connect();
      await again.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await again.end();
    },
  };
}

/**
 * A Redis database nobody uses (the highest empty index), so the instances' keys (`spd:…`) meet no
 * other checkout's; emptied again by the returned function.
 */
export async function emptyRedisDatabase(baseUrl: string): Promise<{ url: string; flush: () => Promise<void> }> {
  for (let db = 15; db >= 1; db--) {
    const url = new URL(baseUrl);
    url.pathname = `/${db}`;
    const redis = new Redis(url.toString(), { maxRetriesPerRequest: 1 });
    try {
      if ((await redis.dbsize()) === 0) {
        // Claim it at once, so a second run picking an empty database skips this one.
        await redis.set('bench-scale:claimed', String(process.pid));
        return {
          url: url.toString(),
          flush: async () => {
            const again = new Redis(url.toString(), { maxRetriesPerRequest: 1 });
            await again.flushdb();
            again.disconnect();
          },
        };
      }
    } finally {
      redis.disconnect();
    }
  }
  throw new Error(`no empty Redis database at ${new URL(baseUrl).host} (1–15 all hold keys)`);
}

export interface InstanceSettings {
  upstream: string;
  databaseUrl: string;
  redisUrl: string;
  trustedProxy: string;
  publicUrl: string;
  ownerEmail: string;
  ownerPassword: string;
  metricsToken: string;
  dataDir: string;
}

/** deploy/dashboard.env with this run's addresses and secrets: the same for every instance. */
export function instanceEnv(s: InstanceSettings): { env: Record<string, string>; replaced: string[] } {
  const file = readEnvFile(join(DEPLOY, 'dashboard.env'));
  const ours: Record<string, string> = {
    UPSTREAM_BASE_URL: s.upstream,
    UPSTREAM_APP_KEY: 'demo-app-key',
    UPSTREAM_APP_SECRET: 'demo-app-secret',
    SESSION_SECRET: randomBytes(32).toString('hex'),
    SECRETS_KEY: randomBytes(32).toString('base64'),
    OWNER_EMAIL: s.ownerEmail,
    OWNER_PASSWORD: s.ownerPassword,
    DATABASE_URL: s.databaseUrl,
    REDIS_URL: s.redisUrl,
    TRUSTED_PROXY: s.trustedProxy,
    PUBLIC_URL: s.publicUrl,
    METRICS_TOKEN: s.metricsToken,
  };
  const unknown = Object.keys(ours).filter((k) => !(k in file));
  if (unknown.length > 0) throw new Error(`deploy/dashboard.env no longer sets ${unknown.join(', ')}`);
  // Nothing inherited from the shell that runs the bench, and no SQLite directory shared by chance.
  return {
    env: { ...file, ...ours, DATA_DIR: s.dataDir, DASHBOARD_PASSWORD: '', SERVICE_DATABASE_URL: '' },
    replaced: Object.keys(ours),
  };
}

export interface Instance {
  name: string;
  port: number;
  address: string;
  app: Spawned;
}

/** Both instances at once, as a service manager starts them (they race for the migrations and the owner). */
export async function startInstances(
  names: readonly string[],
  ports: readonly number[],
  envOf: (name: string) => Record<string, string>,
  started: (app: Spawned) => void,
): Promise<Instance[]> {
  return Promise.all(
    names.map(async (name, i) => {
      const port = ports[i]!;
      const env = envOf(name);
      // The command deploy/README.md runs on each machine (`next start`, here on the loopback).
      const app = spawnLogged(
        process.execPath,
        [...serverNodeFlags(env), NEXT_BIN, 'start', '-H', '127.0.0.1', '-p', String(port)],
        serverEnv({ ...env, DATA_DIR: join(env.DATA_DIR!, name) }) as Record<string, string>,
      );
      started(app);
      await waitForHttp(`http://127.0.0.1:${port}/api/health`, app);
      // In the balancer only once ready: its store answers with every migration applied, Redis answers.
      const deadline = Date.now() + 60_000;
      while ((await fetch(`http://127.0.0.1:${port}/api/ready`)).status !== 200) {
        if (Date.now() > deadline) throw new Error(`instance ${name} was not ready within 60 s:\n${app.output()}`);
        await new Promise((r) => setTimeout(r, 250));
      }
      return { name, port, address: `127.0.0.1:${port}`, app };
    }),
  );
}
