import type { CostDay, FxRate } from './types';

// Exchange rates set by the seller (docs/ARCHITECTURE.md#all-shops). Pure and client-safe: the
// portfolio loader converts with it and the page shows the same rate beside every converted figure.
//
// The conversion rule: a range's figures are converted with the rate in effect on the range's
// LAST day (one rate per shop and range, shown with its date), not day by day. A seller reading
// "last month in USD" compares shops at one rate; a daily conversion would need a rate for every
// day and make every total depend on when within the range the sales fell.

/** A rate as the store keeps it (lib/costs/amount's parseRate writes it): digits, optionally up to 6 decimals. */
const RATE = /^(\d{1,12})(?:\.(\d{1,6}))?$/;

/** The identity "rate" of a currency into itself: no stored entry is needed for it. */
export function identityRate(currency: string, day: CostDay): FxRate {
  return { id: `identity:${currency}`, currency, target: currency, fromDay: day, rate: '1' };
}

/**
 * The rate in effect on `day`: the entry for this pair with the latest `fromDay` on or before
 * `day`; identity when the currencies are the same; null when no entry starts early enough.
 */
export function rateOn(rates: readonly FxRate[], currency: string, target: string, day: CostDay): FxRate | null {
  if (currency === target) return identityRate(currency, day);
  let best: FxRate | null = null;
  for (const rate of rates) {
    if (rate.currency !== currency || rate.target !== target || rate.fromDay > day) continue;
    if (!best || rate.fromDay > best.fromDay) best = rate;
  }
  return best;
}

/**
 * `cents` × `rate`, exact: BigInt over the rate's decimal digits, rounded once, half away from
 * zero (so converting −x gives −(converting x)). Throws on a rate that is not a decimal string.
 */
export function convertCents(cents: number, rate: string): number {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`convertCents: ${cents} is not a whole number of cents`);
  const match = RATE.exec(rate.trim());
  if (!match) throw new RangeError(`convertCents: "${rate}" is not a decimal rate`);
  const decimals = match[2] ?? '';
  const scale = 10n ** BigInt(decimals.length);
  const product = BigInt(cents) * BigInt(match[1]! + decimals);
  const negative = product < 0n;
  const magnitude = negative ? -product : product;
  let quotient = magnitude / scale;
  if ((magnitude % scale) * 2n >= scale) quotient += 1n;
  const result = Number(negative ? -quotient : quotient);
  if (!Number.isSafeInteger(result)) throw new RangeError(`convertCents: ${cents} × ${rate} is too large`);
  return result;
}
