import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { Redis } from 'ioredis';
import { advisoryLockKey } from '@/lib/db/sql-helpers';

// One sync per shop at a time. In one process a set suffices; several app instances share a
// PostgreSQL advisory lock (held on a dedicated connection) or a Redis lock with a lease.

export type Release = () => Promise<void>;

export interface SyncLock {
  /** A release function when the lock was free, otherwise null (someone else is syncing). */
  tryAcquire(name: string): Promise<Release | null>;
}

export class MemoryLock implements SyncLock {
  private readonly held = new Set<string>();
  async tryAcquire(name: string): Promise<Release | null> {
    if (this.held.has(name)) return null;
    this.held.add(name);
    return async () => {
      this.held.delete(name);
    };
  }
}

/** A session-level advisory lock: it lives as long as the connection that took it. */
export class PostgresAdvisoryLock implements SyncLock {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any schema: the lock uses no table
  constructor(private readonly db: Kysely<any>) {}

  tryAcquire(name: string): Promise<Release | null> {
    const key = advisoryLockKey(`spd-sync:${name}`);
    return new Promise<Release | null>((resolveAcquire, rejectAcquire) => {
      const held = this.db.connection().execute(async (conn) => {
        const { rows } = await sql<{ ok: boolean }>`SELECT pg_try_advisory_lock(${key}) AS ok`.execute(conn);
        if (!rows[0]?.ok) return resolveAcquire(null);
        // Keep the connection (and so the lock) until the holder releases it.
        await new Promise<void>((release) =>
          resolveAcquire(async () => {
            release();
            await held;
          }),
        );
        await sql`SELECT pg_advisory_unlock(${key})`.execute(conn);
      });
      held.catch(rejectAcquire);
    });
  }
}

const REFRESH = `if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('PEXPIRE', KEYS[1], ARGV[2]) end return 0`;
const RELEASE = `if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end return 0`;

/** SET NX with a lease renewed while held, so a crashed holder frees the shop after `leaseMs`. */
export class RedisLock implements SyncLock {
  constructor(
    private readonly redis: Redis,
    private readonly prefix = 'spd:sync-lock',
    private readonly leaseMs = 30_000,
  ) {}

  async tryAcquire(name: string): Promise<Release | null> {
    const key = `${this.prefix}:${name}`;
    const token = randomUUID();
    const ok = await this.redis.set(key, token, 'PX', this.leaseMs, 'NX');
    if (ok !== 'OK') return null;
    const timer = setInterval(() => {
      this.redis.eval(REFRESH, 1, key, token, String(this.leaseMs)).catch(() => undefined);
    }, Math.floor(this.leaseMs / 3));
    timer.unref();
    return async () => {
      clearInterval(timer);
      await this.redis.eval(RELEASE, 1, key, token);
    };
  }
}
