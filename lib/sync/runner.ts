import { MAX_PAGE_SIZE, type Order, type Page, type RefundDay } from '@/lib/contract';
import type { OrderStore } from '@/lib/store/order-store';
import type { SyncJob, WindowPlan } from '@/lib/store/jobs';
import { expectedItems } from '@/lib/upstream/paging';
import type { CallOptions, UpstreamClient } from '@/lib/upstream/types';
import { SyncIntegrityError, sellerMessage } from './errors';
import { windowDays } from './plan';

// Executes one sync job: catalog, then every window's orders at limit=100 in ascending create
// time (orders created meanwhile append at the end, so fetched pages do not shift), each page
// stored with the checkpoint in one transaction, then the window's refund days and coverage.
//
// A window proves itself before it counts as covered: every page but the last is full, the last
// holds what `pagination.total` leaves for it, and the stored orders of the window add up to that
// total. A page that comes back short is asked for again; it is never taken as the end.
//
// Retries of failed requests are the upstream client's alone (one policy, with the budget); a
// request that still fails ends the run, and the engine runs the job again later from its checkpoint.

export interface ShopRef {
  id: string;
  timezone: string;
}

export interface RunContext {
  store: OrderStore;
  client: UpstreamClient;
  shop: ShopRef;
  now: () => number;
  /** Order pages requested ahead of the one being stored, so the scheduler's queue never runs dry. */
  prefetch: number;
  /** How often a short page is asked for again before the run gives up (and is retried later). */
  shortPageRetries: number;
  signal: AbortSignal;
}

/** Full passes over one window whose stored count disagrees with the upstream's total. */
const MAX_PASSES = 2;
const REQUEST_TIMES_KEPT = 60;

async function call<T>(ctx: RunContext, job: SyncJob, fn: (options: CallOptions) => Promise<T>): Promise<T> {
  const result = await fn({ priority: 'background', signal: ctx.signal, bypassCache: true });
  const times = job.plan.requestTimes;
  times.push(ctx.now());
  if (times.length > REQUEST_TIMES_KEPT) times.splice(0, times.length - REQUEST_TIMES_KEPT);
  return result;
}

async function save(ctx: RunContext, job: SyncJob): Promise<void> {
  job.updatedAt = ctx.now();
  ctx.signal.throwIfAborted(); // a lost lock or a stop: another instance may own this shop now
  await ctx.store.saveJob(job);
}

/** A page that holds fewer items than its pagination counts (expectedItems) is asked for again. */
async function verifiedPage<T>(
  ctx: RunContext,
  first: Promise<Page<T>>,
  refetch: () => Promise<Page<T>>,
  page: number,
  limit: number,
  what: string,
): Promise<Page<T>> {
  let result = await first;
  for (let attempt = 0; result.items.length < expectedItems(result.pagination, page, limit); attempt++) {
    if (attempt >= ctx.shortPageRetries || ctx.signal.aborted) {
      throw new SyncIntegrityError(
        `${what} page ${page} of ${result.pagination.totalPages} held ${result.items.length} items where ${expectedItems(result.pagination, page, limit)} were counted`,
      );
    }
    result = await refetch();
  }
  return result;
}

interface Fetched {
  promise: Promise<Page<Order>>;
  requestedAt: number;
}

function fetchOrders(ctx: RunContext, job: SyncJob, w: WindowPlan, page: number): Fetched {
  const query = { startDate: w.startTs, endDate: w.endTs, sort: 'ASC' as const, page, limit: MAX_PAGE_SIZE };
  const requestedAt = ctx.now();
  const promise = call(ctx, job, (options) => ctx.client.orders(ctx.shop.id, query, options));
  promise.catch(() => undefined); // a prefetched page may be dropped; its failure is seen when awaited
  return { promise, requestedAt };
}

function restartWindow(w: WindowPlan, now: number): void {
  w.nextPage = 1;
  w.totalPages = null;
  w.ordersStored = 0;
  w.upstreamTotal = null;
  w.readAt = null;
  w.passStartedAt = now;
  w.ordersDone = false;
  w.passes += 1;
}

/** Stores pages of a window from its checkpoint, at most `maxPages` of them. */
async function runWindowPages(ctx: RunContext, job: SyncJob, w: WindowPlan, maxPages = Infinity): Promise<void> {
  const inflight = new Map<number, Fetched>();
  let stored = 0;
  while (!w.ordersDone && stored < maxPages) {
    const page = w.nextPage;
    const last = Math.min(w.totalPages ?? page, page + ctx.prefetch, page + maxPages - stored - 1);
    for (let p = page; p <= Math.max(last, page); p++)
      if (!inflight.has(p)) inflight.set(p, fetchOrders(ctx, job, w, p));
    const fetched = inflight.get(page)!;
    inflight.delete(page);
    let requestedAt = fetched.requestedAt;
    const result = await verifiedPage(
      ctx,
      fetched.promise,
      () => {
        const again = fetchOrders(ctx, job, w, page);
        requestedAt = again.requestedAt;
        return again.promise;
      },
      page,
      MAX_PAGE_SIZE,
      'orders',
    );
    w.nextPage = page + 1;
    w.totalPages = result.pagination.totalPages;
    w.upstreamTotal = result.pagination.total;
    w.ordersStored += result.items.length;
    w.ordersDone = page >= result.pagination.totalPages;
    if (w.ordersDone) w.readAt = requestedAt;
    job.updatedAt = ctx.now();
    ctx.signal.throwIfAborted(); // a lost lock or a stop: another instance may own this shop now
    await ctx.store.upsertOrders(ctx.shop.id, ctx.shop.timezone, result.items, { syncedAt: ctx.now(), job });
    stored++;
  }
  if (!w.ordersDone) return;
  // Orders the pass did not see are gone upstream; the window must hold exactly upstream's orders.
  ctx.signal.throwIfAborted(); // a lost lock or a stop: another instance may own this shop now
  await ctx.store.removeUnseenOrders(ctx.shop.id, w.startTs, w.endTs, w.passStartedAt);
  const held = await ctx.store.countOrders(ctx.shop.id, w.startTs, w.endTs);
  if (held === (w.upstreamTotal ?? 0)) return;
  if (w.passes >= MAX_PASSES) {
    throw new SyncIntegrityError(
      `${w.fromDay}…${w.toDay}: ${held} orders stored where the Reporting Service counts ${w.upstreamTotal}`,
    );
  }
  restartWindow(w, ctx.now());
  await save(ctx, job);
  await runWindowPages(ctx, job, w);
}

async function runRefunds(ctx: RunContext, job: SyncJob, w: WindowPlan): Promise<void> {
  const query = { startDate: w.startTs, endDate: w.endTs, sort: 'ASC' as const, limit: MAX_PAGE_SIZE };
  const days: RefundDay[] = [];
  for (let page = 1; ; page++) {
    const fetch = () => call(ctx, job, (options) => ctx.client.refunds(ctx.shop.id, { ...query, page }, options));
    const result = await verifiedPage(ctx, fetch(), fetch, page, MAX_PAGE_SIZE, 'refunds');
    days.push(...result.items);
    if (page >= result.pagination.totalPages) break;
  }
  ctx.signal.throwIfAborted(); // a lost lock or a stop: another instance may own this shop now
  await ctx.store.replaceRefundDays(ctx.shop.id, ctx.shop.timezone, w.startTs, w.endTs, days);
  await ctx.store.markCovered(ctx.shop.id, windowDays(w), w.readAt ?? w.passStartedAt);
  w.refundsDone = true;
  await save(ctx, job);
}

async function runCatalog(ctx: RunContext, job: SyncJob): Promise<void> {
  for (let page = 1; ; page++) {
    const fetch = () =>
      call(ctx, job, (options) => ctx.client.products(ctx.shop.id, { page, limit: MAX_PAGE_SIZE }, options));
    const result = await verifiedPage(ctx, fetch(), fetch, page, MAX_PAGE_SIZE, 'products');
    ctx.signal.throwIfAborted(); // a lost lock or a stop: another instance may own this shop now
    await ctx.store.upsertCatalog(ctx.shop.id, result.items);
    if (page >= result.pagination.totalPages) break;
  }
  job.plan.catalogDone = true;
  await save(ctx, job);
}

async function runJob(ctx: RunContext, job: SyncJob): Promise<void> {
  if (!job.plan.catalogDone) await runCatalog(ctx, job);
  // Windows come most recent first (the plan orders them): each is stored, checked and marked
  // covered before the next starts, so a report fills from its latest days backwards.
  for (const w of job.plan.windows) {
    if (!w.ordersDone) await runWindowPages(ctx, job, w);
    if (!w.refundsDone) await runRefunds(ctx, job, w);
  }
}

/**
 * Runs the job and records how it ended: done, or failed with the seller's words for the error
 * (the raw error is rethrown for the server log). A stop (the signal) is a crash: the checkpoint
 * stays as it is for a later run to resume.
 */
export async function runTracked(ctx: RunContext, job: SyncJob): Promise<void> {
  job.state = 'running';
  job.error = null;
  await ctx.store.saveJob(job);
  try {
    await runJob(ctx, job);
    job.state = 'done';
    job.finishedAt = ctx.now();
  } catch (error) {
    if (ctx.signal.aborted) throw error;
    job.state = 'failed';
    job.error = sellerMessage(error);
    job.updatedAt = ctx.now();
    await ctx.store.saveJob(job);
    throw error;
  }
  job.updatedAt = ctx.now();
  await ctx.store.saveJob(job);
}
