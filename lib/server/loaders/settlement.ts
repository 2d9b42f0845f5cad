import 'server-only';
import type { ReportEnvelope } from '@/lib/reports/envelope';
import {
  settlementReport,
  type SettlementData,
  type SettlementReport,
  type SkuName,
} from '@/lib/reports/settlement-report';
import { skuInfo } from '@/lib/store/reads';
import type { SettlementQuery } from '@/lib/views/settlement';
import type { ConnectedShop } from './shops';
import { reportDeps, reportFrame } from './reports';

// The Settlement page's report (docs/ARCHITECTURE.md#settlement): how far the range's estimated
// figures moved at settlement, what to expect for the open ones, and the backtest, from the store.
// A person's check of what settled since: ../actions/settlement.

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
    settlementReport(d.store.db, shop.id, range),
    skuInfo(d.store.db, shop.id),
  ]);
  const skus: Record<string, SkuName> = {};
  for (const [id, i] of info) skus[id] = { productName: i.productName, skuName: i.skuName, sellerSku: i.sellerSku };
  return { ...frame, report: { ...narrowed(report, skus, q), skus } };
}
