import 'server-only';
import { randomUUID } from 'node:crypto';
import { Cron } from 'croner';
import type { Kysely } from 'kysely';
import { logWarning } from '@/lib/log';
import type { StoreDatabase } from '@/lib/store/schema';

// Background jobs in the server process (croner), safe with several instances: a job's tick runs
// only on the instance that takes the job's lease in the store (st_job_lease), and croner's
// `protect` skips a tick while the previous one still runs. A job keeps its state in the store
// (what was sent, what is due), so a run missed during a restart is caught up by the next tick, once.

type Db = Kysely<StoreDatabase>;

export interface Job {
  name: string;
  /** A cron pattern with seconds, e.g. every 15 s: `*\/15 * * * * *`. */
  pattern: string;
  /** The pattern's interval (ms): after a run the lease is kept for half of it, so another instance's same tick, coming late, skips. */
  everyMs: number;
  /** How long a run may hold the job before another instance may take it (ms). */
  leaseMs: number;
  run: (now: number) => Promise<void>;
}

/** This process's name in the leases. */
const HOLDER: string = randomUUID();

/** Takes the job's lease (free, expired, or already ours); true when this instance may run it now. */
export async function takeLease(db: Db, name: string, leaseMs: number, now: number, holder = HOLDER): Promise<boolean> {
  await db
    .insertInto('st_job_lease')
    .values({ name, holder, until: 0, last_run_at: null })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const result = await db
    .updateTable('st_job_lease')
    .set({ holder, until: now + leaseMs })
    .where('name', '=', name)
    .where((eb) => eb.or([eb('until', '<', now), eb('holder', '=', holder)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Ends a run: the lease stays ours until `until` (this tick's share of the interval), then is free. */
export async function releaseLease(db: Db, name: string, now: number, until: number, holder = HOLDER): Promise<void> {
  await db
    .updateTable('st_job_lease')
    .set({ until, last_run_at: now })
    .where('name', '=', name)
    .where('holder', '=', holder)
    .execute();
}

/** Runs one tick of `job` if this instance takes its lease. */
export async function tick(db: Db, job: Job, now = Date.now(), holder = HOLDER): Promise<boolean> {
  if (!(await takeLease(db, job.name, job.leaseMs, now, holder))) return false;
  try {
    await job.run(now);
  } finally {
    await releaseLease(db, job.name, Date.now(), now + job.everyMs / 2, holder);
  }
  return true;
}

/** Starts the jobs; answers the stop. */
export function startJobs(db: () => Promise<Db>, jobs: readonly Job[]): () => void {
  const crons = jobs.map(
    (job) =>
      new Cron(job.pattern, { name: `spd-${job.name}`, protect: true, unref: true }, async () => {
        try {
          await tick(await db(), job);
        } catch (error) {
          logWarning('jobs', `the ${job.name} job failed; it runs again at its next tick`, error);
        }
      }),
  );
  return () => crons.forEach((c) => c.stop());
}
