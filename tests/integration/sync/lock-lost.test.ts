import { afterEach, describe, expect, it, vi } from 'vitest';
import { Redis } from 'ioredis';
import { Kysely, PostgresDialect, sql } from 'kysely';
import { openPostgresPool } from '@/lib/db/open-database';
import { advisoryLockKey } from '@/lib/db/sql-helpers';
import { LockLostError, MemoryLock, PostgresAdvisoryLock, RedisLock, type Release } from '@/lib/sync/lock';
import { logger } from '@/lib/log';

// A holder whose Redis lease can no longer be renewed must learn it (release.signal aborts) before
// another instance can take the shop, so two instances never write one shop's rollups at once.

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

function lostWithin(release: Release, ms: number): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`lock not declared lost within ${ms} ms`)), ms);
    release.signal.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve(release.signal.reason);
    });
  });
}

/** A Redis that grants the lock, then stops answering (an outage: commands queue forever). */
function hangingRedis() {
  return {
    set: async () => 'OK',
    eval: () => new Promise<never>(() => undefined),
  } as unknown as Redis;
}

describe('losing a sync lock', () => {
  // Fake timers: the lease arithmetic is what is tested, not the machine's timer jitter.
  it('Redis unreachable: the holder is told it lost the lock before the lease could run out', async () => {
    vi.useFakeTimers();
    vi.spyOn(logger(), 'warn').mockImplementation(() => undefined);
    const leaseMs = 30_000;
    const release = (await new RedisLock(hangingRedis(), 'p', leaseMs).tryAcquire('shop-1'))!;
    await vi.advanceTimersByTimeAsync(leaseMs / 2);
    expect(release.signal.aborted).toBe(false);
    // Declared lost a margin before the lease (30 s after the last confirmation) expires.
    await vi.advanceTimersByTimeAsync(leaseMs / 4);
    expect(release.signal.aborted).toBe(true);
    expect(release.signal.reason).toBeInstanceOf(LockLostError);
    expect(String((release.signal.reason as Error).message)).toMatch(
      /sync lock of shop-1 was lost \(Redis did not confirm/,
    );
  });

  it('a renewal that fails once but recovers within the lease keeps the lock', async () => {
    vi.useFakeTimers();
    vi.spyOn(logger(), 'warn').mockImplementation(() => undefined);
    let calls = 0;
    const flaky = {
      set: async () => 'OK',
      eval: async () => {
        calls += 1;
        if (calls === 1) throw Object.assign(new Error('blip'), { code: 'ECONNRESET' });
        return 1;
      },
    } as unknown as Redis;
    const release = (await new RedisLock(flaky, 'p', 30_000).tryAcquire('shop-2'))!;
    await vi.advanceTimersByTimeAsync(120_000);
    expect(calls).toBeGreaterThan(4);
    expect(release.signal.aborted).toBe(false);
    await release();
  });

  it('an in-process lock is never lost', async () => {
    const release = (await new MemoryLock().tryAcquire('x'))!;
    expect(release.signal.aborted).toBe(false);
    await release();
  });

  it.skipIf(!process.env.TEST_REDIS_URL)(
    'Redis: a lease that expired and was taken by another instance aborts the first holder',
    async () => {
      vi.spyOn(logger(), 'warn').mockImplementation(() => undefined);
      const clients = [0, 1].map(() => new Redis(process.env.TEST_REDIS_URL!));
      try {
        const prefix = `spd-test:lock-lost:${process.pid}:${Date.now()}`;
        const first = (await new RedisLock(clients[0]!, prefix, 300).tryAcquire('shop'))!;
        // The lease ran out (e.g. a long GC pause) and another instance took the key.
        await clients[1]!.set(`${prefix}:shop`, 'someone-else', 'PX', 10_000);
        const reason = await lostWithin(first, 2_000);
        expect(String((reason as Error).message)).toMatch(/belongs to another holder/);
        await first(); // must not delete the other holder's key
        expect(await clients[1]!.get(`${prefix}:shop`)).toBe('someone-else');
      } finally {
        for (const c of clients) c.disconnect();
      }
    },
  );

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'PostgreSQL: when the connection holding the advisory lock dies, the holder is told',
    async () => {
      vi.spyOn(logger(), 'warn').mockImplementation(() => undefined);
      const url = process.env.TEST_DATABASE_URL!;
      const [holderDb, adminDb] = [0, 1].map(
        () => new Kysely<Record<string, never>>({ dialect: new PostgresDialect({ pool: openPostgresPool(url, 2) }) }),
      );
      try {
        const name = `lost-${process.pid}-${Date.now()}`;
        const release = (await new PostgresAdvisoryLock(holderDb!, 50).tryAcquire(name))!;
        expect(release.signal.aborted).toBe(false);
        const key = advisoryLockKey(`spd-sync:${name}`);
        // An outage of that one connection (a failover, an idle-connection reaper).
        await sql`SELECT pg_terminate_backend(pid) FROM pg_locks
                WHERE locktype = 'advisory' AND granted AND objid = (${key}::bigint & 4294967295)::oid`.execute(
          adminDb!,
        );
        const reason = await lostWithin(release, 5_000);
        expect(reason).toBeInstanceOf(LockLostError);
        await release();
      } finally {
        await Promise.all([holderDb!.destroy().catch(() => undefined), adminDb!.destroy()]);
      }
    },
  );
});
