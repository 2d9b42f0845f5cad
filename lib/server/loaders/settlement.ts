import 'server-only';
import { ENTRY_BYTES } from '@/lib/config/cache-limits';
import { boundedCache, jsonBytes } from '@/lib/config/caches';
import { countLearning } from '@/lib/metrics';
import type { ReportEnvelope } from '@/lib/reports/envelope';
import {
  settlementFigures,
  settlementReportSpan,
  type SettlementData,
  type SettlementReport,
  type SkuName,
} from '@/lib/reports/settlement-report';
import { keptForRange } from '@/lib/store/month-cache';
import type { OrderStore } from '@/lib/store/order-store';
import { snapshotsSince } from '@/lib/store/snapshots';
import { skuInfo } from '@/lib/store/reads';
import { deepFreeze } from '@/lib/upstream/cache';
import type { DayRange } from '@/lib/time';
import type { SettlementQuery } from '@/lib/views/settlement';
import type { ConnectedShop } from './shops';
import { reportDeps, reportFrame } from './reports';

// The Settlement page's report (docs/ARCHITECTURE.md#settlement): how far the range's estimated
// figures moved at settlement, what to expect for the open ones, and the backtest, from the store.
// A person's check of what settled since: ../actions/settlement.

type Figures = Omit<SettlementReport, 'snapshotsSince'>;

/** Reports kept until a month they read is written (lib/store/month-cache), bounded by the bytes they hold. */
const keptFigures = boundedCache<string, Figures>('settlementReports', {
  size: (figures) => jsonBytes(figures) * ENTRY_BYTES.settlementJsonByte,
});

/**
 * The range's report, its figures kept per shop and range until a month they read is written (the
 * range's and the lookback's the expected drift learns from: settlementReportSpan), as the Pricing
 * model is kept: a page, its search and its export ask again and again between two syncs that
 * change something. The earliest snapshot is the shop's, of no month: read on every ask.
 */
export async function keptSettlementReport(
  db: OrderStore['db'],
  shopId: string,
  range: DayRange,
): Promise<SettlementReport> {
  const [since, figures] = await Promise.all([
    snapshotsSince(db, shopId),
    keptForRange(
      db,
      shopId,
      settlementReportSpan(range),
      `settlement:${range.from}:${range.to}`,
      keptFigures,
      async () => {
        countLearning('settlement-report');
        // Shared by every ask once kept: frozen, so no ask can change it for the next.
        return deepFreeze(await settlementFigures(db, shopId, range));
      },
    ),
  ]);
  return { ...figures, snapshotsSince: since };
}

/** Keeps the SKU-based parts to SKUs whose name, seller SKU or id contains `q` (case-insensitive). */
function narrowed(
  report: SettlementReport,
  skus: Record<string, SkuName>,
  q: string | null | undefined,
): SettlementReport {
  if (!q) return report;
  const needle = q.toLowerCase();
  const hit = (skuId: string) => {
    const n = skus[skuId];
    return [skuId, n?.productName, n?.skuName, n?.sellerSku].some((t) => t?.toLowerCase().includes(needle));
  };
  return {
    ...report,
    observed: {
      ...report.observed,
      skus: report.observed.skus.filter((s) => hit(s.skuId)),
      top: report.observed.top.filter((o) => o.lines.some((l) => hit(l.skuId))),
    },
    expected: { ...report.expected, skus: report.expected.skus.filter((s) => s.skuId !== null && hit(s.skuId)) },
    forecast: { ...report.forecast, rows: report.forecast.rows.filter((r) => hit(r.skuId)) },
    backtest: { ...report.backtest, skus: report.backtest.skus.filter((s) => hit(s.skuId)) },
  };
}

export async function loadSettlement(
  shop: ConnectedShop,
  rangeInput: SettlementQuery['range'],
  q: SettlementQuery['q'],
): Promise<ReportEnvelope<SettlementData>> {
  const d = await reportDeps();
  const { range, frame } = await reportFrame(shop, rangeInput, d);
  const [report, info] = await Promise.all([
    keptSettlementReport(d.store.db, shop.id, range),
    skuInfo(d.store.db, shop.id),
  ]);
  const skus: Record<string, SkuName> = {};
  for (const [id, i] of info) skus[id] = { productName: i.productName, skuName: i.skuName, sellerSku: i.sellerSku };
  return { ...frame, report: { ...narrowed(report, skus, q), skus } };
}
