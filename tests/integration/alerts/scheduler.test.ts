import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openOrderStore } from '@/lib/store/open';
import type { OrderStore } from '@/lib/store/order-store';
import { takeLease, tick, type Job } from '@/lib/alerts/scheduler';
import { freshStore, type StoreFixture } from '@/tests/support/sync/harness';

// The jobs' leases (docs/ARCHITECTURE.md#alerts): with several instances on one store, a job's tick
// runs on one of them; a lease left by an instance that stopped is taken over once it expires.

describe.each([false, ...(process.env.TEST_DATABASE_URL ? [true] : [])])('job leases (postgres: %s)', (postgres) => {
  const dir = mkdtempSync(join(tmpdir(), 'spd-leases-'));
  const fixtures: StoreFixture[] = [];
  const extra: OrderStore[] = [];
  afterAll(async () => {
    await Promise.all(extra.map((s) => s.close()));
    await Promise.all(fixtures.map((f) => f.close()));
    rmSync(dir, { recursive: true, force: true });
  });

  /** Two handles on one store, as two instances have. */
  async function twoInstances(): Promise<[OrderStore, OrderStore]> {
    if (postgres) {
      // One pool: its connections race as two instances' would.
      const fixture = await freshStore(dir, true);
      fixtures.push(fixture);
      return [fixture.store, fixture.store];
    }
    const file = join(dir, `leases-${Math.random().toString(36).slice(2)}.db`);
    const first = await openOrderStore({ sqliteFile: file });
    const second = await openOrderStore({ sqliteFile: file });
    extra.push(first, second);
    return [first, second];
  }

  it('runs a tick on one instance when two tick at once', async () => {
    const [a, b] = await twoInstances();
    let runs = 0;
    const job: Job = {
      name: 'test-job',
      pattern: '0 * * * * *',
      everyMs: 60_000,
      leaseMs: 60_000,
      run: async () => {
        runs += 1;
        await new Promise((resolve) => setTimeout(resolve, 50));
      },
    };
    const now = Date.now();
    const results = await Promise.all([tick(a.db, job, now, 'instance-a'), tick(b.db, job, now, 'instance-b')]);
    expect(results.filter(Boolean)).toHaveLength(1);
    expect(runs).toBe(1);
    // The same tick arriving late on the other instance (its clock a few seconds behind) skips it.
    const ran = results[0] ? 'instance-a' : 'instance-b';
    const other = ran === 'instance-a' ? b : a;
    expect(await tick(other.db, job, now + 5_000, ran === 'instance-a' ? 'instance-b' : 'instance-a')).toBe(false);
    // The next tick runs, on whichever instance asks.
    expect(await tick(other.db, job, now + 60_000, ran === 'instance-a' ? 'instance-b' : 'instance-a')).toBe(true);
    expect(runs).toBe(2);
  });

  it('takes over a lease whose holder stopped, only after it expires', async () => {
    const [a, b] = await twoInstances();
    const now = Date.now();
    expect(await takeLease(a.db, 'orphan', 60_000, now, 'instance-a')).toBe(true);
    expect(await takeLease(b.db, 'orphan', 60_000, now + 30_000, 'instance-b')).toBe(false);
    expect(await takeLease(a.db, 'orphan', 60_000, now + 30_000, 'instance-a')).toBe(true); // renews its own
    expect(await takeLease(b.db, 'orphan', 60_000, now + 91_000, 'instance-b')).toBe(true);
  });
});
