// `npm run bench:scale`: many people on two instances behind a real balancer, then one instance
// killed. The deployment of deploy/README.md on this machine: nginx (deploy/nginx/shop-profit.conf,
// run as this process's child with its own configuration) in front of two production instances
// started from deploy/dashboard.env, one PostgreSQL database and one Redis database for both, and
// the standalone Reporting Service at its real limit (60 requests a minute) as their upstream,
// through a proxy that notes which instance asked for what.
//
// 1. Steady: BENCH_SCALE_PEOPLE (1,000) people, each signed in with their own session, browse the
//    realistic mix (tests/bench/people.ts) on three shops whose last 30 days are stored, thinking
//    10–30 s between requests, for BENCH_SCALE_SECONDS (600). Goals: 0 errors, p95 ≤ 300 ms per
//    view, both instances used (nginx's log says which answered).
// 2. The kill test: instance A starts a year's sync of the largest shop and is killed (SIGKILL)
//    after BENCH_SCALE_KILL_PAGES pages while the people go on. Goals: ≤ 1 % of the requests in
//    flight or sent during the switch (the minute after the kill) fail; no session is lost (0 × 401);
//    instance B resumes the sync from A's checkpoint (never asking again for a page A stored) and
//    finishes it; nothing is lost: every day's order count and the settled days' SKU report equal
//    the oracle's recount of the service's raw orders.
//
// Needs nginx (Debian: apt-get install -y nginx; or NGINX_BIN), PostgreSQL (BENCH_DATABASE_URL or
// TEST_DATABASE_URL: a role that may create databases) and Redis (BENCH_REDIS_URL or
// TEST_REDIS_URL); installs nothing. Ports BENCH_SCALE_PORT (4660) … +7. Not part of `npm test`.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
// @ts-expect-error -- plain JavaScript build script, no types
import { buildProduction, builtFingerprint, sourceFingerprint } from '../../scripts/build-fingerprint.mjs';
import { startService, type Spawned } from '../e2e/support/spawn-app';
import { browse, pause, REALISTIC_MIX, type Sample } from './people';
import { startUpstreamProxy, type UpstreamProxy } from './upstream-proxy';
import {
  createDatabase,
  emptyRedisDatabase,
  instanceEnv,
  startInstances,
  startNginx,
  type Instance,
} from './scale/topology';
import { readAccessLog } from './scale/nginx-log';
import { checkTrustedProxy, dashboard, signInPeople, syncStored, warmUp } from './scale/session';
import { killTest, type KillResult } from './scale/kill-test';
import { printKill, printSteady, type Machine } from './scale/report';

const PEOPLE = Number(process.env.BENCH_SCALE_PEOPLE ?? 1_000);
const SECONDS = Number(process.env.BENCH_SCALE_SECONDS ?? 600);
const KILL = process.env.BENCH_SCALE_KILL !== '0';
const PORT = Number(process.env.BENCH_SCALE_PORT ?? 4660);
const ports = {
  nginx: PORT,
  a: PORT + 1,
  b: PORT + 2,
  service: PORT + 3,
  upstreamA: PORT + 4,
  upstreamB: PORT + 5,
  oracle: PORT + 6,
};
const ADMIN_DB = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
const REDIS = process.env.BENCH_REDIS_URL ?? process.env.TEST_REDIS_URL;
const KEEP = process.env.BENCH_SCALE_KEEP === '1';
/** Every process the bench started, stopped in reverse order at the end. */
const running: Spawned[] = [];

async function main() {
  if (!ADMIN_DB || !REDIS)
    throw new Error('bench:scale needs PostgreSQL and Redis: set BENCH_DATABASE_URL and BENCH_REDIS_URL (or TEST_…)');
  const machine: Machine = {
    node: process.version,
    cores: availableParallelism(),
    cpu: cpus()[0]?.model ?? 'unknown CPU',
    started: new Date(),
    load: [loadavg()[0]!],
  };
  console.log(
    `bench:scale on Node ${machine.node}, ${machine.cores} cores (${machine.cpu}), ${machine.started.toISOString()}, load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  if (builtFingerprint() !== sourceFingerprint()) {
    console.log('Building the production app first (not timed)…');
    if (buildProduction() !== 0) throw new Error('the production build failed');
  }
  const dir = mkdtempSync(join(tmpdir(), 'bench-scale-'));
  const cleanups: (() => Promise<unknown>)[] = [];
  const processes = running;
  let instances: Instance[] = [];
  try {
    const database = await createDatabase(ADMIN_DB, `spd_scale_${process.pid}_${Date.now().toString(36)}`);
    cleanups.push(database.drop);
    const redis = await emptyRedisDatabase(REDIS);
    cleanups.push(redis.flush);
    processes.push(await startService(ports.service, { DATA_DIR: join(dir, 'service') }));
    const serviceOrigin = `http://127.0.0.1:${ports.service}`;
    const proxy: UpstreamProxy = await startUpstreamProxy(serviceOrigin, { A: ports.upstreamA, B: ports.upstreamB });
    cleanups.push(proxy.close);

    const base = `http://127.0.0.1:${ports.nginx}`;
    const owner = { email: 'owner@scale.bench', password: `pw-${randomBytes(9).toString('hex')}` };
    const metricsToken = randomBytes(16).toString('hex');
    const { env, replaced } = instanceEnv({
      upstream: '(per instance)',
      databaseUrl: database.url,
      redisUrl: redis.url,
      trustedProxy: '127.0.0.1',
      publicUrl: base,
      ownerEmail: owner.email,
      ownerPassword: owner.password,
      metricsToken,
      dataDir: join(dir, 'instances'),
    });
    console.log(
      `Two instances from deploy/dashboard.env, this run's own ${replaced.join(', ')}; each its own door to the upstream (the proxy tells who asked).`,
    );
    const started = Date.now();
    instances = await startInstances(
      ['A', 'B'],
      [ports.a, ports.b],
      (name) => ({ ...env, UPSTREAM_BASE_URL: `http://127.0.0.1:${name === 'A' ? ports.upstreamA : ports.upstreamB}` }),
      (app) => processes.push(app),
    );
    console.log(
      `  both answered in ${((Date.now() - started) / 1000).toFixed(1)} s (started together, one empty database).`,
    );
    const nginx = await startNginx(
      join(dir, 'nginx'),
      instances.map((i) => i.address),
      ports.nginx,
    );
    processes.push(nginx);

    const site = dashboard(base);
    const trusted = await checkTrustedProxy(site, owner);
    const people = await signInPeople(site, owner, PEOPLE);
    const shops = await site.shops(people[0]!.cookie);
    await syncStored(site, people[0]!.cookie, shops);
    await warmUp(instances, REALISTIC_MIX, shops, people[0]!.cookie);

    const samples: Sample[] = [];
    const stop = new AbortController();
    const loadTimer = setInterval(() => machine.load.push(loadavg()[0]!), 60_000);
    const steadyFrom = Date.now();
    console.log(`\n${PEOPLE} people for ${SECONDS} s, thinking 10–30 s…`);
    const browsing = browse({
      base,
      people,
      views: REALISTIC_MIX,
      // The largest shop and the middle one 40 % each, the smallest 20 %.
      shops: [shops[0]!.id, shops[0]!.id, shops[1]!.id, shops[1]!.id, shops[2]!.id],
      thinkMs: [10_000, 30_000],
      arrivalMs: 20_000,
      signal: stop.signal,
      record: (s) => samples.push(s),
    });
    await pause(SECONDS * 1000, new AbortController().signal);
    const steadyTo = Date.now();
    let kill: KillResult | null = null;
    if (KILL) {
      const db = new pg.Client({ connectionString: database.url });
      await db.connect();
      cleanups.push(() => db.end());
      kill = await killTest({ instances, site, cookie: people[0]!.cookie, shop: shops[0]!, proxy, db });
    }
    stop.abort();
    await browsing;
    clearInterval(loadTimer);
    machine.load.push(loadavg()[0]!);

    const log = readAccessLog(join(dir, 'nginx', 'access.log'));
    let met = trusted.guesserRefused && trusted.otherSignedIn;
    met =
      printSteady({
        machine,
        people: PEOPLE,
        seconds: SECONDS,
        samples,
        log,
        instances,
        from: steadyFrom,
        to: steadyTo,
      }) && met;
    if (kill) {
      // A second door onto the same service data, without the 60/min budget: the oracle's.
      processes.push(
        await startService(ports.oracle, {
          DATA_DIR: join(dir, 'service'),
          SERVICE_RATE_LIMIT_PER_MINUTE: '1000000',
          SERVICE_IP_RATE_LIMIT_PER_MINUTE: '1000000',
        }),
      );
      const oracleOrigin = `http://127.0.0.1:${ports.oracle}`;
      met =
        (await printKill({ kill, samples, log, instances, oracle: oracleOrigin, site, cookie: people[0]!.cookie })) &&
        met;
    }
    if (!met) process.exitCode = 1;
    for (const i of instances) writeFileSync(join(dir, `instance-${i.name}.log`), i.app.output());
  } finally {
    for (const p of processes.reverse()) await p.stop();
    for (const c of cleanups.reverse()) await c().catch((e: unknown) => console.error('cleanup:', e));
    if (KEEP) console.log(`Kept the run's directory (logs, nginx's configuration): ${dir}`);
    else rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Stops every process the bench started (a time limit, Ctrl-C): none may outlive it. SIGTERM first,
 * which tsx passes on to the service and nginx's master to its workers; SIGKILL for what is left.
 */
function abandon(why: string): void {
  console.error(why);
  for (const p of running) p.process.kill('SIGTERM');
  setTimeout(() => {
    for (const p of running) p.process.kill('SIGKILL');
    process.exit(1);
  }, 3_000);
}
setTimeout(() => abandon('bench:scale exceeded its time limit; stopping.'), (SECONDS + 60 * 60) * 1000).unref();
process.once('SIGINT', () => abandon('bench:scale interrupted; stopping.'));

main().then(
  () => process.exit(process.exitCode ?? 0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
