import { addDays } from '@/lib/time';
import { MAX_UNIT_COST_CENTS } from './cogs';
import type { ChargeRate } from './kind';
import { KINDS, itemsOf, type CostKindId, type ShopCostInputs } from './kinds';
import type { CostDay } from './types';

// Cost kinds charged per unit or per order of SKUs from a day (docs/ARCHITECTURE.md#your-costs):
// the rates a kind's entries set, as segments of days per SKU that the store sums over its gross
// rollups (lib/store/recost: per line, ⌊(2·gross·unit + price) / (2·price)⌋, units estimated as
// gross sales / catalog price like the SKU report and dated COGS; a line without gross sales is not
// charged; and per order, once, on its first counted line, at that line's SKU's rate). On a day, a
// SKU's own rate of a basis (per unit, per order) wins over the whole shop's; each is the latest
// entry from that day or before.

/** The rates of one SKU over [fromDay, toDay], as lib/store/recost's CogsSegment. */
export interface ChargeSegment {
  skuId: string;
  fromDay: CostDay;
  toDay: CostDay;
  unitCostCents: number;
  priceCents: number;
  perLineCents: number;
}

/** A charged kind of a shop's inputs: its id, its P&L words and its segments. */
export interface KindCharges {
  id: CostKindId;
  label: string;
  segments: ChargeSegment[];
}

/** The rate of `per` in effect for `skuId` on `day` (0 when none). */
export function rateOn(rates: readonly ChargeRate[], skuId: string, day: CostDay, per: ChargeRate['per']): number {
  let own: ChargeRate | null = null;
  let shop: ChargeRate | null = null;
  for (const r of rates) {
    if (r.per !== per || r.fromDay > day) continue;
    if (r.skuId === skuId && (!own || r.fromDay >= own.fromDay)) own = r;
    if (r.skuId === null && (!shop || r.fromDay >= shop.fromDay)) shop = r;
  }
  return (own ?? shop)?.amountCents ?? 0;
}

/** The segments of `rates` over the SKUs of `prices` (SKU id → catalog price in cents, null unknown). */
export function chargeSegments(
  rates: readonly ChargeRate[],
  prices: ReadonlyMap<string, number | null>,
): ChargeSegment[] {
  const usable = rates;
  if (usable.length === 0) return [];
  const shopDays = usable.filter((r) => r.skuId === null).map((r) => r.fromDay);
  const out: ChargeSegment[] = [];
  for (const [skuId, price] of prices) {
    const days = [...new Set([...shopDays, ...usable.filter((r) => r.skuId === skuId).map((r) => r.fromDay)])].sort();
    for (const [i, fromDay] of days.entries()) {
      const next = days[i + 1];
      const unit = rateOn(usable, skuId, fromDay, 'unit');
      const line = rateOn(usable, skuId, fromDay, 'order');
      const priced = price !== null && price > 0 && unit <= MAX_UNIT_COST_CENTS;
      if ((priced ? unit : 0) === 0 && line === 0) continue;
      out.push({
        skuId,
        fromDay,
        toDay: next ? addDays(next, -1) : '9999-12-31',
        unitCostCents: priced ? unit : 0,
        priceCents: priced ? price : 1,
        perLineCents: line,
      });
    }
  }
  return out;
}

/** Every charged kind of the inputs with entries, and its segments over the shop's SKUs. */
export function kindCharges(inputs: ShopCostInputs, prices: ReadonlyMap<string, number | null>): KindCharges[] {
  const out: KindCharges[] = [];
  for (const kind of KINDS) {
    if (!kind.charges) continue;
    const items = itemsOf(inputs, kind.id);
    if (items.length === 0) continue;
    out.push({ id: kind.id, label: kind.charges.label, segments: chargeSegments(kind.charges.rates(items), prices) });
  }
  return out;
}

/** The P&L words of each charged kind (its line, its column), in the registry's order. */
export const CHARGED_KINDS: readonly { id: CostKindId; label: string }[] = KINDS.flatMap((k) =>
  k.charges ? [{ id: k.id, label: k.charges.label }] : [],
);
