import { describe, expect, it } from 'vitest';
import {
  centsToDecimal,
  formatCount,
  formatMoney,
  formatPercent,
  formatPercentChange,
  toneOf,
} from '@/lib/format/money';
import { formatBytes } from '@/lib/format/bytes';
import { formatDay, formatDayRange, formatShopTime } from '@/lib/format/time';

describe('formatMoney', () => {
  it('formats integer cents in the shop currency', () => {
    expect(formatMoney(123456, 'USD')).toBe('$1,234.56');
    expect(formatMoney(123456, 'GBP')).toBe('£1,234.56');
    expect(formatMoney(-500, 'EUR')).toBe('-€5.00');
  });

  it('keeps the minus sign on losses and can sign gains too', () => {
    expect(formatMoney(-1, 'USD')).toBe('-$0.01');
    expect(formatMoney(250, 'USD', { signAlways: true })).toBe('+$2.50');
    expect(formatMoney(0, 'USD', { signAlways: true })).toBe('$0.00');
  });

  it('rounds zero-decimal currencies once, at the edge', () => {
    expect(formatMoney(123450, 'JPY')).toBe('¥1,235');
  });

  it('still formats an unknown currency code as a number', () => {
    expect(formatMoney(1999, 'NOT-A-CODE')).toBe('19.99');
  });

  it('shows a figure that is not there as a dash, never "$NaN"', () => {
    // A part the server left out reaches a page as undefined, and cents of undefined are NaN.
    for (const missing of [undefined, null, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(formatMoney(missing, 'USD')).toBe('—');
      expect(formatMoney(missing, 'USD', { signAlways: true })).toBe('—');
      expect(formatMoney(missing, 'NOT-A-CODE')).toBe('—');
    }
    expect(formatMoney(0, 'USD')).toBe('$0.00');
  });
});

describe('missing figures in every format', () => {
  it('are a dash in counts, shares and changes too', () => {
    for (const missing of [undefined, null, Number.NaN]) {
      expect(formatCount(missing)).toBe('—');
      expect(formatPercent(missing)).toBe('—');
      expect(formatPercentChange(missing)).toBe('—');
    }
    expect(formatCount(0)).toBe('0');
    expect(formatPercent(0)).toBe('0.0%');
  });
});

describe('other formats', () => {
  it('formats margins as percentages, and no margin as a dash', () => {
    expect(formatPercent(0.1234)).toBe('12.3%');
    expect(formatPercent(-0.5)).toBe('-50.0%');
    expect(formatPercent(null)).toBe('—');
  });

  it('formats small changes signed, to a hundredth of a point; a change that rounds to zero unsigned', () => {
    expect(formatPercentChange(0.0042)).toBe('+0.42%');
    expect(formatPercentChange(-0.012)).toBe('-1.20%');
    expect(formatPercentChange(-0.00001)).toBe('0.00%');
    expect(formatPercentChange(0)).toBe('0.00%');
    expect(formatPercentChange(null)).toBe('—');
  });

  it('marks only losses', () => {
    expect(toneOf(-1)).toBe('negative');
    expect(toneOf(1)).toBeUndefined();
    expect(toneOf(0)).toBeUndefined();
  });

  it('turns cents into decimal amounts for CSV cells', () => {
    expect(centsToDecimal(-1234)).toBe(-12.34);
  });

  it('formats download sizes', () => {
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(1536)).toBe('1.5 kB');
    expect(formatBytes(2_500_000)).toBe('2.5 MB');
  });
});

describe('shop time', () => {
  it('shows an instant on the shop clock, not the machine clock', () => {
    // 2026-01-01T03:30:00Z is still New Year's Eve in Los Angeles.
    const unix = Date.UTC(2026, 0, 1, 3, 30) / 1000;
    expect(formatShopTime(unix, 'America/Los_Angeles')).toBe('Dec 31, 2025, 19:30');
    expect(formatShopTime(unix, 'Europe/London')).toBe('Jan 1, 2026, 03:30');
  });

  it('gives the offset of a time in the hour that repeats when clocks go back', () => {
    // London, 2026-10-25: 01:46 BST (00:46Z) happens before 01:20 GMT (01:20Z).
    const first = Date.UTC(2026, 9, 25, 0, 46) / 1000;
    const second = Date.UTC(2026, 9, 25, 1, 20) / 1000;
    expect(formatShopTime(first, 'Europe/London')).toBe('Oct 25, 2026, 01:46 (UTC+1)');
    expect(formatShopTime(second, 'Europe/London')).toBe('Oct 25, 2026, 01:20 (UTC+0)');
    // Times outside the repeated hour stay short.
    expect(formatShopTime(Date.UTC(2026, 9, 25, 2, 30) / 1000, 'Europe/London')).toBe('Oct 25, 2026, 02:30');
    expect(formatShopTime(Date.UTC(2026, 9, 24, 23, 59) / 1000, 'Europe/London')).toBe('Oct 25, 2026, 00:59');
  });

  it('formats calendar days without shifting them', () => {
    expect(formatDay('2026-03-09')).toBe('Mar 9, 2026');
    expect(formatDayRange('2026-03-01', '2026-03-30')).toBe('Mar 1 – Mar 30, 2026');
    expect(formatDayRange('2025-12-20', '2026-01-05')).toBe('Dec 20, 2025 – Jan 5, 2026');
    expect(formatDayRange('2026-03-09', '2026-03-09')).toBe('Mar 9, 2026');
  });
});
