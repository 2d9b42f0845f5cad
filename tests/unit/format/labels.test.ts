import { describe, expect, it } from 'vitest';
import { formatCountOf } from '@/lib/format/money';
import { partialDayOf, splitPartial } from '@/lib/format/partial-day';
import { productStatusLabel } from '@/lib/format/product-status';

describe('formatCountOf', () => {
  it('formats the count and lets the noun agree with it', () => {
    expect(formatCountOf(1, 'product')).toBe('1 product');
    expect(formatCountOf(0, 'product')).toBe('0 products');
    expect(formatCountOf(86952, 'order')).toBe('86,952 orders');
    expect(formatCountOf(2, 'SKU')).toBe('2 SKUs');
  });
});

describe('partialDayOf', () => {
  // 2026-03-10 15:00 UTC is 16:00 in Berlin and 08:00 in Los Angeles.
  const now = Date.UTC(2026, 2, 10, 15, 0, 0);

  it('is today on the shop clock when the range reaches it', () => {
    expect(partialDayOf({ from: '2026-03-01', to: '2026-03-10', timeZone: 'Europe/Berlin' }, now)).toBe('2026-03-10');
  });

  it('is null for a range of whole days', () => {
    expect(partialDayOf({ from: '2026-03-01', to: '2026-03-09', timeZone: 'Europe/Berlin' }, now)).toBeNull();
  });

  it('reads today in the shop time zone, not the browser one', () => {
    // 01:00 UTC on the 11th is still the 10th in Los Angeles.
    const late = Date.UTC(2026, 2, 11, 1, 0, 0);
    expect(partialDayOf({ from: '2026-03-01', to: '2026-03-10', timeZone: 'America/Los_Angeles' }, late)).toBe(
      '2026-03-10',
    );
    expect(partialDayOf({ from: '2026-03-01', to: '2026-03-10', timeZone: 'Europe/Berlin' }, late)).toBeNull();
  });
});

describe('splitPartial', () => {
  const points = [
    { day: '2026-03-08', netSales: 100 },
    { day: '2026-03-09', netSales: 120 },
    { day: '2026-03-10', netSales: 15 },
  ];

  it('draws whole days solid and joins the partial day with a separate segment', () => {
    const split = splitPartial(points, ['netSales'] as const, '2026-03-10');
    expect(split.map((p) => p.netSalesWhole)).toEqual([100, 120, null]);
    expect(split.map((p) => p.netSalesPartial)).toEqual([null, 120, 15]);
    expect(split.map((p) => p.partial)).toEqual([false, false, true]);
  });

  it('leaves every day whole when none is partial', () => {
    const split = splitPartial(points, ['netSales'] as const, null);
    expect(split.map((p) => p.netSalesWhole)).toEqual([100, 120, 15]);
    expect(split.every((p) => p.netSalesPartial === null && !p.partial)).toBe(true);
  });
});

describe('productStatusLabel', () => {
  it('reads the API status as the page and the CSV both show it', () => {
    expect(productStatusLabel('ACTIVATE').label).toBe('Active');
    expect(productStatusLabel('DEACTIVATE').label).toBe('Inactive');
  });
});
