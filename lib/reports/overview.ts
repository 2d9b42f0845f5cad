import { DEFAULT_SWITCHES, type ProfitSwitches } from '@/lib/profit';
import { addDays, dayCount, shopDayStart, eachShopDay, shopLocalDate, type DayRange, previousPeriod } from '@/lib/time';
import { periodSums, type Period, type PeriodDeps, type ShopZone } from './period';
import { figuresOf, KPI_KEYS, placementOf, type CostSources, type KpiKey } from './period-figures';
import { cogsRuleOf, skuReportOfSums, type SkuProfitRow } from './sku-report';
import type { CostsView } from '@/lib/costs/types';
import { CHARGED_KINDS, type ShopCostInputs } from '@/lib/costs/kinds';
import { skuInfo } from '@/lib/store/reads';
import { profitBridge, type BridgeStep } from './bridge';

// The landing page's figures: KPIs for the range beside the previous period of the same length,
// a daily series of net sales and net profit, and the top and bottom SKUs by net profit. A period's
// figures (the KPIs' values, with the seller's costs placed): ./period-figures.

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
    periodSums(deps, shop, range, { cogs, counted: options.countedDays ?? null }),
    periodSums(deps, shop, comparison, { skus: context !== null, cogs, skusForWeightsOnly: true, dayTotalsOnly: true }),
  ]);
  const skus = skuReportOfSums(range, currentSums, info, {
    switches,
    costs: options.costs ?? null,
    allocate: options.allocate ?? false,
    countedDays: options.countedDays ?? null,
  });
  const current = figuresOf(
    currentSums,
    switches,
    placementOf(currentSums, range, switches, context, options.countedDays ?? null),
  );
  const previous = figuresOf(previousSums, switches, placementOf(previousSums, comparison, switches, context));
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
    profitBridge: profitBridge(skus, CHARGED_KINDS),
    estimatedShare: current.estimatedShare,
    costs: context ? 'mine' : 'service',
    sources: current.sources,
  };
}
