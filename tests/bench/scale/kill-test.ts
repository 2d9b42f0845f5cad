import type pg from 'pg';
import { localDayOf, shiftDay } from '../../support/oracle/recount';
import type { UpstreamProxy } from '../upstream-proxy';
import { jobReads, pagesStored, readCheckpoint, resumption, type Checkpoint, type Resumption } from './kill';
import type { Dashboard, Shop } from './session';
import type { Instance } from './topology';

// The kill test's run: instance A is asked for a year's sync of the largest shop (as a person's
// click on A would), and once it has stored some pages it is killed with SIGKILL, as a crashed
// machine would end: no release of its lock, no last write. The people go on meanwhile. Then:
// when and how instance B picks the sync up, and when it is done.

const KILL_PAGES = Number(process.env.BENCH_SCALE_KILL_PAGES ?? 40);
/** The kill phase lasts at least this long after the kill (the switch and what follows it)… */
const AFTER_KILL_MS = Number(process.env.BENCH_SCALE_AFTER_KILL_SECONDS ?? 120) * 1000;
/** …and until the sync is done, at most this long. */
const DONE_WITHIN_MS = 15 * 60_000;

export interface KillResult {
  shop: Shop;
  range: { from: string; to: string };
  /** The shop's day when the sync was asked for. */
  today: string;
  askedAt: number;
  killAt: number;
  /** The job as A left it (read right after the kill, before anyone could take it over). */
  checkpoint: Checkpoint;
  /** The job's pages A stored before it died. */
  storedByA: number;
  resume: Resumption;
  /** When the store covered the year (ms), or null if it did not within the time allowed. */
  doneAt: number | null;
  /** Job ids the shop's checkpoint held after the kill, the killed one first. */
  jobsSeen: string[];
  end: number;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function killTest(ctx: {
  instances: readonly Instance[];
  site: Dashboard;
  cookie: string;
  shop: Shop;
  proxy: UpstreamProxy;
  db: pg.Client;
}): Promise<KillResult> {
  const [victim, survivor] = ctx.instances as [Instance, Instance];
  const { shop } = ctx;
  const today = localDayOf(Math.floor(Date.now() / 1000), shop.timezone);
  const range = { from: shiftDay(today, -364), to: today };
  const sync = `/api/dashboard/shops/${encodeURIComponent(shop.id)}/sync`;
  const askedAt = Date.now();
  console.log(
    `\nThe kill test: ${shop.shopName}'s year (${range.from} … ${range.to}) asked of instance ${victim.name}…`,
  );

  // Asked again every 15 s until A runs it, as the page asks again while its range is not stored
  // (another instance's short refresh of the shop may hold the shop's lock at the first ask).
  let job: Checkpoint | null = null;
  let lastAsk = 0;
  while (
    !job ||
    jobReads(
      job,
      ctx.proxy.requests.filter((r) => r.via === victim.name),
    ).length < KILL_PAGES
  ) {
    if (Date.now() - askedAt > 10 * 60_000)
      throw new Error(`instance ${victim.name} did not read ${KILL_PAGES} pages of the year`);
    const saved = await readCheckpoint(ctx.db, shop.id);
    job = saved && saved.from === range.from ? saved : null;
    if (!job && Date.now() - lastAsk > 15_000) {
      lastAsk = Date.now();
      await ctx.site.post(sync, range, ctx.cookie, `http://${victim.address}`);
    }
    await sleep(250);
  }
  victim.app.process.kill('SIGKILL');
  const killAt = Date.now();
  const checkpoint = (await readCheckpoint(ctx.db, shop.id))!;
  console.log(
    `  killed ${victim.name} (SIGKILL) ${((killAt - askedAt) / 1000).toFixed(0)} s after the ask; its checkpoint: ${pagesStored(checkpoint)} pages stored.`,
  );

  // Done when the store covers the whole year (each window is marked covered once its pages and
  // refunds are stored and its count agrees with the service's).
  let doneAt: number | null = null;
  const jobsSeen = new Set<string>([checkpoint.jobId]);
  while (Date.now() - killAt < AFTER_KILL_MS || (doneAt === null && Date.now() - killAt < DONE_WITHIN_MS)) {
    const now = await readCheckpoint(ctx.db, shop.id);
    if (now) jobsSeen.add(now.jobId);
    if (doneAt === null) {
      const status = (await ctx.site.get(`${sync}?range=custom&from=${range.from}&to=${range.to}`, ctx.cookie)) as {
        coverage: { complete: boolean };
      };
      if (status.coverage.complete) {
        doneAt = Date.now();
        console.log(`  the year is stored ${((doneAt - killAt) / 1000).toFixed(0)} s after the kill.`);
      }
    }
    await sleep(1_000);
  }
  const after = jobReads(
    checkpoint,
    ctx.proxy.requests.filter((r) => r.via === survivor.name && r.at > killAt),
  );
  const storedByA = pagesStored(checkpoint);
  return {
    shop,
    range,
    today,
    askedAt,
    killAt,
    checkpoint,
    storedByA,
    resume: resumption(checkpoint, after),
    doneAt,
    jobsSeen: [...jobsSeen],
    end: Date.now(),
  };
}
