import { DEFAULT_SWITCHES, type ProfitSwitches } from '@/lib/profit';
import type { DayRange } from '@/lib/store/days';
import type { OrderStore } from '@/lib/store/order-store';
import { refundsByDay, skuInfo, sumsBySku } from '@/lib/store/reads';
import { findLosses, type LossRow } from './loss-finder';
import type { SkuSortKey } from './queries';
import { addRow, addSums, classOf, emptyReportSums, ratio, withMargin, type ReportSums } from './sums';

// One row per SKU over a range of shop-local days. Refund days are period totals only: they are
// never attributed to a SKU (DESIGN.md), so they appear beside the rows, not in them.

export interface SkuRow extends ReportSums {
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
  rows: SkuRow[];
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

export async function skuReport(store: OrderStore, shopId: string, range: DayRange, options: SkuReportOptions = {}): Promise<SkuReport> {
  const switches = options.switches ?? DEFAULT_SWITCHES;
  const [sums, info, refundDays] = await Promise.all([
    sumsBySku(store.db, shopId, range.from, range.to),
    skuInfo(store.db, shopId),
    refundsByDay(store.db, shopId, range.from, range.to),
  ]);
  const bySku = new Map<string, ReportSums>();
  const sample = emptyReportSums();
  let excludedLines = 0;
  for (const row of sums) {
    const cls = classOf(row, switches);
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
  let rows: SkuRow[] = [...bySku].filter(([, s]) => s.lines > 0).map(([skuId, s]) => {
    const i = info.get(skuId);
    return {
      ...withMargin(s),
      skuId,
      productId: i?.productId ?? '',
      productName: i?.productName ?? skuId,
      skuName: i?.skuName ?? '',
      sellerSku: i?.sellerSku ?? '',
      estimatedUnits: i?.priceCents ? s.grossSales / i.priceCents : null,
      profitShare: ratio(s.netProfit, totals.netProfit),
    };
  });
  const losses = findLosses(rows);
  rows = sortRows(filterRows(rows, options.search), options.sort);
  const refunds = refundDays.reduce((acc, d) => acc + d.value, 0);
  return {
    range,
    switches,
    rows,
    totals: withMargin(totals),
    sampleCost: sample.netProfit,
    sampleLines: sample.lines,
    excludedLines,
    refunds,
    netProfitAfterRefunds: totals.netProfit + sample.netProfit + refunds,
    losses,
  };
}

function filterRows(rows: SkuRow[], search: string | undefined): SkuRow[] {
  const needle = search?.trim().toLowerCase();
  if (!needle) return rows;
  return rows.filter((r) =>
    [r.productName, r.skuName, r.sellerSku, r.skuId].some((text) => text.toLowerCase().includes(needle)),
  );
}

/** Default: most profitable first; ties by SKU id so the order is stable. */
function sortRows(rows: SkuRow[], sort: SkuReportOptions['sort']): SkuRow[] {
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
