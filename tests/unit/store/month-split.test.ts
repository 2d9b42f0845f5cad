import { describe, expect, it } from 'vitest';
import { eachDay } from '@/lib/store/days';
import { splitByMonths } from '@/lib/store/month-split';

/** Every day of the range exactly once, across the daily parts and the whole months. */
function daysOf(split: ReturnType<typeof splitByMonths>): string[] {
  const days = split.days.flatMap((r) => eachDay(r.from, r.to));
  if (split.months) {
    for (let m = split.months.from; m <= split.months.to;) {
      const [y, mo] = m.split('-').map(Number) as [number, number];
      days.push(...eachDay(`${m}-01`, new Date(Date.UTC(y, mo, 0)).toISOString().slice(0, 10)));
      m = mo === 12 ? `${y + 1}-01` : `${y}-${String(mo + 1).padStart(2, '0')}`;
    }
  }
  return days.sort();
}

describe('splitByMonths', () => {
  it.each([
    ['2025-03-05', '2025-03-09'],
    ['2025-03-01', '2025-03-31'],
    ['2025-02-10', '2025-03-31'],
    ['2025-02-01', '2025-03-15'],
    ['2024-11-22', '2025-11-22'],
    ['2024-02-29', '2024-03-01'],
    ['2025-01-31', '2025-02-01'],
    ['2025-12-01', '2026-01-31'],
    // From the 1st to before the month's end: the "This month" preset on 30 days of 31 (issue 8).
    ['2025-03-01', '2025-03-15'],
    ['2025-03-01', '2025-03-01'],
    ['2025-03-31', '2025-03-31'],
    ['2025-03-01', '2025-04-30'],
    ['2025-03-01', '2025-05-02'],
    ['2024-12-31', '2025-01-01'],
    ['2024-02-01', '2024-02-29'],
  ])('covers %s … %s exactly once', (from, to) => {
    expect(daysOf(splitByMonths({ from, to }))).toEqual(eachDay(from, to));
  });

  it('reads a year mostly from whole months', () => {
    const split = splitByMonths({ from: '2024-11-22', to: '2025-11-22' });
    expect(split.months).toEqual({ from: '2024-12', to: '2025-10' });
    expect(split.days).toEqual([
      { from: '2024-11-22', to: '2024-11-30' },
      { from: '2025-11-01', to: '2025-11-22' },
    ]);
  });

  it('covers every range of up to 800 days starting on any day of a year exactly once', () => {
    for (let start = 0; start < 366; start += 7) {
      const from = eachDay('2024-01-01', '2024-12-31')[start]!;
      for (const length of [1, 2, 15, 28, 29, 30, 31, 32, 60, 365, 366, 800]) {
        const to = eachDay(from, '2027-12-31')[length - 1]!;
        expect(daysOf(splitByMonths({ from, to }))).toEqual(eachDay(from, to));
      }
    }
  });
});
