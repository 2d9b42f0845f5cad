import { DEFAULT_SWITCHES, type ProfitSwitches } from '@/lib/profit';
import type { DayRange } from '@/lib/store/days';
import { skuInfo, type FlaggedSums, type SkuInfo } from '@/lib/store/reads';
import { periodSums, type PeriodDeps, type ShopZone } from './period';
import { findLosses, type LossRow } from './loss-finder';
import type { SkuSortKey } from './query-params';
import { addRow, addSums, classOf, emptyReportSums, ratio, withRatios, type ReportSums } from './sums';

// One row per SKU over a range of shop-local days. Refund days are period totals only: they are
// never attributed to a SKU (docs/ARCHITECTURE.md#profit), so they appear beside the rows, not in them.

export interface SkuProfitRow extends ReportSums {
  skuId: string;
  productId: string;
  productName: string;
  skuName: string;
  sellerSku: string;
  /** Σ gross sales / catalog price; null when the catalog does not know the SKU's price. */
  estimatedUnits: number | null;
  margin: number | null;
  /** This SKU's net profit / the net profit of every SKU. */
  profitShare: number | null;
  estimatedShare: number | null;
}

export type SkuTotals = ReportSums & { margin: number | null; estimatedShare: number | null };

export interface SkuReport {
  range: DayRange;
  switches: ProfitSwitches;
  /** The search the SKU-based figures are narrowed to, or null. */
  search: string | null;
  rows: SkuProfitRow[];
  totals: SkuTotals;
  /** Net profit of sample orders, shown as a marketing cost line (0 when samples are counted). */
  sampleCost: number;
  sampleLines: number;
  excludedLines: number;
  /** Σ refund-day value over the range (≤ 0), not attributed to SKUs. */
  refunds: number;
  /** totals.netProfit + sampleCost + refunds. */
  netProfitAfterRefunds: number;
  losses: LossRow[];
}


export interface SkuReportOptions {
  switches?: ProfitSwitches;
  /** Case-insensitive text in product name, SKU name, seller SKU or SKU id. */
  search?: string;
  sort?: { key: SkuSortKey; dir: 'asc' | 'desc' };
}

export interface SkuReportInput {
  sums: readonly (FlaggedSums & { sku_id: string })[];
  info: ReadonlyMap<string, SkuInfo>;
  refundDays: readonly { local_day: string; value: number }[];
}

export async function skuReport(deps: PeriodDeps, shop: ShopZone, range: DayRange, options: SkuReportOptions = {}): Promise<SkuReport> {
  const [sums, info] = await Promise.all([periodSums(deps, shop, range, { days: false }), skuInfo(deps.store.db, shop.id)]);
  return buildSkuReport(range, { sums: sums.skus, info, refundDays: sums.refunds }, options);
}

/**
 * The report from rollup sums. A search narrows everything SKU-based (rows, totals, sample cost,
 * excluded lines, the loss finder) to the matching SKUs, so the figures above the table are the
 * table's; refunds are period figures (never attributed to a SKU) and stay whole.
 */
function buildSkuReport(range: DayRange, input: SkuReportInput, options: SkuReportOptions = {}): SkuReport {
  const switches = options.switches ?? DEFAULT_SWITCHES;
  const { info } = input;
  const matches = skuMatcher(options.search, info);
  const bySku = new Map<string, ReportSums>();
  const allSkus = emptyReportSums();
  const sample = emptyReportSums();
  let excludedLines = 0;
  for (const row of input.sums) {
    const cls = classOf(row, switches);
    if (cls === 'counted') addRow(allSkus, row);
    if (!matches(row.sku_id)) continue;
    if (cls === 'excluded') excludedLines += row.lines;
    else if (cls === 'sample') addRow(sample, row);
    else {
      let acc = bySku.get(row.sku_id);
      if (!acc) bySku.set(row.sku_id, (acc = emptyReportSums()));
      addRow(acc, row);
    }
  }
  const totals = emptyReportSums();
  for (const s of bySku.values()) addSums(totals, s);
  let rows: SkuProfitRow[] = [...bySku].filter(([, s]) => s.lines > 0).map(([skuId, s]) => {
    const i = info.get(skuId);
    return {
      ...withRatios(s),
      skuId,
      productId: i?.productId ?? '',
      productName: i?.productName ?? skuId,
      skuName: i?.skuName ?? '',
      sellerSku: i?.sellerSku ?? '',
      estimatedUnits: i?.priceCents ? s.grossSales / i.priceCents : null,
      // A SKU's share of the whole shop's SKU profit, searched or not.
      profitShare: ratio(s.netProfit, allSkus.netProfit),
    };
  });
  const losses = findLosses(rows);
  rows = sortRows(rows, options.sort);
  const refunds = input.refundDays.reduce((acc, d) => acc + d.value, 0);
  return {
    range,
    switches,
    search: options.search?.trim() || null,
    rows,
    totals: withRatios(totals),
    sampleCost: sample.netProfit,
    sampleLines: sample.lines,
    excludedLines,
    refunds,
    netProfitAfterRefunds: totals.netProfit + sample.netProfit + refunds,
    losses,
  };
}

/** Case-insensitive text in product name, SKU name, seller SKU or SKU id. */
function skuMatcher(search: string | undefined, info: ReadonlyMap<string, SkuInfo>): (skuId: string) => boolean {
  const needle = search?.trim().toLowerCase();
  if (!needle) return () => true;
  return (skuId) => {
    const i = info.get(skuId);
    return [i?.productName ?? skuId, i?.skuName ?? '', i?.sellerSku ?? '', skuId].some((text) => text.toLowerCase().includes(needle));
  };
}

/** Default: most profitable first; ties by SKU id so the order is stable. */
function sortRows(rows: SkuProfitRow[], sort: SkuReportOptions['sort']): SkuProfitRow[] {
  const { key, dir } = sort ?? { key: 'netProfit', dir: 'desc' };
  const sign = dir === 'asc' ? 1 : -1;
  return [...rows].sort((a, b) => {
    const x = a[key];
    const y = b[key];
    if (x !== y) {
      if (x === null) return 1;
      if (y === null) return -1;
      return (typeof x === 'string' && typeof y === 'string' ? x.localeCompare(y) : Number(x) - Number(y)) * sign;
    }
    return a.skuId < b.skuId ? -1 : a.skuId > b.skuId ? 1 : 0;
  });
}
