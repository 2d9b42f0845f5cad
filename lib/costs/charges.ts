import { addDays } from '@/lib/time';
import { MAX_GROSS_CENTS, MAX_UNIT_COST_CENTS } from './cogs';
import type { ChargeRate } from './kind';
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

/** A line is counted (charged, re-costed) when it has gross sales within what the store sums exactly. */
const counted = (grossCents: number) => grossCents > 0 && grossCents <= MAX_GROSS_CENTS;

/** A line's charge per unit under its segment: ⌊(2·gross·unit + price) / (2·price)⌋, lib/store/recost's SQL in integers. */
function unitCharge(grossCents: number, g: ChargeSegment): number {
  const cents =
    (2n * BigInt(grossCents) * BigInt(g.unitCostCents) + BigInt(g.priceCents)) / (2n * BigInt(g.priceCents));
  return Number(cents);
}

/** One line of an order, as the charges read it. */
interface ChargedLine {
  skuId: string;
  grossCents: number;
}

/**
 * The charges of one order's lines, per line and per kind of `kinds` (cents, ≥ 0), the rule the
 * store sums (lib/store/recost over chargeSegments): each counted line pays its SKU's segment's
 * unit rate × units, and the order's first counted line (the lowest index with gross sales) pays
 * its segment's per-order rate once. `prices`: catalog prices in cents (absent: unknown). Segments
 * are worked out once per kind and SKU.
 */
export function orderCharges(
  kinds: readonly { rates: readonly ChargeRate[] }[],
  prices: Readonly<Record<string, number>>,
): (lines: readonly ChargedLine[], day: CostDay) => number[][] {
  const memo = kinds.map(() => new Map<string, ChargeSegment[]>());
  const segmentOn = (k: number, skuId: string, day: CostDay): ChargeSegment | undefined => {
    let segments = memo[k]!.get(skuId);
    if (!segments) {
      segments = chargeSegments(kinds[k]!.rates, new Map([[skuId, prices[skuId] ?? null]]));
      memo[k]!.set(skuId, segments);
    }
    return segments.find((g) => g.fromDay <= day && day <= g.toDay);
  };
  return (lines, day) => {
    const first = lines.findIndex((l) => counted(l.grossCents));
    return lines.map((line, i) =>
      kinds.map((_, k) => {
        if (!counted(line.grossCents)) return 0;
        const g = segmentOn(k, line.skuId, day);
        if (!g) return 0;
        return unitCharge(line.grossCents, g) + (i === first ? g.perLineCents : 0);
      }),
    );
  };
}
