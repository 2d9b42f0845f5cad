import type { KindCharges } from '@/lib/costs/kinds';
import { firstCogsDay, type CogsSchedule } from '@/lib/costs/cogs';
import type { RecostRow } from '@/lib/store/recost';
import { zeroSums, type DaySums, type SkuSums } from './sums';

// The seller's dated COGS as rollup-shaped rows: for each (SKU, flags) and (day, flags), a row of
// no lines whose cost of goods, total costs and net profit are the change the re-costing makes
// (`cogs_delta`), with the number of lines re-costed. Added to the stored sums like any other row,
// they turn the service's figures into the seller's without a second report path.

export interface CogsRule {
  schedule: CogsSchedule;
  /** Catalog price per SKU (cents): units are estimated as gross sales / price. */
  prices: ReadonlyMap<string, number | null>;
  /** The kinds charged per unit or order line (lib/costs/charges), summed over the same rollups. */
  charges?: readonly KindCharges[];
}

/** The SKUs the rule re-costs and the first day any of them is re-costed (null: none). */
export function cogsScope(rule: CogsRule | undefined): { skus: string[]; from: string } | null {
  if (!rule || rule.schedule.size === 0) return null;
  const skus = [...rule.schedule.keys()];
  const from = skus.map((s) => firstCogsDay(rule.schedule, s)!).sort()[0]!;
  return { skus, from };
}

/** Rows of the database's re-costing sums (lib/store/recost recostSums) as adjustment rows. */
export function adjustmentRows(rows: readonly RecostRow[], by: 'sku'): SkuSums[];
export function adjustmentRows(rows: readonly RecostRow[], by: 'day'): DaySums[];
export function adjustmentRows(rows: readonly RecostRow[], by: 'sku' | 'day'): (SkuSums | DaySums)[] {
  return rows.map((r) => {
    const row = {
      ...zeroSums(r),
      cost_of_goods: r.delta,
      total_costs: r.delta,
      net_profit: r.delta,
      cogs_delta: r.delta,
      recosted_lines: r.recosted,
    };
    return by === 'sku' ? { ...row, sku_id: r.key } : { ...row, local_day: r.key, orders: 0 };
  });
}
