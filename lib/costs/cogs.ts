import { addDays } from '@/lib/time';
import type { CogsEntry, CostDay } from './types';

// The seller's dated COGS (docs/ARCHITECTURE.md#your-costs). A line of a SKU on day d is re-costed
// when the seller set a unit cost for that SKU from a day ≤ d: its cost of goods becomes
// −round(units × unit cost), units estimated as grossSales / catalog price (as the SKU report
// estimates units), rounded half up once per line, in cents. A line whose units cannot be estimated
// (no catalog price, or no gross sales, e.g. a free sample) keeps the service's costOfGoods.
// One rule for every view: the order table, the SKU report, the overview, the exports, the oracle.

/** Lines with more gross sales (cents) keep the service's COGS (the rule is computed in 64-bit integers in SQL). */
export const MAX_GROSS_CENTS = 40_000_000_000;
/** The largest unit cost the rule applies (1,000,000.00): with MAX_GROSS_CENTS, 2·gross·unit < 2^63. */
export const MAX_UNIT_COST_CENTS = 100_000_000;
/** What a form, the API and the import say of a unit cost above it. */
export const MAX_UNIT_COST_MESSAGE = 'must be at most 1,000,000.00 per unit';

/** Per SKU, its entries by fromDay ascending. */
export type CogsSchedule = ReadonlyMap<string, readonly CogsEntry[]>;

export function cogsSchedule(entries: readonly CogsEntry[]): CogsSchedule {
  const out = new Map<string, CogsEntry[]>();
  for (const e of entries) {
    let list = out.get(e.skuId);
    if (!list) out.set(e.skuId, (list = []));
    list.push(e);
  }
  for (const list of out.values()) list.sort((a, b) => (a.fromDay < b.fromDay ? -1 : a.fromDay > b.fromDay ? 1 : 0));
  return out;
}

/** The seller's unit cost of a SKU on a day (cents), or null when none is in effect. */
export function unitCostOn(schedule: CogsSchedule, skuId: string, day: CostDay): number | null {
  return cogsEntryOn(schedule, skuId, day)?.unitCostCents ?? null;
}

/**
 * Each SKU's unit costs as day segments [fromDay, toDay] (the day before the next entry, or open),
 * for the SKUs with a catalog price: what the database re-costs lines by (lib/store/recost recostSums).
 */
export function cogsSegments(
  schedule: CogsSchedule,
  prices: ReadonlyMap<string, number | null>,
): { skuId: string; fromDay: CostDay; toDay: CostDay; unitCostCents: number; priceCents: number }[] {
  const out = [];
  for (const [skuId, entries] of schedule) {
    const price = prices.get(skuId);
    if (!price || price <= 0) continue;
    for (const [i, e] of entries.entries()) {
      if (e.unitCostCents > MAX_UNIT_COST_CENTS) continue;
      const next = entries[i + 1];
      out.push({
        skuId,
        fromDay: e.fromDay,
        toDay: next ? addDays(next.fromDay, -1) : '9999-12-31',
        unitCostCents: e.unitCostCents,
        priceCents: price,
      });
    }
  }
  return out;
}

/** The earliest day any entry of the SKU takes effect, or null. */
export function firstCogsDay(schedule: CogsSchedule, skuId: string): CostDay | null {
  return schedule.get(skuId)?.[0]?.fromDay ?? null;
}

/**
 * A line's cost of goods under the seller's unit cost (≤ 0, cents), or null when the line keeps the
 * service's value (no unit cost in effect, no catalog price, or no gross sales to estimate units from).
 */
export function recostedCogs(
  grossSalesCents: number,
  priceCents: number | null | undefined,
  unitCostCents: number | null,
): number | null {
  // Above MAX_GROSS_CENTS a line keeps the service's value: 2·gross·unit must fit the database's 64-bit integers.
  if (
    unitCostCents === null ||
    !priceCents ||
    priceCents <= 0 ||
    grossSalesCents <= 0 ||
    grossSalesCents > MAX_GROSS_CENTS
  )
    return null;
  if (unitCostCents > MAX_UNIT_COST_CENTS) return null;
  // round(g·u / p), half up, exact in integers (BigInt: g·u may pass 2^53).
  const g = BigInt(grossSalesCents);
  const u = BigInt(unitCostCents);
  const p = BigInt(priceCents);
  const cents = Number((2n * g * u + p) / (2n * p));
  return cents === 0 ? 0 : -cents;
}

/** Where a figure's cost of goods comes from, from how many of its lines were re-costed. */
export function cogsSourceOf(recostedLines: number, lines: number): 'service' | 'input' | 'mixed' {
  if (recostedLines <= 0) return 'service';
  return recostedLines >= lines ? 'input' : 'mixed';
}

/** The seller's entry of a SKU in effect on a day (the latest from a day ≤ it), or null. */
export function cogsEntryOn(schedule: CogsSchedule, skuId: string, day: CostDay): CogsEntry | null {
  let found: CogsEntry | null = null;
  for (const e of schedule.get(skuId) ?? []) {
    if (e.fromDay > day) break;
    found = e;
  }
  return found;
}
