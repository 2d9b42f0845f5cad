// Money is computed in integer cents and converted once, at the edge, to the spec's 2-decimal
// numbers: every total is the sum of its parts in cents, and a zero is 0 (never -0).

export function toAmount(cents: number): number {
  if (!Number.isInteger(cents)) throw new Error(`not an amount in cents: ${cents}`);
  return cents === 0 ? 0 : cents / 100;
}

/** A cost (≤ 0) from a positive magnitude in cents. */
export function costOf(cents: number): number {
  return cents <= 0 ? 0 : -cents;
}

export function percentOf(cents: number, percent: number): number {
  return Math.round((cents * percent) / 100);
}

export function sum(values: readonly number[]): number {
  let total = 0;
  for (const v of values) total += v;
  return total;
}
