import { MAX_PAGE_SIZE, type Order, type Page } from '@/lib/contract';
import type { OrderStore } from '@/lib/store/order-store';
import type { SyncJob, WindowPlan } from '@/lib/store/jobs';
import { iteratePages } from '@/lib/upstream/paging';
import { UpstreamError } from '@/lib/upstream/errors';
import type { CallOptions, UpstreamClient } from '@/lib/upstream/types';
import { windowDays } from './plan';
import type { RequestMeter } from './progress';

// Executes one sync job: catalog, then every window's orders at limit=100 in ascending create
// time (orders created meanwhile append at the end, so fetched pages do not shift), each page
// stored with the checkpoint in one transaction, then the window's refund days and coverage.

export interface ShopRef {
  id: string;
  timezone: string;
}

export interface RunContext {
  store: OrderStore;
  client: UpstreamClient;
  shop: ShopRef;
  now: () => number;
  meter: RequestMeter;
  /** Order pages requested ahead of the one being stored, so the scheduler's queue never runs dry. */
  prefetch: number;
  retries: number;
  retryDelayMs: number;
  signal: AbortSignal;
}

const RETRYABLE = new Set(['RATE_LIMITED', 'INTERNAL_ERROR', 'UPSTREAM_UNAVAILABLE']);

function wait(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => (clearTimeout(timer), reject(signal.reason)), { once: true });
  });
}

/** The client already retries; a background sync outlasts longer outages with a few more rounds. */
async function call<T>(ctx: RunContext, fn: (options: CallOptions) => Promise<T>): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      const result = await fn({ priority: 'background', signal: ctx.signal, bypassCache: true });
      ctx.meter.mark();
      return result;
    } catch (error) {
      const retryable = error instanceof UpstreamError && RETRYABLE.has(error.code);
      if (!retryable || attempt >= ctx.retries || ctx.signal.aborted) throw error;
      await wait(ctx.retryDelayMs * 2 ** attempt, ctx.signal);
    }
  }
}

async function save(ctx: RunContext, job: SyncJob): Promise<void> {
  job.updatedAt = ctx.now();
  await ctx.store.saveJob(job);
}

function fetchOrders(ctx: RunContext, w: WindowPlan, page: number): Promise<Page<Order>> {
  const query = { startDate: w.startTs, endDate: w.endTs, sort: 'ASC' as const, page, limit: MAX_PAGE_SIZE };
  const promise = call(ctx, (options) => ctx.client.orders(ctx.shop.id, query, options));
  promise.catch(() => undefined); // a prefetched page may be dropped; its failure is seen when awaited
  return promise;
}

/** Stores pages of a window from its checkpoint, at most `maxPages` of them. */
async function runWindowPages(ctx: RunContext, job: SyncJob, w: WindowPlan, maxPages = Infinity): Promise<void> {
  const inflight = new Map<number, Promise<Page<Order>>>();
  let stored = 0;
  while (!w.ordersDone && stored < maxPages) {
    const page = w.nextPage;
    const last = Math.min(w.totalPages ?? page, page + ctx.prefetch, page + maxPages - stored - 1);
    for (let p = page; p <= Math.max(last, page); p++) if (!inflight.has(p)) inflight.set(p, fetchOrders(ctx, w, p));
    const result = await inflight.get(page)!;
    inflight.delete(page);
    w.nextPage = page + 1;
    w.totalPages = result.pagination.totalPages;
    w.ordersStored += result.items.length;
    w.ordersDone = result.items.length === 0 || page >= result.pagination.totalPages;
    job.updatedAt = ctx.now();
    await ctx.store.upsertOrders(ctx.shop.id, ctx.shop.timezone, result.items, { syncedAt: ctx.now(), job });
    stored++;
  }
  if (w.ordersDone) {
    // Orders the pass did not see are gone upstream; the window must hold exactly upstream's orders.
    await ctx.store.removeUnseenOrders(ctx.shop.id, w.startTs, w.endTs, w.passStartedAt);
  }
}

async function runRefunds(ctx: RunContext, job: SyncJob, w: WindowPlan): Promise<void> {
  const query = { startDate: w.startTs, endDate: w.endTs, sort: 'ASC' as const };
  const pages = iteratePages((page, limit) => call(ctx, (options) => ctx.client.refunds(ctx.shop.id, { ...query, page, limit }, options)));
  const days = [];
  for await (const page of pages) days.push(...page.items);
  await ctx.store.replaceRefundDays(ctx.shop.id, ctx.shop.timezone, w.startTs, w.endTs, days);
  await ctx.store.markCovered(ctx.shop.id, windowDays(w), w.passStartedAt);
  w.refundsDone = true;
  await save(ctx, job);
}

async function runCatalog(ctx: RunContext, job: SyncJob): Promise<void> {
  const pages = iteratePages((page, limit) => call(ctx, (options) => ctx.client.products(ctx.shop.id, { page, limit }, options)));
  for await (const page of pages) await ctx.store.upsertCatalog(ctx.shop.id, page.items);
  job.plan.catalogDone = true;
  await save(ctx, job);
}

export async function runJob(ctx: RunContext, job: SyncJob): Promise<void> {
  if (!job.plan.catalogDone) await runCatalog(ctx, job);
  // First pages first: every window's size is known early, so the ETA is honest from the start.
  for (const w of job.plan.windows) if (w.totalPages === null && !w.ordersDone) await runWindowPages(ctx, job, w, 1);
  for (const w of job.plan.windows) {
    if (!w.ordersDone) await runWindowPages(ctx, job, w);
    if (!w.refundsDone) await runRefunds(ctx, job, w);
  }
}
