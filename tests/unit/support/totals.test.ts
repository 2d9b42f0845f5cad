import { describe, expect, it } from 'vitest';
import { ratioOrNull, totalsMismatches } from '@/tests/support/totals';

// The checker the report properties rely on: it must fail on what it exists to catch.
describe('totalsMismatches', () => {
  const rows = [
    { a: 1, b: 2, nested: { c: 3 } },
    { a: 4, b: 5, nested: { c: 6 } },
  ];
  type T = { a: number; b: number; ratio: number | null; nested: { c: number } };
  const rules = { a: 'sum', b: 'sum', ratio: (t: T) => ratioOrNull(t.a, t.b), nested: 'sum' } as const;

  it('accepts totals that add up, nested fields and ratios included', () => {
    expect(
      totalsMismatches<T, (typeof rows)[number]>({ a: 5, b: 7, ratio: 5 / 7, nested: { c: 9 } }, rows, rules),
    ).toEqual([]);
  });

  it('names a field counted twice, a wrong ratio and a nested field', () => {
    expect(
      totalsMismatches<T, (typeof rows)[number]>({ a: 10, b: 7, ratio: 1, nested: { c: 8 } }, rows, rules),
    ).toEqual([
      'a: 10, but its rule gives 5',
      'ratio: 1, but its rule gives 1.4285714285714286',
      'nested.c: 8, but the rows sum to 9',
    ]);
  });

  it('fails a numeric field that has no rule, and a rule for a field that is gone', () => {
    const totals = { a: 5, extra: 1 } as unknown as T;
    expect(totalsMismatches(totals, rows, rules)).toEqual([
      'b: has a rule but is not in the totals',
      'ratio: has a rule but is not in the totals',
      'nested: has a rule but is not in the totals',
      'extra: no rule says how it adds up',
    ]);
  });
});
