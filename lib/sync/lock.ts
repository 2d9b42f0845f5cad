import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { Redis } from 'ioredis';
import { advisoryLockKey } from '@/lib/db/sql-helpers';
import { backgroundTimers, sleep } from '@/lib/rate-limit/clock';
import { logger } from '@/lib/log';

// One sync per shop at a time. In one process a set suffices; several app instances share a
// PostgreSQL advisory lock (held on a dedicated connection) or a Redis lock with a lease.
//
// A shared lock can be lost while held (Redis unreachable past the lease, the lock connection
// dropped): another instance may then take the shop. The holder learns it through the lease's
// `signal`, which aborts with a LockLostError; the holder must stop writing that shop at once.

/** Ends the hold. `signal` aborts (reason: LockLostError) if the lock is lost before that. */
export type Release = (() => Promise<void>) & { readonly signal: AbortSignal };

export interface SyncLock {
  /** A release function when the lock was free, otherwise null (someone else is syncing). */
  tryAcquire(name: string): Promise<Release | null>;
}

export class LockLostError extends Error {
  override name = 'LockLostError';
  constructor(lockName: string, why: string) {
    super(`The sync lock of ${lockName} was lost (${why}); another instance may hold it now, so this sync stops.`);
  }
}

function lease(controller: AbortController, end: () => Promise<void>): Release {
  return Object.assign(end, { signal: controller.signal });
}

export class MemoryLock implements SyncLock {
  private readonly held = new Set<string>();
  async tryAcquire(name: string): Promise<Release | null> {
    if (this.held.has(name)) return null;
    this.held.add(name);
    return lease(new AbortController(), async () => {
      this.held.delete(name);
    });
  }
}

/** A session-level advisory lock: it lives as long as the connection that took it. */
export class PostgresAdvisoryLock implements SyncLock {
  constructor(
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any schema: the lock uses no table
    private readonly db: Kysely<any>,
    /** How often the held connection is checked; a dead one means the lock is gone. */
    private readonly heartbeatMs = 10_000,
  ) {}

  tryAcquire(name: string): Promise<Release | null> {
    const key = advisoryLockKey(`spd-sync:${name}`);
    const lost = new AbortController();
    return new Promise<Release | null>((resolveAcquire, rejectAcquire) => {
      const held = this.db.connection().execute(async (conn) => {
        const { rows } = await sql<{ ok: boolean }>`SELECT pg_try_advisory_lock(${key}) AS ok`.execute(conn);
        if (!rows[0]?.ok) return resolveAcquire(null);
        let released = false;
        const wake = new AbortController();
        resolveAcquire(
          lease(lost, async () => {
            released = true;
            wake.abort();
            await held.catch(() => undefined);
          }),
        );
        // Keep the connection (and so the lock) until the holder releases it, checking now and
        // then that the connection, and with it the lock, is still alive.
        while (!released) {
          // A release wakes the wait (an abort) instead of letting the connection idle out the beat.
          await sleep(this.heartbeatMs, backgroundTimers, wake.signal).catch(() => undefined);
          if (released) break;
          try {
            await sql`SELECT 1`.execute(conn);
          } catch (error) {
            lost.abort(
              new LockLostError(
                name,
                `its PostgreSQL connection failed: ${(error as NodeJS.ErrnoException).code ?? 'error'}`,
              ),
            );
            return;
          }
        }
        await sql`SELECT pg_advisory_unlock(${key})`.execute(conn);
      });
      held.catch(rejectAcquire);
    });
  }
}

const REFRESH = `if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('PEXPIRE', KEYS[1], ARGV[2]) end return 0`;
const RELEASE = `if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end return 0`;

/**
 * SET NX with a lease renewed while held, so a crashed holder frees the shop after `leaseMs`.
 * Renewal runs every quarter of the lease (so one failed renewal is survivable). When Redis says the key is no longer ours, or no renewal
 * has been confirmed for two thirds of the lease (Redis unreachable), the hold is declared lost a
 * third of a lease before another instance could take the key.
 */
export class RedisLock implements SyncLock {
  constructor(
    private readonly redis: Redis,
    private readonly prefix = 'spd:sync-lock',
    private readonly leaseMs = 30_000,
    private readonly now: () => number = Date.now,
  ) {}

  async tryAcquire(name: string): Promise<Release | null> {
    const key = `${this.prefix}:${name}`;
    const token = randomUUID();
    const ok = await this.redis.set(key, token, 'PX', this.leaseMs, 'NX');
    if (ok !== 'OK') return null;
    const lost = new AbortController();
    let confirmedAt = this.now();
    const loseWith = (why: string) => {
      if (lost.signal.aborted) return;
      clearInterval(timer);
      const error = new LockLostError(name, why);
      logger().warn(
        { scope: 'sync', event: 'sync_lock_lost', lock: name, reason: why },
        `sync lock ${name} lost: ${why}`,
      );
      lost.abort(error);
    };
    const renew = () => {
      // Checked on every tick, not only when a renewal answers: a renewal can hang while ioredis
      // reconnects, and the lease runs out meanwhile all the same.
      if (this.now() - confirmedAt >= (this.leaseMs * 2) / 3)
        return loseWith('Redis did not confirm the lease in time');
      const sentAt = this.now();
      this.redis.eval(REFRESH, 1, key, token, String(this.leaseMs)).then(
        (result) => {
          if (Number(result) === 1) confirmedAt = Math.max(confirmedAt, sentAt);
          else loseWith('the key expired or belongs to another holder');
        },
        // Not fatal by itself: the lease may still be running. The tick above decides.
        (error: NodeJS.ErrnoException) =>
          logger().warn({ scope: 'sync', code: error.code ?? error.name }, 'Redis lock renewal failed'),
      );
    };
    const timer = setInterval(renew, Math.floor(this.leaseMs / 4));
    timer.unref();
    return lease(lost, async () => {
      clearInterval(timer);
      try {
        await this.redis.eval(RELEASE, 1, key, token);
      } catch (error) {
        // The lease expires by itself; nothing else to do.
        logger().warn(
          { scope: 'sync', code: (error as NodeJS.ErrnoException).code ?? (error as Error).name },
          'Redis lock release failed; it expires with its lease',
        );
      }
    });
  }
}
