import type { OrderStore } from '@/lib/store/order-store';
import type { SyncEngine } from './engine';

// A sync whose instance died mid-run (a crash, a SIGKILL, a machine gone) leaves its checkpoint
// saved as running, and the shop's lock held until its lease lapses (Redis: 30 s; PostgreSQL's
// advisory lock: once the connection is seen to be gone). Nothing else would come back to it: the
// pages read "running" and ask for nothing, and the refresh policy returns to the shop only when
// its today is due (up to 11 minutes for a shop nobody looks at). So the policy's leader resumes
// it (docs/ARCHITECTURE.md#several-instances): an unfinished job whose checkpoint has not moved for
// a while (a live run writes it with every page) and that this instance does not run is asked for
// again; the engine resumes it from its checkpoint once it takes the shop's lock, and while the
// lock is still held elsewhere (a run slowed down, not dead) the ask ends at once.

export interface ResumeOptions {
  engine: SyncEngine;
  store: OrderStore;
  /** Whether some connection still lists the shop's key (a removed connection's shops are left alone). */
  served?: (shopId: string) => Promise<boolean>;
}

/** Asks again for every unfinished job quiet for `quietMs`; answers the shops asked for. */
export async function resumeOrphans(options: ResumeOptions, now: number, quietMs: number): Promise<string[]> {
  const { engine, store, served } = options;
  const asked: string[] = [];
  for (const job of await store.unfinishedJobs()) {
    if (now - job.updatedAt < quietMs || engine.isRunning(job.shopId)) continue;
    if (served && !(await served(job.shopId))) continue;
    await engine.ensure({ id: job.shopId, timezone: job.timezone }, { from: job.from, to: job.to });
    asked.push(job.shopId);
  }
  return asked;
}
