import { classifyOrder, withMargin, type OrderClass, type ProfitSwitches } from '@/lib/profit';
import type { FlaggedSums } from '@/lib/store/reads';
import { MONEY_COLUMNS, type LineFlags, type MoneyColumn } from '@/lib/store/schema';

/** A SKU's rollup sums of one flag combination, and a day's (the rows a period is read into). */
export type SkuSums = FlaggedSums & { sku_id: string };
export type DaySums = FlaggedSums & { local_day: string; orders: number };

/** A rollup row of no lines with `flags`: every figure zero (what rows are added onto, or a change starts from). */
export function zeroSums(flags: LineFlags): FlaggedSums {
  const figures = Object.fromEntries(MONEY_COLUMNS.map((c) => [c, 0])) as Record<MoneyColumn, number>;
  return { cancelled: flags.cancelled, sample: flags.sample, estimated: flags.estimated, lines: 0, ...figures };
}

// Report figures in cents, added up from rollup rows. Which rows count is decided by lib/profit's
// classifyOrder (the cancelled and sample switches), never by a second copy of that rule.

export interface ReportSums {
  lines: number;
  gmv: number;
  grossSales: number;
  promos: number;
  netSales: number;
  costOfGoods: number;
  shipping: number;
  platformFees: number;
  affiliateCommission: number;
  totalCosts: number;
  netProfit: number;
  /** Net sales of unsettled/draft orders (fees may still change at settlement). */
  estimatedNetSales: number;
  /** The service's cost of goods of these lines (costOfGoods is it with the seller's dated COGS applied). */
  serviceCostOfGoods: number;
  /** Lines whose cost of goods is the seller's. */
  recostedLines: number;
}

const COLUMN_KEYS: Record<
  MoneyColumn,
  Exclude<keyof ReportSums, 'lines' | 'estimatedNetSales' | 'serviceCostOfGoods' | 'recostedLines'>
> = {
  gmv: 'gmv',
  gross_sales: 'grossSales',
  promos: 'promos',
  net_sales: 'netSales',
  cost_of_goods: 'costOfGoods',
  shipping: 'shipping',
  platform_fees: 'platformFees',
  affiliate_commission: 'affiliateCommission',
  total_costs: 'totalCosts',
  net_profit: 'netProfit',
};

export function emptyReportSums(): ReportSums {
  return {
    lines: 0,
    gmv: 0,
    grossSales: 0,
    promos: 0,
    netSales: 0,
    costOfGoods: 0,
    shipping: 0,
    platformFees: 0,
    affiliateCommission: 0,
    totalCosts: 0,
    netProfit: 0,
    estimatedNetSales: 0,
    serviceCostOfGoods: 0,
    recostedLines: 0,
  };
}

export function addRow(into: ReportSums, row: FlaggedSums): void {
  into.lines += row.lines;
  for (const [column, key] of Object.entries(COLUMN_KEYS) as [MoneyColumn, keyof ReportSums][])
    into[key] += row[column];
  if (row.estimated) into.estimatedNetSales += row.net_sales;
  into.serviceCostOfGoods += row.cost_of_goods - (row.cogs_delta ?? 0);
  into.recostedLines += row.recosted_lines ?? 0;
}

const SUM_KEYS = Object.keys(emptyReportSums()) as (keyof ReportSums)[];

/** Adds the ReportSums fields of `from` (only those: a wider `into` keeps its other fields as they are). */
export function addSums(into: ReportSums, from: ReportSums): void {
  for (const key of SUM_KEYS) into[key] += from[key];
}

/** Where rows with these flags go under the switches ('counted' | 'sample' | 'excluded'). */
export function classOf(flags: LineFlags, switches: ProfitSwitches): OrderClass {
  return classifyOrder(
    { status: flags.cancelled ? 'CANCELLED' : 'COMPLETED', sampleOrder: flags.sample ? 'YES' : 'NO' },
    switches,
  );
}

/** The sums with their margin (lib/profit's) and the share of net sales that is still estimated. */
export function withRatios<T extends ReportSums>(
  sums: T,
): T & { margin: number | null; estimatedShare: number | null } {
  return { ...withMargin(sums), estimatedShare: ratio(sums.estimatedNetSales, sums.netSales) };
}

export function ratio(part: number, whole: number): number | null {
  return whole === 0 ? null : part / whole;
}
