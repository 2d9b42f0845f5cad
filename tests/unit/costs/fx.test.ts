import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { convertCents, rateOn } from '@/lib/costs/fx';
import type { FxRate } from '@/lib/costs/types';

// Up to ±100 million in major units, rates below 100,000: the product stays a safe integer.
const cents = fc.integer({ min: -10_000_000_000, max: 10_000_000_000 });
/** A rate string as the store keeps it: up to 5 digits before and 6 after the point, not zero. */
const rate = fc
  .tuple(fc.integer({ min: 0, max: 99_999 }), fc.option(fc.stringMatching(/^\d{1,6}$/), { nil: undefined }))
  .map(([whole, frac]) => (frac === undefined ? String(whole) : `${whole}.${frac}`))
  .filter((r) => /[1-9]/.test(r));

/** The exact product as a fraction n / d (BigInt), from the decimal text. */
function exact(c: number, r: string): { n: bigint; d: bigint } {
  const [whole, frac = ''] = r.split('.');
  return { n: BigInt(c) * BigInt(`${whole}${frac}`), d: 10n ** BigInt(frac.length) };
}

describe('convertCents', () => {
  test.prop([cents])('rate "1" (and "1.000000") is the identity', (c) => {
    expect(convertCents(c, '1')).toBe(c);
    expect(convertCents(c, '1.000000')).toBe(c);
  });

  test.prop([cents, rate])('sign symmetry: converting −x is −(converting x)', (c, r) => {
    expect(convertCents(-c, r)).toBe(-convertCents(c, r) || 0);
  });

  test.prop([cents, rate])('is the exact product rounded once, half away from zero', (c, r) => {
    const got = BigInt(convertCents(c, r));
    const { n, d } = exact(c, r);
    const distance = n - got * d; // (exact − got) × d
    const twice = 2n * (distance < 0n ? -distance : distance);
    expect(twice <= d).toBe(true);
    // On an exact half, the rounded value is the one farther from zero.
    if (twice === d) expect(got < 0n ? -got : got).toBeGreaterThan((n < 0n ? -n : n) / d);
  });

  it('rounds halves away from zero', () => {
    expect(convertCents(1, '0.5')).toBe(1);
    expect(convertCents(-1, '0.5')).toBe(-1);
    expect(convertCents(3, '0.5')).toBe(2);
    expect(convertCents(-3, '0.5')).toBe(-2);
    expect(convertCents(1, '0.49')).toBe(0);
    expect(convertCents(10_000, '1.273456')).toBe(12_735);
  });

  it('refuses a rate that is not a decimal string', () => {
    expect(() => convertCents(100, '1e3')).toThrow(/not a decimal rate/);
    expect(() => convertCents(100, '-1')).toThrow(/not a decimal rate/);
    expect(() => convertCents(1.5, '1')).toThrow(/whole number of cents/);
    expect(() => convertCents(9_000_000_000_000_000 / 1000, '999999')).toThrow(/too large/);
  });
});

describe('rateOn', () => {
  const rates: FxRate[] = [
    { id: 'a', currency: 'GBP', target: 'USD', fromDay: '2025-01-01', rate: '1.25' },
    { id: 'b', currency: 'GBP', target: 'USD', fromDay: '2025-06-01', rate: '1.30' },
    { id: 'c', currency: 'EUR', target: 'USD', fromDay: '2025-03-01', rate: '1.08' },
    { id: 'd', currency: 'USD', target: 'GBP', fromDay: '2024-01-01', rate: '0.8' },
  ];

  it('takes the entry with the latest fromDay on or before the day', () => {
    expect(rateOn(rates, 'GBP', 'USD', '2025-05-31')?.id).toBe('a');
    expect(rateOn(rates, 'GBP', 'USD', '2025-06-01')?.id).toBe('b');
    expect(rateOn(rates, 'GBP', 'USD', '2030-01-01')?.id).toBe('b');
  });

  it('is null before the first entry or for a pair with none (never the reverse pair)', () => {
    expect(rateOn(rates, 'GBP', 'USD', '2024-12-31')).toBeNull();
    expect(rateOn(rates, 'EUR', 'GBP', '2025-06-01')).toBeNull();
    expect(rateOn(rates, 'GBP', 'EUR', '2025-06-01')).toBeNull();
  });

  it('is identity for a currency into itself, with no entry needed', () => {
    expect(rateOn([], 'USD', 'USD', '2025-01-01')).toMatchObject({ currency: 'USD', target: 'USD', rate: '1' });
  });

  test.prop([
    fc.array(
      fc.record({
        id: fc.uuid(),
        currency: fc.constantFrom('GBP', 'EUR'),
        target: fc.constant('USD'),
        fromDay: fc.constantFrom('2025-01-01', '2025-02-01', '2025-03-01'),
        rate: fc.constant('1'),
      }),
    ),
    fc.constantFrom('2025-01-15', '2025-02-01', '2025-04-01'),
  ])('never picks an entry from after the day, and none is later than the pick', (list, day) => {
    const pick = rateOn(list, 'GBP', 'USD', day);
    const eligible = list.filter((r) => r.currency === 'GBP' && r.fromDay <= day);
    if (eligible.length === 0) expect(pick).toBeNull();
    else {
      expect(pick!.fromDay <= day).toBe(true);
      expect(eligible.every((r) => r.fromDay <= pick!.fromDay)).toBe(true);
    }
  });
});
