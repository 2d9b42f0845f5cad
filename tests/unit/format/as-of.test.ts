import { describe, expect, it } from 'vitest';
import { formatAsOf } from '@/lib/format/time';

describe('formatAsOf (every view says when its data was read, on the shop clock, whatever the browser zone)', () => {
  const at = Date.parse('2026-01-15T01:30:00Z');
  it('gives the shop-local time today, the date on an earlier day, and how long ago', () => {
    expect(formatAsOf(at, 'Europe/London', at + 20_000)).toBe('as of 01:30 (just now)');
    expect(formatAsOf(at, 'Europe/London', at + 12 * 60_000)).toBe('as of 01:30 (12 min ago)');
    expect(formatAsOf(at, 'Asia/Tokyo', at + 3 * 3_600_000)).toBe('as of 10:30 (3 h ago)');
    // Still Jan 14 in Los Angeles when it was read, Jan 17 now.
    expect(formatAsOf(at, 'America/Los_Angeles', at + 72 * 3_600_000)).toBe('as of Jan 14, 17:30 (72 h ago)');
  });

  it('says no "ago" while the page hydrates (the server and the first render must read the same)', () => {
    const at = Date.UTC(2026, 10, 27, 1, 30);
    expect(formatAsOf(at, 'Europe/London', null)).toBe('as of Nov 27, 01:30');
  });
});
