import { z } from 'zod';

// The sync's checkpoint, persisted with every page in the same transaction as the page's orders,
// so a crash or restart resumes exactly after the last stored page and loses nothing.

export const windowPlanSchema = z.object({
  fromDay: z.string(),
  toDay: z.string(),
  startTs: z.number(),
  endTs: z.number(),
  /** The next orders page to fetch (pages before it are stored). */
  nextPage: z.number().int().min(1),
  /** Known after the first page; it may grow while a window that ends in the future is synced. */
  totalPages: z.number().int().nonnegative().nullable(),
  ordersStored: z.number().int().nonnegative(),
  /** When this window's pass began (ms): local orders of the window older than it were not seen. */
  passStartedAt: z.number(),
  ordersDone: z.boolean(),
  refundsDone: z.boolean(),
  /** The upstream's `pagination.total` on the latest page read: what the window must hold. */
  upstreamTotal: z.number().int().nonnegative().nullable().default(null),
  /** When the window's last page was requested (ms): the time its data was read. */
  readAt: z.number().nullable().default(null),
  /** Passes over the window so far; a count that does not add up is read once more. */
  passes: z.number().int().nonnegative().default(1),
});

/**
 * Why a job reads its range, for its progress to say: the range a person opened, the period the
 * overview compares it with, the refresh of today, the settlement check's re-read of the days that
 * changed, or the reconciliation's re-read of a month whose count changed.
 */
export const READ_REASONS = ['range', 'comparison', 'today', 'settlement', 'reconcile'] as const;

export const syncPlanSchema = z.object({
  /** Why the job reads (READ_REASONS); a job saved before it said so was a range a page asked for. */
  why: z.enum(READ_REASONS).default('range'),
  timeZone: z.string(),
  from: z.string(),
  to: z.string(),
  catalogDone: z.boolean(),
  windows: z.array(windowPlanSchema),
  /** When the job's latest requests completed (ms, the last 60): every instance derives the same rate from them. */
  requestTimes: z.array(z.number()).default([]),
});

export type WindowPlan = z.output<typeof windowPlanSchema>;
export type SyncPlan = z.output<typeof syncPlanSchema>;
export type ReadReason = SyncPlan['why'];
export type SyncState = 'running' | 'done' | 'failed';

export interface SyncJob {
  shopId: string;
  jobId: string;
  state: SyncState;
  plan: SyncPlan;
  startedAt: number;
  updatedAt: number;
  finishedAt: number | null;
  error: string | null;
}

export function parsePlan(json: string): SyncPlan {
  return syncPlanSchema.parse(JSON.parse(json));
}
