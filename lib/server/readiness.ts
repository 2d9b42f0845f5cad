import 'server-only';
import { sql } from 'kysely';
import { serverConfig } from '@/lib/config/env';
import { migrationTables } from '@/lib/db/migrate';
import { sharedRedis } from '@/lib/redis';
import { getOrderStore } from '@/lib/store';
import { STORE_MIGRATIONS } from '@/lib/store/migrations';
import type { OrderStore } from '@/lib/store/order-store';
import { beforeDeadline } from '@/lib/rate-limit/clock';
import { connectionSecretProblems } from '@/lib/connections/store';

// Whether this instance can serve people (GET /api/ready, for a load balancer or an orchestrator):
// its data store answers with every migration applied, Redis answers when configured, and the sync
// is not failing for every shop. Each check is bounded in time; the answer names what is wrong in
// a sentence, never a figure, an address or a secret. Stored connections whose secrets do not open
// with this server's SECRETS_KEY (missing or changed) show as `secrets: failing` but leave the
// instance ready: every other key's shops still work, and taking it out of a load balancer would
// also hide the Connections page where the owner mends it; those connections' shops are listed as
// unavailable with the sentence. Liveness (GET /api/health) checks nothing.

export type CheckState = 'ok' | 'failing' | 'not configured';

export interface Readiness {
  ready: boolean;
  /** Why the instance is not ready, in a sentence; null when it is. */
  reason: string | null;
  checks: { store: CheckState; migrations: CheckState; redis: CheckState; sync: CheckState; secrets: CheckState };
}

export interface ReadinessDeps {
  store: () => Promise<OrderStore>;
  /** Pings Redis; null when REDIS_URL is not set. */
  pingRedis: (() => Promise<unknown>) | null;
  timeoutMs: number;
}

function defaultDeps(): ReadinessDeps {
  const { redisUrl } = serverConfig();
  return {
    store: getOrderStore,
    pingRedis: redisUrl ? () => sharedRedis(redisUrl).ping() : null,
    timeoutMs: 2_000,
  };
}

/** `work`, or a rejection after `ms`. */
const within = <T>(ms: number, work: Promise<T>): Promise<T> =>
  beforeDeadline(work, ms, (): never => {
    throw new Error('timed out');
  });

export async function readiness(deps: ReadinessDeps = defaultDeps()): Promise<Readiness> {
  const checks: Readiness['checks'] = {
    store: 'failing',
    migrations: 'failing',
    redis: 'not configured',
    sync: 'ok',
    secrets: 'failing',
  };
  const reasons: string[] = [];
  const redis = deps.pingRedis
    ? within(deps.timeoutMs, deps.pingRedis()).then(
        () => 'ok' as const,
        () => 'failing' as const,
      )
    : Promise.resolve('not configured' as const);
  try {
    const store = await within(deps.timeoutMs, deps.store());
    const [applied, jobs] = await within(
      deps.timeoutMs,
      Promise.all([
        sql<{ n: number | string }>`SELECT count(*) AS n FROM ${sql.table(migrationTables('st').migrationTableName)}`
          .execute(store.db)
          .then((r) => Number(r.rows[0]?.n ?? 0)),
        store.db.selectFrom('st_sync_job').select('state').execute(),
      ]),
    );
    checks.store = 'ok';
    checks.migrations = applied >= STORE_MIGRATIONS.length ? 'ok' : 'failing';
    if (checks.migrations === 'failing')
      reasons.push(`the data store has ${applied} of its ${STORE_MIGRATIONS.length} schema steps applied`);
    if (checks.migrations === 'ok') {
      const locked = await within(deps.timeoutMs, connectionSecretProblems(store.db));
      checks.secrets = locked.length === 0 ? 'ok' : 'failing';
    }
    if (jobs.length > 0 && jobs.every((j) => j.state === 'failed')) {
      checks.sync = 'failing';
      reasons.push(`the sync is failing for every shop (${jobs.length})`);
    }
  } catch {
    reasons.push("the dashboard's data store does not answer");
  }
  checks.redis = await redis;
  if (checks.redis === 'failing') reasons.push('Redis (REDIS_URL) does not answer');
  return {
    ready: reasons.length === 0,
    reason: reasons.length === 0 ? null : `Not ready: ${reasons.join('; ')}.`,
    checks,
  };
}
