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
});

export const syncPlanSchema = z.object({
  timeZone: z.string(),
  from: z.string(),
  to: z.string(),
  catalogDone: z.boolean(),
  windows: z.array(windowPlanSchema),
});

export type WindowPlan = z.infer<typeof windowPlanSchema>;
export type SyncPlan = z.infer<typeof syncPlanSchema>;
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
