// Money is summed in integer minor units (cents) and rounded once, at the edge (docs/ARCHITECTURE.md#profit).

export type Cents = number;

/** Converts an upstream amount (a JSON number with at most 2 decimals) to integer cents. */
export function toCents(amount: number): Cents {
  const cents = Math.round(amount * 100);
  return cents === 0 ? 0 : cents; // never -0
}

/** Net profit / net sales, or null when there are no net sales (a margin would be meaningless). */
export function margin(netProfit: Cents, netSales: Cents): number | null {
  return netSales === 0 ? null : netProfit / netSales;
}
