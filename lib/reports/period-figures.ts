import { margin, type ProfitSwitches } from '@/lib/profit';
import type { ShopCostInputs } from '@/lib/costs/kinds';
import { skuInfo, type SkuInfo } from '@/lib/store/reads';
import { countedCharges, placeCosts, type CostPlacement } from './cost-lines';
import { periodSums, type Period, type PeriodDeps, type PeriodSums, type ShopZone } from './period';
import { cogsRuleOf } from './sku-report';
import { addRow, classOf, emptyReportSums, ratio, type ReportSums } from './sums';

// One period's figures as the overview counts them — the KPIs' values, a day-by-day split, the
// sample line and where the bottom line comes from — with the seller's costs placed over the
// period's SKUs. The overview (./overview) compares two periods of them; the period tiles, All
// shops and the P&L by month's days read them too.

export const KPI_KEYS = [
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

export function figuresOf(
  sums: PeriodSums,
  switches: ProfitSwitches,
  placement: CostPlacement | null = null,
): PeriodFigures {
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
    counted: options.counted,
  });
  const { values } = figuresOf(sums, switches, placementOf(sums, period, switches, context, options.counted));
  return { netSales: values.netSales ?? 0, netProfit: values.netProfit ?? 0, margin: values.margin };
}
