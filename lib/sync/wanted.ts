import { randomUUID } from 'node:crypto';
import type { Day } from '@/lib/store/days';
import type { ReadReason, SyncJob } from '@/lib/store/jobs';
import type { OrderStore } from '@/lib/store/order-store';
import { shopLocalDate, type DayRange } from '@/lib/time';
import { clampToToday, isStale, recentFirst, staleRuns, windowPlan, type FreshnessRules } from './plan';
import type { ShopRef } from './runner';

// What a caller asked the engine to sync, and the job that reads it: the store's coverage of the
// range against its freshness rules (./plan decides which days are stale).

/** A range to sync, the freshness it is held to, and days to read again whatever their freshness. */
export interface Wanted {
  range: DayRange;
  why: ReadReason;
  rules: FreshnessRules;
  force: ReadonlySet<Day>;
  /**
   * Read the forced days alone (a settlement re-read): no other day of the range, however stale or
   * missing, and not the catalog. A re-read must not spend budget on, or store, days nobody asked for.
   */
  only?: boolean;
}

/** A page polls every few seconds while a run is busy: each range is planned again once, not once per poll. */
export function queue(pending: Wanted[], wanted: Wanted): void {
  const same = pending.find(
    (w) => w.range.from === wanted.range.from && w.range.to === wanted.range.to && !w.only === !wanted.only,
  );
  if (!same) pending.push(wanted);
  else {
    if (wanted.rules.todayStaleAfterMs < same.rules.todayStaleAfterMs) same.rules = wanted.rules;
    same.force = new Set([...same.force, ...wanted.force]);
  }
}

/**
 * The job that reads a wanted range's missing and stale days (and its forced ones), or null when
 * every day of it is fresh.
 */
export async function planJob(
  store: OrderStore,
  shop: ShopRef,
  { range, why, rules, force, only }: Wanted,
  now: number,
): Promise<SyncJob | null> {
  const clamped = clampToToday(range, shopLocalDate(Math.floor(now / 1000), shop.timezone));
  if (!clamped) return null;
  const [covered, unsettled] = only
    ? [new Map<Day, number>(), new Set<Day>()]
    : await Promise.all([
        store.coverage(shop.id, clamped.from, clamped.to),
        store.unsettledDays(shop.id, clamped.from, clamped.to),
      ]);
  const runs = staleRuns(
    clamped,
    (day) => force.has(day) || (!only && isStale(day, shop.timezone, covered.get(day), now, rules, unsettled.has(day))),
  );
  if (runs.length === 0) return null;
  return {
    shopId: shop.id,
    jobId: randomUUID(),
    state: 'running',
    plan: {
      why,
      timeZone: shop.timezone,
      from: clamped.from,
      to: clamped.to,
      // Settlement changes orders, never the catalog: a re-read of settled days skips it.
      catalogDone: only === true,
      windows: recentFirst(runs).map((r) => windowPlan(r, shop.timezone, now)),
      requestTimes: [],
    },
    startedAt: now,
    updatedAt: now,
    finishedAt: null,
    error: null,
  };
}
