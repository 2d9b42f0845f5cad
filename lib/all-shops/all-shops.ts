import type { ProfitSwitches } from '@/lib/profit';
import type { SkuReport } from '@/lib/reports/sku-report';
import type { RangeCoverage, SyncProgress } from '@/lib/sync/progress';
import { convertCents, type RatePeriod } from '@/lib/costs/fx';
import type { CostDay, CostsView } from '@/lib/costs/types';

// Every shop of the key in one currency (the "All shops" page). Pure and client-safe: the loader
// builds the answer from each shop's own SKU report, the page and the CSV export read it.
//
// Each day's figures are converted once with the rate in effect on that day (lib/costs/fx.ts,
// lib/all-shops/daily.ts); a shop's converted figure is the sum of its converted days, a total
// the sum of the shops' converted figures, and a merged SKU row the sum of its shops' converted
// rows, so every sum on the page adds up exactly.
// A row adds up as the report's bridge does:
//   netProfit + sampleCost + refunds + shopAdSpend + expenses = netProfitAfterRefunds
// in the shop's currency and, because each converted day's bottom line is the sum of its
// converted parts, in the target currency too.

/** One shop's period figures (integer cents; costs ≤ 0, as on the SKU profit page). */
export interface AllShopsFigures {
  netSales: number;
  /** Σ SKU net profit (the seller's COGS and SKU ad spend counted when costs = mine). */
  netProfit: number;
  /** All ad spend (≤ 0): on SKUs and products (already inside netProfit) plus the shop-level lines. */
  adSpend: number;
  /** Shop-level ad spend (≤ 0): a period line, 0 when allocated to the SKUs. */
  shopAdSpend: number;
  /** The seller's other expenses over the range (≤ 0). */
  expenses: number;
  /** Net profit of sample orders shown as a marketing cost (≤ 0, 0 when samples count as sales). */
  sampleCost: number;
  /** Σ refund-day value (≤ 0). */
  refunds: number;
  /** The period's bottom line: the report's `netProfitAfterRefunds`. */
  netProfitAfterRefunds: number;
  /** Order lines counted. */
  orderLines: number;
  /** Each kind charged per unit or order line (lib/costs/charges; ≤ 0), by kind id: information, already inside netProfit. */
  chargedCosts: Record<string, number>;
}

export const MONEY_FIGURES = [
  'netSales',
  'netProfit',
  'adSpend',
  'shopAdSpend',
  'expenses',
  'sampleCost',
  'refunds',
  'netProfitAfterRefunds',
] as const;

/** The parts of the period's bottom line (netProfitAfterRefunds is their sum). */
export const BOTTOM_LINE_PARTS = ['netProfit', 'sampleCost', 'refunds', 'shopAdSpend', 'expenses'] as const;

/** The bottom line of a row: the sum of its parts. */
export const sumOfParts = (f: AllShopsFigures) => BOTTOM_LINE_PARTS.reduce((sum, key) => sum + f[key], 0);

/** A rate a shop's figures were converted with, and the days of its range it applied to: shown beside the figures. */
export interface AppliedRate {
  currency: string;
  target: string;
  rate: string;
  fromDay: CostDay;
  /** The shop's currency is the target: nothing was converted. */
  identity: boolean;
  /** The stored rate's id (null for identity). */
  id: string | null;
  /** The first and last day of the shop's range converted at this rate. */
  usedFrom: CostDay;
  usedTo: CostDay;
}

export function shopFigures(report: SkuReport): AllShopsFigures {
  const t = report.totals;
  return {
    netSales: t.netSales,
    netProfit: t.netProfit,
    adSpend: t.adSpend + report.shopAdSpend,
    shopAdSpend: report.shopAdSpend,
    expenses: report.expenses,
    sampleCost: report.sampleCost,
    refunds: report.refunds,
    netProfitAfterRefunds: report.netProfitAfterRefunds,
    orderLines: t.lines,
    chargedCosts: { ...t.chargedCosts },
  };
}

/** One day's figures, each converted once; the bottom line is the sum of its converted parts, so the row adds up. */
export function convertFigures(figures: AllShopsFigures, rate: string): AllShopsFigures {
  const out = { ...figures };
  for (const key of MONEY_FIGURES) out[key] = convertCents(figures[key], rate);
  out.chargedCosts = Object.fromEntries(
    Object.entries(figures.chargedCosts).map(([id, cents]) => [id, convertCents(cents, rate)]),
  );
  out.netProfitAfterRefunds = sumOfParts(out);
  return out;
}

export function emptyFigures(): AllShopsFigures {
  return {
    netSales: 0,
    netProfit: 0,
    adSpend: 0,
    shopAdSpend: 0,
    expenses: 0,
    sampleCost: 0,
    refunds: 0,
    netProfitAfterRefunds: 0,
    orderLines: 0,
    chargedCosts: {},
  };
}

export function addFigures(into: AllShopsFigures, add: AllShopsFigures): AllShopsFigures {
  for (const key of [...MONEY_FIGURES, 'orderLines'] as const) into[key] += add[key];
  for (const [id, cents] of Object.entries(add.chargedCosts))
    into.chargedCosts[id] = (into.chargedCosts[id] ?? 0) + cents;
  return into;
}

export function appliedRate({ rate, from, to }: RatePeriod, identity: boolean): AppliedRate {
  return {
    currency: rate.currency,
    target: rate.target,
    rate: rate.rate,
    fromDay: rate.fromDay,
    identity,
    id: identity ? null : rate.id,
    usedFrom: from,
    usedTo: to,
  };
}

// ---- SKU ranking ----

export type AllShopsMerge = 'sellerSku' | 'none';

/** One SKU row of one shop, converted with that shop's rate. */
export interface ShopSkuRow {
  shopId: string;
  shopName: string;
  currency: string;
  skuId: string;
  productName: string;
  skuName: string;
  sellerSku: string;
  lines: number;
  /** In the shop's currency. */
  netSales: number;
  netProfit: number;
  /** In the target currency. */
  convertedNetSales: number;
  convertedNetProfit: number;
}

export interface RankedSku {
  /** `sku:{sellerSku}` when merged by seller SKU, else `{shopId}:{skuId}`. */
  key: string;
  productName: string;
  skuName: string;
  sellerSku: string;
  /** Every shop+SKU this row sums (one unless merged). */
  shops: { shopId: string; shopName: string; skuId: string; currency: string }[];
  lines: number;
  /** In the target currency: the sum of the shops' converted rows. */
  netSales: number;
  netProfit: number;
  margin: number | null;
}

export interface SkuRanking {
  merge: AllShopsMerge;
  /** How many ranked rows there are (after merging). */
  count: number;
  /** The 10 highest converted net profits, best first. */
  top: RankedSku[];
  /** The 10 lowest of the rest (never repeating a top row), worst first. */
  bottom: RankedSku[];
}

export const RANK_SIZE = 10;

/**
 * Rows of shops that have a rate, one per shop+SKU, or one per seller SKU across shops when merged.
 * A SKU without a seller SKU is never merged (an empty code says nothing about sameness).
 */
export function rankSkus(rows: readonly ShopSkuRow[], merge: AllShopsMerge, size = RANK_SIZE): SkuRanking {
  const merged = new Map<string, RankedSku>();
  for (const row of rows) {
    const key = merge === 'sellerSku' && row.sellerSku !== '' ? `sku:${row.sellerSku}` : `${row.shopId}:${row.skuId}`;
    let acc = merged.get(key);
    if (!acc) {
      acc = {
        key,
        productName: row.productName,
        skuName: row.skuName,
        sellerSku: row.sellerSku,
        shops: [],
        lines: 0,
        netSales: 0,
        netProfit: 0,
        margin: null,
      };
      merged.set(key, acc);
    }
    acc.shops.push({ shopId: row.shopId, shopName: row.shopName, skuId: row.skuId, currency: row.currency });
    acc.lines += row.lines;
    acc.netSales += row.convertedNetSales;
    acc.netProfit += row.convertedNetProfit;
  }
  const all = [...merged.values()].map((r) => ({ ...r, margin: r.netSales === 0 ? null : r.netProfit / r.netSales }));
  // Ties by key, both ways, so a list never reshuffles between two identical answers.
  const byKey = (a: RankedSku, b: RankedSku) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0);
  const sorted = all.sort((a, b) => b.netProfit - a.netProfit || byKey(a, b));
  const top = sorted.slice(0, size);
  const bottom = sorted
    .slice(top.length)
    .sort((a, b) => a.netProfit - b.netProfit || byKey(a, b))
    .slice(0, size);
  return { merge, count: sorted.length, top, bottom };
}

// ---- The answer of GET /api/dashboard/all-shops ----

export interface AllShopsRow {
  shop: { id: string; name: string; timezone: string; currency: string };
  /** The range resolved on THIS shop's calendar. */
  range: { from: CostDay; to: CostDay; timeZone: string };
  coverage: RangeCoverage;
  sync: SyncProgress;
  /** Some days of the range are not stored yet: the figures cover only the stored days. */
  partial: boolean;
  needsSync: boolean;
  /** Nothing of the range is stored yet: the shop shows as syncing, its zeros are not figures. */
  syncing: boolean;
  /** In the shop's currency. */
  figures: AllShopsFigures;
  /** In the target currency: the sum of the converted days; null when some day of the range has no rate. */
  converted: AllShopsFigures | null;
  /** The rates the range's days were converted at, in day order (empty when a rate is missing). */
  rates: AppliedRate[];
  missingRate: boolean;
  /** The days of the range without a rate into the target (null when none). */
  missingDays: { from: CostDay; to: CostDay } | null;
}

export interface AllShops {
  currency: string;
  costs: CostsView;
  switches: ProfitSwitches;
  shops: AllShopsRow[];
  /** Σ converted figures of the shops that have a rate. */
  totals: AllShopsFigures;
  /** The shops the totals and the ranking leave out: some day of their range has no rate into `currency`. */
  leftOut: { id: string; name: string; currency: string; days: { from: CostDay; to: CostDay } }[];
  /** Some counted shop is still syncing part of the range. */
  partial: boolean;
  ranking: SkuRanking;
  /** Ids of the rates seeded for the demo (labelled as demo rates), while they exist. */
  demoRateIds: string[];
}
