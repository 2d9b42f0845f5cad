import type { CostsView } from '@/lib/costs/types';
import type { ShopCostInputs } from '@/lib/costs/kinds';
import { DEFAULT_SWITCHES, type ProfitSwitches } from '@/lib/profit';
import { type DayRange } from '@/lib/time';
import { skuInfo, type FlaggedSums, type SkuInfo } from '@/lib/store/reads';
import { periodSums, type PeriodDeps, type PeriodSums, type ShopZone } from './period';
import { findLosses, type LossRow } from './loss-finder';
import type { SkuSortKey } from './sort-keys';
import { addRow, addSums, classOf, emptyReportSums, ratio, withRatios, type ReportSums } from './sums';
import { cogsSchedule, cogsSourceOf } from '@/lib/costs/cogs';
import type { CogsRule } from './cogs-adjust';
import { countedCharges, placeCosts, type CountedCharges } from './cost-lines';
import { kindCharges } from '@/lib/costs/kinds';

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
  /** Where costOfGoods comes from: every line from the service, every re-costed line from the seller's COGS, or both. */
  cogsSource: CostSource;
  /** The seller's ad spend on this SKU (its own, plus its share of its product's) (≤ 0); in netProfit. */
  adSpend: number;
  /** Its share of the shop-level ad spend and expenses, by net sales (≤ 0), when allocation is on; in netProfit. */
  allocatedCosts: number;
  /** Each charged kind's charges on this SKU (lib/costs/charges; ≤ 0), by kind id; in netProfit. */
  chargedCosts: Record<string, number>;
}

/**
 * The lines of the period that belong to the whole shop, never to a SKU: samples, refunds, the
 * seller's whole-shop ad spend and expenses, and the bottom line they make with the SKUs' profit.
 */
export const PERIOD_LINES = [
  'sampleCost',
  'sampleLines',
  'refunds',
  'shopAdSpend',
  'expenses',
  'netProfitAfterRefunds',
] as const;
type PeriodLine = (typeof PERIOD_LINES)[number];

/**
 * A searched SKU report counts what it shows: its rows and their totals, the shown SKUs' own
 * figures. The period lines are the whole shop's, so they are left out (null), never subtracted
 * from a few SKUs (one profitable SKU would read as losing the shop's refunds).
 */
export type SearchedSkuReport = Omit<SkuReport, PeriodLine | 'search'> & { search: string } & Record<PeriodLine, null>;

/** The report as the SKU profit page and its export answer it: the whole shop's, or a search's. */
export function searchedOrWhole(report: SkuReport): SkuReport | SearchedSkuReport {
  if (report.search === null) return report;
  const left = Object.fromEntries(PERIOD_LINES.map((k) => [k, null])) as Record<PeriodLine, null>;
  return { ...report, ...left, search: report.search };
}

/** "from the service", "your input", or a figure with parts of both. */
export type CostSource = 'service' | 'input' | 'mixed';

export type SkuTotals = ReportSums & {
  margin: number | null;
  estimatedShare: number | null;
  adSpend: number;
  allocatedCosts: number;
  chargedCosts: Record<string, number>;
};

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
  /** Shop-level ad spend over the range (≤ 0): a period line, 0 when allocated to the SKUs. */
  shopAdSpend: number;
  /** The seller's other expenses spread over the range's days (≤ 0): a period line, 0 when allocated. */
  expenses: number;
  /** Which costs the figures count: the seller's inputs too ('mine'), or the service's figures only. */
  costs: CostsView;
  /** True when shop-level ad spend and expenses are allocated to SKUs by net sales share. */
  allocated: boolean;
  /** totals.netProfit + sampleCost + refunds + shopAdSpend + expenses: the period's bottom line. */
  netProfitAfterRefunds: number;
  losses: LossRow[];
}

export interface SkuReportOptions {
  switches?: ProfitSwitches;
  /** The seller's inputs (lib/store/cost-inputs readCostInputs); none or null: the service's figures only. */
  costs?: ShopCostInputs | null;
  /** Allocate shop-level ad spend and expenses to SKUs by net sales share (labelled as such). */
  allocate?: boolean;
  /** While the range is still being synced: the stored days, the only ones the seller's costs are placed on. */
  countedDays?: ReadonlySet<string> | null;
  /** Case-insensitive text in product name, SKU name, seller SKU or SKU id. */
  search?: string;
  sort?: { key: SkuSortKey; dir: 'asc' | 'desc' };
}

export interface SkuReportInput {
  sums: readonly (FlaggedSums & { sku_id: string })[];
  /** The charged kinds' charges of the lines counted (lib/reports/cost-lines countedCharges). */
  charged: readonly CountedCharges[];
  info: ReadonlyMap<string, SkuInfo>;
  refundDays: readonly { local_day: string; value: number }[];
}

/**
 * The rules of a shop's inputs applied to its lines: dated COGS and the kinds charged per unit or
 * order line (prices from what the store knows of its catalog).
 */
export function cogsRuleOf(
  costs: ShopCostInputs | null | undefined,
  info: ReadonlyMap<string, SkuInfo>,
): CogsRule | undefined {
  if (!costs) return undefined;
  const prices = new Map([...info].map(([sku, i]) => [sku, i.priceCents]));
  const charges = kindCharges(costs, prices);
  if (costs.cogs.length === 0 && charges.length === 0) return undefined;
  return { schedule: cogsSchedule(costs.cogs), prices, charges };
}

export async function skuReport(
  deps: PeriodDeps,
  shop: ShopZone,
  range: DayRange,
  options: SkuReportOptions = {},
): Promise<SkuReport> {
  const info = await skuInfo(deps.store.db, shop.id);
  const sums = await periodSums(deps, shop, range, {
    days: false,
    cogs: cogsRuleOf(options.costs, info),
    counted: options.countedDays ?? null,
  });
  return skuReportOfSums(range, sums, info, options);
}

/** The report from a period's sums already read (with its SKU rows, re-costed by `cogsRuleOf`): the overview reads the range once for both. */
export function skuReportOfSums(
  range: DayRange,
  sums: PeriodSums,
  info: ReadonlyMap<string, SkuInfo>,
  options: SkuReportOptions = {},
): SkuReport {
  const charged = countedCharges(sums.charges, options.switches ?? DEFAULT_SWITCHES);
  return buildSkuReport(range, { sums: sums.skus, charged, info, refundDays: sums.refunds }, options);
}

/**
 * The report from rollup sums. A search narrows everything SKU-based (rows, totals, excluded lines,
 * the loss finder) to the matching SKUs, so the figures above the table are the table's; the
 * period lines are the whole shop's, and `searchedOrWhole` leaves them out of a search.
 */
function buildSkuReport(range: DayRange, input: SkuReportInput, options: SkuReportOptions = {}): SkuReport {
  const switches = options.switches ?? DEFAULT_SWITCHES;
  const { info } = input;
  const matches = skuMatcher(options.search, info);
  const bySku = new Map<string, ReportSums>();
  const sample = emptyReportSums();
  let excludedLines = 0;
  for (const row of input.sums) {
    const cls = classOf(row, switches);
    if (cls === 'counted') {
      let acc = bySku.get(row.sku_id);
      if (!acc) bySku.set(row.sku_id, (acc = emptyReportSums()));
      addRow(acc, row);
    }
    if (!matches(row.sku_id)) continue;
    if (cls === 'excluded') excludedLines += row.lines;
    else if (cls === 'sample') addRow(sample, row);
  }
  const placement = options.costs
    ? placeCosts({
        inputs: options.costs,
        from: range.from,
        to: range.to,
        netSales: new Map([...bySku].map(([sku, s]) => [sku, s.netSales])),
        productOf: new Map([...info].map(([sku, i]) => [sku, i.productId])),
        allocate: options.allocate ?? false,
        counted: options.countedDays ?? null,
        charged: input.charged,
      })
    : null;
  // Every SKU with counted lines or costs of its own, whole-shop, before the search narrows them.
  const all = new Map<string, SkuProfitRow>();
  for (const skuId of new Set([...bySku.keys(), ...(placement?.bySku.keys() ?? [])])) {
    const s = bySku.get(skuId) ?? emptyReportSums();
    const c = placement?.bySku.get(skuId) ?? { adSpend: 0, allocated: 0, chargedCosts: {} };
    const charged = Object.values(c.chargedCosts).reduce((a, b) => a + b, 0);
    if (s.lines === 0 && c.adSpend === 0 && c.allocated === 0 && charged === 0) continue;
    const own = c.adSpend + c.allocated + charged;
    const sums = { ...s, totalCosts: s.totalCosts + own, netProfit: s.netProfit + own };
    const i = info.get(skuId);
    all.set(skuId, {
      ...withRatios(sums),
      skuId,
      productId: i?.productId ?? '',
      productName: i?.productName ?? skuId,
      skuName: i?.skuName ?? '',
      sellerSku: i?.sellerSku ?? '',
      estimatedUnits: i?.priceCents ? s.grossSales / i.priceCents : null,
      profitShare: null,
      cogsSource: cogsSourceOf(s.recostedLines, s.lines),
      adSpend: c.adSpend,
      allocatedCosts: c.allocated,
      chargedCosts: c.chargedCosts,
    });
  }
  // A SKU's share of the whole shop's SKU profit, searched or not.
  const allProfit = [...all.values()].reduce((acc, r) => acc + r.netProfit, 0);
  let rows = [...all.values()]
    .filter((r) => matches(r.skuId))
    .map((r) => ({ ...r, profitShare: ratio(r.netProfit, allProfit) }));
  const totals = { ...emptyReportSums(), adSpend: 0, allocatedCosts: 0, chargedCosts: {} as Record<string, number> };
  for (const r of rows) {
    addSums(totals, r);
    totals.adSpend += r.adSpend;
    totals.allocatedCosts += r.allocatedCosts;
    for (const [id, cents] of Object.entries(r.chargedCosts))
      totals.chargedCosts[id] = (totals.chargedCosts[id] ?? 0) + cents;
  }
  const losses = findLosses(rows);
  rows = sortRows(rows, options.sort);
  const refunds = input.refundDays.reduce((acc, d) => acc + d.value, 0);
  const shopAdSpend = placement?.shopAdSpend ?? 0;
  const expenses = placement?.expenses ?? 0;
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
    shopAdSpend,
    expenses,
    costs: options.costs ? 'mine' : 'service',
    allocated: placement?.allocated ?? false,
    netProfitAfterRefunds: totals.netProfit + sample.netProfit + refunds + shopAdSpend + expenses,
    losses,
  };
}

/** Case-insensitive text in product name, SKU name, seller SKU or SKU id. */
function skuMatcher(search: string | undefined, info: ReadonlyMap<string, SkuInfo>): (skuId: string) => boolean {
  const needle = search?.trim().toLowerCase();
  if (!needle) return () => true;
  return (skuId) => {
    const i = info.get(skuId);
    return [i?.productName ?? skuId, i?.skuName ?? '', i?.sellerSku ?? '', skuId].some((text) =>
      text.toLowerCase().includes(needle),
    );
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
