import type { RangeCoverage, SyncProgress } from '@/lib/sync/progress';
import type { Overview } from './overview';
import type { SkuReport } from './sku-report';

// The `data` of the report endpoints. Client-safe (types only): the pages read these.

export interface ReportFrame {
  shop: { id: string; name: string; timezone: string; currency: string };
  range: { from: string; to: string; timeZone: string };
  coverage: RangeCoverage;
  sync: SyncProgress;
}

/** `report` is null while the range is still being synced for the first time. */
export type ReportEnvelope<R> = ReportFrame & { report: R | null };

export type SkuReportData = ReportEnvelope<SkuReport>;
export type OverviewData = ReportEnvelope<Overview>;
export type SyncStatusData = { sync: SyncProgress; coverage: RangeCoverage | null };
