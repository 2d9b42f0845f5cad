import { describe, expect, it } from 'vitest';
import { Redis } from 'ioredis';
import { Kysely, PostgresDialect } from 'kysely';
import { openPostgresPool } from '@/lib/db/open-database';
import { MemoryLock, PostgresAdvisoryLock, RedisLock, type SyncLock } from '@/lib/sync/lock';

// One sync per shop: a second holder is refused until the first releases, on every lock kind.

async function exercise(a: SyncLock, b: SyncLock) {
  const shop = `shop-${Math.random().toString(36).slice(2)}`;
  const release = await a.tryAcquire(shop);
  expect(release).not.toBeNull();
  expect(await b.tryAcquire(shop)).toBeNull();
  const other = await b.tryAcquire(`${shop}-other`);
  expect(other).not.toBeNull(); // other shops are not held up
  await other!();
  await release!();
  const again = await b.tryAcquire(shop);
  expect(again).not.toBeNull();
  await again!();
}

describe('sync locks', () => {
  it('in-process', async () => {
    const lock = new MemoryLock();
    await exercise(lock, lock);
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'PostgreSQL advisory lock across two pools (two app instances)',
    async () => {
      const url = process.env.TEST_DATABASE_URL!;
      const dbs = [0, 1].map(
        () => new Kysely<Record<string, never>>({ dialect: new PostgresDialect({ pool: openPostgresPool(url, 2) }) }),
      );
      try {
        await exercise(new PostgresAdvisoryLock(dbs[0]!), new PostgresAdvisoryLock(dbs[1]!));
      } finally {
        await Promise.all(dbs.map((db) => db.destroy()));
      }
    },
  );

  it.skipIf(!process.env.TEST_REDIS_URL)(
    'Redis lock across two connections, with a lease that frees a crashed holder',
    async () => {
      const clients = [0, 1].map(() => new Redis(process.env.TEST_REDIS_URL!));
      try {
        const prefix = `spd-test:sync-lock:${process.pid}`;
        await exercise(new RedisLock(clients[0]!, prefix), new RedisLock(clients[1]!, prefix));
        const crashed = new RedisLock(clients[0]!, prefix, 200);
        const held = await crashed.tryAcquire('crash');
        expect(held).not.toBeNull();
        // Simulate a crash: the refresher stops, nobody releases.
        await clients[0]!.quit();
        await new Promise((r) => setTimeout(r, 400));
        const next = await new RedisLock(clients[1]!, prefix).tryAcquire('crash');
        expect(next).not.toBeNull();
        await next!();
      } finally {
        for (const c of clients) c.disconnect();
      }
    },
  );
});
