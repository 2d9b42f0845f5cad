import { allocateByWeight } from '@/lib/costs/allocate';
import { adSpendIn, expensesByDay } from '@/lib/costs/spread';
import type { CostDay } from '@/lib/costs/types';
import type { ShopCostInputs } from '@/lib/costs/kinds';
import type { ProfitSwitches } from '@/lib/profit';
import type { PeriodSums } from './period';
import { classOf } from './sums';

// The seller's ad spend and expenses over a period, placed (docs/ARCHITECTURE.md#your-costs):
// - ad spend on a SKU is that SKU's; on a product, split over the product's SKUs by their net sales
//   in the period (equally when none sold); both are in the SKUs' net profit ("attributed");
// - ad spend on the whole shop (or on a product we know no SKU of) and expenses are period lines,
//   like refunds, unless `allocate`: then they go to the SKUs by net sales share, labelled as such
//   (they stay period lines when no SKU had positive net sales).
// - kinds charged per unit or order line (lib/costs/charges) are their SKUs' (in net profit), by day;
// The overview's KPIs and daily series and the SKU report read this one placement.

export interface CostPlacement {
  /** Per SKU: its attributed ad spend, its allocated share of the shop-level costs and each charged kind's charges (cents, ≤ 0). */
  bySku: Map<string, SkuCosts>;
  /** Each charged kind's total over the period (≤ 0), by kind id. */
  chargedCosts: Record<string, number>;
  /** Each charged kind's charges per day (≤ 0), by kind id: inside inSkusByDay too. */
  chargedByDay: Record<string, Map<CostDay, number>>;
  /** Shop-level ad spend left as a period line (≤ 0); 0 when allocated. */
  shopAdSpend: number;
  /** Expenses left as a period line (≤ 0); 0 when allocated. */
  expenses: number;
  /** Every ad spend entry of the period (≤ 0), however placed. */
  adSpendTotal: number;
  /** Every expense share of the period (≤ 0), however placed. */
  expensesTotal: number;
  /** Per day: what is in the SKUs' net profit (attributed ad spend, and the allocated costs when allocated), ≤ 0. */
  inSkusByDay: Map<CostDay, number>;
  /** Per day: every ad spend entry, however placed (≤ 0). */
  adSpendByDay: Map<CostDay, number>;
  /** Per day: the shop-level ad spend and the expenses left as period lines (≤ 0; empty when allocated). */
  shopAdSpendByDay: Map<CostDay, number>;
  expensesByDay: Map<CostDay, number>;
  allocated: boolean;
}

export interface SkuCosts {
  adSpend: number;
  allocated: number;
  /** By charged kind id (≤ 0). */
  chargedCosts: Record<string, number>;
}

/** A charged kind's counted charges of a period (≥ 0 cents): by SKU and by day. */
export interface CountedCharges {
  id: string;
  bySku: ReadonlyMap<string, number>;
  byDay: ReadonlyMap<CostDay, number>;
}

/** The charges of the lines the switches count (a period's sums as read, lib/reports/period). */
export function countedCharges(charges: PeriodSums['charges'], switches: ProfitSwitches): CountedCharges[] {
  return charges.map((c) => {
    const bySku = new Map<string, number>();
    const byDay = new Map<CostDay, number>();
    for (const r of c.skus) if (classOf(r, switches) === 'counted') add(bySku, r.key, r.charge);
    for (const r of c.days) if (classOf(r, switches) === 'counted') add(byDay, r.key, r.charge);
    return { id: c.id, bySku, byDay };
  });
}

export interface PlacementInput {
  inputs: ShopCostInputs;
  from: CostDay;
  to: CostDay;
  /** Net sales per SKU of the period's counted lines (cents): the weights. */
  netSales: ReadonlyMap<string, number>;
  /** The product of each SKU we know (catalog or orders). */
  productOf: ReadonlyMap<string, string>;
  allocate: boolean;
  /**
   * While the range is still being synced: the days whose orders are counted. The seller's ad spend
   * and expenses are then placed on those days only, like every order figure (null: every day).
   */
  counted?: ReadonlySet<CostDay> | null;
  /** The charged kinds' counted charges (countedCharges). */
  charged?: readonly CountedCharges[];
}

function add<K>(map: Map<K, number>, key: K, cents: number): void {
  if (cents !== 0) map.set(key, (map.get(key) ?? 0) + cents);
}

export function placeCosts({
  inputs,
  from,
  to,
  netSales,
  productOf,
  allocate,
  counted = null,
  charged = [],
}: PlacementInput): CostPlacement {
  const counts = (day: CostDay) => counted === null || counted.has(day);
  const bySku = new Map<string, SkuCosts>();
  const slot = (sku: string) => {
    let s = bySku.get(sku);
    if (!s) bySku.set(sku, (s = { adSpend: 0, allocated: 0, chargedCosts: {} }));
    return s;
  };
  const skusOf = new Map<string, string[]>();
  for (const [sku, product] of productOf) {
    let list = skusOf.get(product);
    if (!list) skusOf.set(product, (list = []));
    list.push(sku);
  }
  const inSkusByDay = new Map<CostDay, number>();
  const adSpendByDay = new Map<CostDay, number>();
  const shopAdByDay = new Map<CostDay, number>();
  const expenseByDay = new Map<CostDay, number>();
  let adSpendTotal = 0;
  let shopAd = 0;
  for (const e of adSpendIn(inputs.adSpend, from, to)) {
    if (!counts(e.day)) continue;
    const cents = -e.amountCents;
    adSpendTotal += cents;
    add(adSpendByDay, e.day, cents);
    const productSkus = e.productId !== null ? (skusOf.get(e.productId) ?? []) : [];
    if (e.skuId !== null) {
      slot(e.skuId).adSpend += cents;
      add(inSkusByDay, e.day, cents);
    } else if (productSkus.length > 0) {
      const sold = new Map(productSkus.map((s) => [s, Math.max(0, netSales.get(s) ?? 0)]));
      const weights = [...sold.values()].some((w) => w > 0) ? sold : new Map(productSkus.map((s) => [s, 1]));
      for (const [sku, share] of allocateByWeight(cents, weights)) slot(sku).adSpend += share;
      add(inSkusByDay, e.day, cents);
    } else {
      shopAd += cents;
      add(shopAdByDay, e.day, cents);
    }
  }
  let expenses = 0;
  for (const [day, cents] of expensesByDay(inputs.expenses, from, to)) {
    if (!counts(day)) continue;
    expenses -= cents;
    add(expenseByDay, day, -cents);
  }
  const chargedCosts: Record<string, number> = {};
  const chargedByDay: Record<string, Map<CostDay, number>> = {};
  for (const c of charged) {
    chargedCosts[c.id] = 0;
    const kindByDay = (chargedByDay[c.id] = new Map<CostDay, number>());
    for (const [sku, cents] of c.bySku) {
      const costs = slot(sku).chargedCosts;
      costs[c.id] = (costs[c.id] ?? 0) - cents;
    }
    for (const [day, cents] of c.byDay) {
      chargedCosts[c.id] = (chargedCosts[c.id] ?? 0) - cents;
      add(inSkusByDay, day, -cents);
      add(kindByDay, day, -cents);
    }
  }
  const weights = new Map([...netSales].filter(([, v]) => v > 0));
  const allocated = allocate && weights.size > 0 && shopAd + expenses !== 0;
  if (allocated) {
    for (const [sku, share] of allocateByWeight(shopAd + expenses, weights)) slot(sku).allocated += share;
    for (const byDay of [shopAdByDay, expenseByDay]) for (const [day, cents] of byDay) add(inSkusByDay, day, cents);
  }
  return {
    bySku,
    chargedCosts,
    chargedByDay,
    shopAdSpend: allocated ? 0 : shopAd,
    expenses: allocated ? 0 : expenses,
    adSpendTotal,
    expensesTotal: expenses,
    inSkusByDay,
    adSpendByDay,
    shopAdSpendByDay: allocated ? new Map() : shopAdByDay,
    expensesByDay: allocated ? new Map() : expenseByDay,
    allocated,
  };
}
