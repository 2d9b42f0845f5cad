import { addDays } from '@/lib/time';
import type { CostDay, FxRate } from './types';

// Exchange rates set by the seller (docs/ARCHITECTURE.md#all-shops). Pure and client-safe: the
// All shops loader converts with it and the page shows the same rate beside every converted figure.
//
// The conversion rule: each day's figures are converted at the rate in effect on THAT day (the
// entry of the pair with the latest start on or before it), as an accountant converts a ledger;
// a range's converted figure is the sum of its converted days. A dated rate that starts mid-range
// therefore counts from its first day on, never for the days before it.

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

/** A run of consecutive days of a range converted with one rate. */
export interface RatePeriod {
  rate: FxRate;
  from: CostDay;
  to: CostDay;
}

/**
 * The rates in effect over the days [from, to], one period per rate in day order, and the first
 * days that have none (a rate starts later than the range): each day is converted at ITS rate.
 */
export function ratePeriods(
  rates: readonly FxRate[],
  currency: string,
  target: string,
  from: CostDay,
  to: CostDay,
): { periods: RatePeriod[]; missing: { from: CostDay; to: CostDay } | null } {
  // The days a rate of the pair starts on inside the range: the only days the rate can change.
  const starts = [
    ...new Set(
      rates
        .filter((r) => r.currency === currency && r.target === target && r.fromDay > from && r.fromDay <= to)
        .map((r) => r.fromDay),
    ),
  ].sort();
  const periods: RatePeriod[] = [];
  let missing = null as { from: CostDay; to: CostDay } | null;
  const bounds = [from, ...starts];
  for (const [i, start] of bounds.entries()) {
    const end = i + 1 < bounds.length ? addDays(bounds[i + 1]!, -1) : to;
    const rate = rateOn(rates, currency, target, start);
    if (rate) periods.push({ rate, from: start, to: end });
    else missing = { from: missing?.from ?? start, to: end };
  }
  return { periods, missing };
}
