import { DEFAULT_SWITCHES, margin, type ProfitSwitches } from '@/lib/profit';
import { addDays, dayCount, shopDayStart, eachShopDay, shopLocalDate, type DayRange, previousPeriod } from '@/lib/time';
import { periodSums, type Period, type PeriodDeps, type PeriodSums, type ShopZone } from './period';
import { cogsRuleOf, skuReportOfSums, type SkuProfitRow } from './sku-report';
import type { CostsView } from '@/lib/costs/types';
import type { ShopCostInputs } from '@/lib/costs/kinds';
import { skuInfo, type SkuInfo } from '@/lib/store/reads';
import { countedCharges, placeCosts, type CostPlacement } from './cost-lines';
import { profitBridge, type BridgeStep } from './bridge';
import { addRow, classOf, emptyReportSums, ratio, type ReportSums } from './sums';

// The landing page's figures: KPIs for the range beside the previous period of the same length,
// a daily series of net sales and net profit, and the top and bottom SKUs by net profit.

const KPI_KEYS = [
  'orders',
  'gmv',
  'netSales',
  'netProfit',
  'margin',
  'refunds',
  'adSpend',
  'expenses',
  'netProfitAfterRefunds',
] as const;
export type KpiKey = (typeof KPI_KEYS)[number];

export interface Kpi {
  value: number | null;
  previous: number | null;
  /** (value − previous) / |previous|; for the margin, the difference in points. Null without a base. */
  change: number | null;
}

/** A day of the chart: null figures for a day not read yet or still to come (a gap, never a zero). */
export interface DayPoint {
  day: string;
  netSales: number | null;
  netProfit: number | null;
}

export interface Overview {
  range: DayRange;
  previousRange: DayRange;
  /** Unix seconds: the comparison's last day counts orders up to this time (the range includes today); null for whole days. */
  previousUntil: number | null;
  /** False while the previous period is still being synced (its figures are then null). */
  previousCovered: boolean;
  switches: ProfitSwitches;
  kpis: Record<KpiKey, Kpi>;
  series: DayPoint[];
  top: SkuProfitRow[];
  bottom: SkuProfitRow[];
  sampleCost: number;
  /** The bottom line as a sum from net sales, by kind (named for profit: hidden with the other figures). */
  profitBridge: BridgeStep[];
  estimatedShare: number | null;
  /** Which costs the figures count: the seller's inputs too ('mine'), or the service's only. */
  costs: CostsView;
  /** Where the range's bottom line comes from (cents): the service's figures and each of the seller's inputs. */
  sources: CostSources;
}

/**
 * The range's bottom line by source: `serviceProfit` is what the service's figures alone give (its COGS,
 * samples and refunds included); the seller's dated COGS change it by `cogsChange`, ad spend and
 * expenses and each charged kind by their totals.
 * serviceProfit + cogsChange + adSpend + expenses + Σ chargedCosts = netProfitAfterRefunds.
 */
export interface CostSources {
  /** A profit figure, named as one so that a person without costs and profit never receives it (lib/team/figures). */
  serviceProfit: number;
  cogsChange: number;
  adSpend: number;
  expenses: number;
  /** Each charged kind's total (lib/costs/charges; ≤ 0), by kind id: in net profit. */
  chargedCosts: Record<string, number>;
  /** Shop-level ad spend and expenses are allocated to SKUs by net sales share (then in net profit). */
  allocated: boolean;
  /** Counted lines whose cost of goods is the seller's, of all counted lines. */
  recostedLines: number;
  lines: number;
}

interface PeriodFigures {
  values: Record<KpiKey, number | null>;
  byDay: Map<string, ReportSums>;
  sampleCost: number;
  estimatedShare: number | null;
  sources: CostSources;
}

export interface CostContext {
  inputs: ShopCostInputs;
  info: ReadonlyMap<string, SkuInfo>;
  allocate: boolean;
}

/** The seller's costs placed over a period (SKU weights: the period's counted net sales per SKU). */
export function placementOf(
  sums: PeriodSums,
  period: Period,
  switches: ProfitSwitches,
  costs: CostContext | null,
  counted: ReadonlySet<string> | null = null,
): CostPlacement | null {
  if (!costs) return null;
  const netSales = new Map<string, number>();
  for (const row of sums.skus)
    if (classOf(row, switches) === 'counted') netSales.set(row.sku_id, (netSales.get(row.sku_id) ?? 0) + row.net_sales);
  return placeCosts({
    inputs: costs.inputs,
    from: period.from,
    to: period.to,
    netSales,
    productOf: new Map([...costs.info].map(([sku, i]) => [sku, i.productId])),
    allocate: costs.allocate,
    counted,
    charged: countedCharges(sums.charges, switches),
  });
}

function figures(sums: PeriodSums, switches: ProfitSwitches, placement: CostPlacement | null = null): PeriodFigures {
  const total = emptyReportSums();
  const byDay = new Map<string, ReportSums>();
  let sampleCost = 0;
  // The seller's COGS change to the sample line (its net profit's part that is not the service's).
  let sampleCogsChange = 0;
  let orders = 0;
  for (const row of sums.days) {
    const cls = classOf(row, switches);
    if (cls === 'sample') {
      sampleCost += row.net_profit;
      sampleCogsChange += row.cogs_delta ?? 0;
    }
    if (cls !== 'counted') continue;
    orders += row.orders;
    addRow(total, row);
    let day = byDay.get(row.local_day);
    if (!day) byDay.set(row.local_day, (day = emptyReportSums()));
    addRow(day, row);
  }
  const refunds = sums.refunds.reduce((acc, d) => acc + d.value, 0);
  let inSkus = 0;
  for (const [day, cents] of placement?.inSkusByDay ?? []) {
    inSkus += cents;
    let d = byDay.get(day);
    if (!d) byDay.set(day, (d = emptyReportSums()));
    d.netProfit += cents;
  }
  const netProfit = total.netProfit + inSkus;
  const periodLines = (placement?.shopAdSpend ?? 0) + (placement?.expenses ?? 0);
  const bottomLine = netProfit + sampleCost + refunds + periodLines;
  const adSpend = placement?.adSpendTotal ?? 0;
  const expenses = placement?.expensesTotal ?? 0;
  const cogsChange = total.costOfGoods - total.serviceCostOfGoods + sampleCogsChange;
  const chargedCosts = placement?.chargedCosts ?? {};
  const charged = Object.values(chargedCosts).reduce((a, b) => a + b, 0);
  return {
    values: {
      orders,
      gmv: total.gmv,
      netSales: total.netSales,
      netProfit,
      margin: margin(netProfit, total.netSales),
      refunds,
      // The bridge's period lines: what is not in net profit already.
      adSpend: placement?.shopAdSpend ?? 0,
      expenses: placement?.expenses ?? 0,
      netProfitAfterRefunds: bottomLine,
    },
    byDay,
    sampleCost,
    estimatedShare: ratio(total.estimatedNetSales, total.netSales),
    sources: {
      serviceProfit: bottomLine - cogsChange - adSpend - expenses - charged,
      cogsChange,
      adSpend,
      expenses,
      chargedCosts,
      allocated: placement?.allocated ?? false,
      recostedLines: total.recostedLines,
      lines: total.lines,
    },
  };
}

/**
 * Net sales, net profit of orders and margin of one period from the store, counted as the overview
 * counts them (the period tiles). `counted`: the stored days, while some are not (costs are placed
 * on those only).
 */
export async function periodFigures(
  deps: PeriodDeps,
  shop: ShopZone,
  period: Period,
  switches: ProfitSwitches,
  options: {
    costs: ShopCostInputs | null;
    allocate: boolean;
    counted: ReadonlySet<string> | null;
    /** The shop's catalog, when the caller read it already for several periods. */
    info?: ReadonlyMap<string, SkuInfo>;
  },
): Promise<{ netSales: number; netProfit: number; margin: number | null }> {
  const info = options.info ?? (await skuInfo(deps.store.db, shop.id));
  const cogs = cogsRuleOf(options.costs, info);
  const context = options.costs ? { inputs: options.costs, info, allocate: options.allocate } : null;
  const sums = await periodSums(deps, shop, period, {
    skus: context !== null,
    cogs,
    skusForWeightsOnly: true,
    dayTotalsOnly: true,
  });
  const { values } = figures(sums, switches, placementOf(sums, period, switches, context, options.counted));
  return { netSales: values.netSales ?? 0, netProfit: values.netProfit ?? 0, margin: values.margin };
}

function change(key: KpiKey, value: number | null, previous: number | null): number | null {
  if (value === null || previous === null) return null;
  if (key === 'margin') return value - previous;
  return previous === 0 ? null : (value - previous) / Math.abs(previous);
}

/**
 * The period the range is compared with: the same number of days just before it. When the range
 * includes today, only its elapsed part exists yet, so the comparison stops at the same point:
 * as many whole days, then the next day up to today's time of day (its refunds, whole-day totals,
 * are left out). "Today" at 10:00 is compared with yesterday until 10:00, not all of yesterday.
 */
export function comparisonPeriod(range: DayRange, timeZone: string, now: number): Period {
  const previous = previousPeriod(range);
  const nowSeconds = Math.floor(now / 1000);
  const today = shopLocalDate(nowSeconds, timeZone);
  if (range.from > today || range.to < today) return previous;
  const cutDay = addDays(previous.from, dayCount(range.from, today) - 1);
  const elapsed = nowSeconds - shopDayStart(today, timeZone);
  return { from: previous.from, to: cutDay, until: shopDayStart(cutDay, timeZone) + elapsed };
}

export async function overviewReport(
  deps: PeriodDeps,
  shop: ShopZone,
  range: DayRange,
  switches: ProfitSwitches = DEFAULT_SWITCHES,
  options: {
    topN?: number;
    previousCovered?: boolean;
    costs?: ShopCostInputs | null;
    allocate?: boolean;
    /** While the range is still being synced: the stored days, the only ones the seller's costs are placed on. */
    countedDays?: ReadonlySet<string> | null;
  } = {},
): Promise<Overview> {
  const { topN = 5, previousCovered = true } = options;
  const comparison = comparisonPeriod(range, shop.timezone, deps.now);
  const info = await skuInfo(deps.store.db, shop.id);
  const cogs = cogsRuleOf(options.costs, info);
  const context = options.costs ? { inputs: options.costs, info, allocate: options.allocate ?? false } : null;
  // The comparison's per-SKU sums only when the seller's costs are placed by SKU net sales (product
  // split, allocation); the range's are read once for its KPIs, its series and its SKU report.
  const [currentSums, previousSums] = await Promise.all([
    periodSums(deps, shop, range, { cogs }),
    periodSums(deps, shop, comparison, { skus: context !== null, cogs, skusForWeightsOnly: true, dayTotalsOnly: true }),
  ]);
  const skus = skuReportOfSums(range, currentSums, info, {
    switches,
    costs: options.costs ?? null,
    allocate: options.allocate ?? false,
    countedDays: options.countedDays ?? null,
  });
  const current = figures(
    currentSums,
    switches,
    placementOf(currentSums, range, switches, context, options.countedDays ?? null),
  );
  const previous = figures(previousSums, switches, placementOf(previousSums, comparison, switches, context));
  const kpis = Object.fromEntries(
    KPI_KEYS.map((k) => {
      // A previous period that is not synced yet has no figures to compare with (not zeros).
      const before = previousCovered ? previous.values[k] : null;
      return [k, { value: current.values[k], previous: before, change: change(k, current.values[k], before) }];
    }),
  ) as Record<KpiKey, Kpi>;
  const today = shopLocalDate(Math.floor(deps.now / 1000), shop.timezone);
  const series = eachShopDay(range.from, range.to).map((day) => {
    if (day > today || (options.countedDays && !options.countedDays.has(day)))
      return { day, netSales: null, netProfit: null };
    const d = current.byDay.get(day);
    return { day, netSales: d?.netSales ?? 0, netProfit: d?.netProfit ?? 0 };
  });
  // Rows come sorted by net profit, most profitable first.
  const top = skus.rows.slice(0, topN).filter((r) => r.netProfit > 0);
  const bottom = skus.rows
    .slice(-topN)
    .reverse()
    .filter((r) => !top.includes(r));
  return {
    range,
    previousRange: { from: comparison.from, to: comparison.to },
    previousUntil: comparison.until ?? null,
    previousCovered,
    switches,
    kpis,
    series,
    top,
    bottom,
    sampleCost: current.sampleCost,
    profitBridge: profitBridge(skus),
    estimatedShare: current.estimatedShare,
    costs: context ? 'mine' : 'service',
    sources: current.sources,
  };
}
