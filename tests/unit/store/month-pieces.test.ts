import { describe, expect, it } from 'vitest';
import { eachShopDay } from '@/lib/time';
import { monthPieces } from '@/lib/store/month-cache';

/** Every day of the range exactly once, across the pieces; each piece within one month, whole when it is. */
function daysOf(from: string, to: string): string[] {
  const pieces = monthPieces(from, to);
  for (const p of pieces) {
    expect(p.from.slice(0, 7)).toBe(p.month);
    expect(p.to.slice(0, 7)).toBe(p.month);
    const [y, m] = p.month.split('-').map(Number) as [number, number];
    const last = new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10);
    expect(p.whole).toBe(p.from === `${p.month}-01` && p.to === last);
  }
  return pieces.flatMap((p) => eachShopDay(p.from, p.to));
}

describe('monthPieces', () => {
  it.each([
    ['2025-03-05', '2025-03-09'],
    ['2025-03-01', '2025-03-31'],
    ['2025-02-10', '2025-03-31'],
    ['2025-02-01', '2025-03-15'],
    ['2024-11-22', '2025-11-22'],
    ['2024-02-29', '2024-03-01'],
    ['2025-01-31', '2025-02-01'],
    ['2025-12-01', '2026-01-31'],
    ['2025-03-01', '2025-03-15'],
    ['2025-03-01', '2025-03-01'],
    ['2025-03-31', '2025-03-31'],
    ['2024-12-31', '2025-01-01'],
    ['2024-02-01', '2024-02-29'],
  ])('covers %s … %s exactly once, in order', (from, to) => {
    expect(daysOf(from, to)).toEqual(eachShopDay(from, to));
  });

  it('cuts a year into its partial ends and whole months', () => {
    const pieces = monthPieces('2024-11-22', '2025-11-22');
    expect(pieces).toHaveLength(13);
    expect(pieces[0]).toEqual({ month: '2024-11', from: '2024-11-22', to: '2024-11-30', whole: false });
    expect(pieces.slice(1, 12).every((p) => p.whole)).toBe(true);
    expect(pieces[12]).toEqual({ month: '2025-11', from: '2025-11-01', to: '2025-11-22', whole: false });
  });

  it('covers every range of up to 800 days starting on any day of a year exactly once', () => {
    for (let start = 0; start < 366; start += 7) {
      const from = eachShopDay('2024-01-01', '2024-12-31')[start]!;
      for (const length of [1, 2, 15, 28, 29, 30, 31, 32, 60, 365, 366, 800]) {
        const to = eachShopDay(from, '2027-12-31')[length - 1]!;
        expect(daysOf(from, to)).toEqual(eachShopDay(from, to));
      }
    }
  });
});
