import type { RangeCoverage, SyncProgress } from '@/lib/sync/progress';

// The `data` of the report endpoints. Client-safe (types only): the pages read these.

export interface ReportFrame {
  shop: { id: string; name: string; timezone: string; currency: string };
  range: { from: string; to: string; timeZone: string };
  coverage: RangeCoverage;
  sync: SyncProgress;
  /** True while some days of the range are not stored yet: the figures cover only the stored days. */
  partial: boolean;
  /** Days of the range are missing or stale: the page asks for a sync (POST /sync); a GET never starts one. */
  needsSync: boolean;
}

/** The report over the stored days (see `partial`); null only when it could not be built. */
export type ReportEnvelope<R> = ReportFrame & { report: R | null };
