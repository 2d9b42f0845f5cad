import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';
import { eachShopDay, formatShopDateTime, shopDayEnd, shopDayStart, shopLocalDate } from '@/lib/time';
import { dateStringSchema } from '@/lib/time/schemas';

const LA = 'America/Los_Angeles';
const LONDON = 'Europe/London';
const unix = (iso: string) => Date.parse(iso) / 1000;
const HOUR = 3600;

describe('shop-local days as Unix seconds', () => {
  it('starts a Los Angeles day at local midnight in winter and summer', () => {
    expect(shopDayStart('2025-01-15', LA)).toBe(unix('2025-01-15T08:00:00Z'));
    expect(shopDayStart('2025-07-15', LA)).toBe(unix('2025-07-15T07:00:00Z'));
  });

  it('gives the spring-forward day 23 hours and the fall-back day 25 in Los Angeles', () => {
    expect(shopDayStart('2025-03-09', LA)).toBe(unix('2025-03-09T08:00:00Z'));
    expect(shopDayEnd('2025-03-09', LA)).toBe(unix('2025-03-10T07:00:00Z') - 1);
    expect(shopDayEnd('2025-03-09', LA) - shopDayStart('2025-03-09', LA) + 1).toBe(23 * HOUR);
    expect(shopDayEnd('2025-11-02', LA) - shopDayStart('2025-11-02', LA) + 1).toBe(25 * HOUR);
  });

  it('handles both London transitions (01:00 UTC)', () => {
    expect(shopDayStart('2025-03-30', LONDON)).toBe(unix('2025-03-30T00:00:00Z'));
    expect(shopDayEnd('2025-03-30', LONDON)).toBe(unix('2025-03-30T23:00:00Z') - 1);
    expect(shopDayStart('2025-10-26', LONDON)).toBe(unix('2025-10-25T23:00:00Z'));
    expect(shopDayEnd('2025-10-26', LONDON) - shopDayStart('2025-10-26', LONDON) + 1).toBe(25 * HOUR);
  });

  it('reads the local calendar date of an instant', () => {
    const instant = unix('2025-01-01T05:00:00Z');
    expect(shopLocalDate(instant, LA)).toBe('2024-12-31');
    expect(shopLocalDate(instant, LONDON)).toBe('2025-01-01');
    // The last second of a day is still that day; the next second is the next day.
    expect(shopLocalDate(shopDayEnd('2025-03-09', LA), LA)).toBe('2025-03-09');
    expect(shopLocalDate(shopDayEnd('2025-03-09', LA) + 1, LA)).toBe('2025-03-10');
  });

  it('formats wall-clock time, including the repeated hour of a fall-back night', () => {
    expect(formatShopDateTime(unix('2025-11-02T08:30:00Z'), LA)).toBe('2025-11-02 01:30');
    expect(formatShopDateTime(unix('2025-11-02T09:30:00Z'), LA)).toBe('2025-11-02 01:30');
    expect(formatShopDateTime(unix('2025-07-01T12:00:05Z'), LONDON, { seconds: true })).toBe('2025-07-01 13:00:05');
  });

  it('refuses an unknown time zone instead of guessing', () => {
    expect(() => shopDayStart('2025-01-01', 'Mars/Olympus')).toThrow(/unknown time zone/);
  });
});

describe('calendar helpers', () => {
  it('lists every day inclusive across a month end and a leap day', () => {
    expect(eachShopDay('2024-02-27', '2024-03-02')).toEqual([
      '2024-02-27',
      '2024-02-28',
      '2024-02-29',
      '2024-03-01',
      '2024-03-02',
    ]);
    expect(eachShopDay('2025-03-09', '2025-03-09')).toEqual(['2025-03-09']);
    expect(eachShopDay('2025-03-10', '2025-03-09')).toEqual([]);
  });

  it('accepts only real YYYY-MM-DD dates', () => {
    expect(dateStringSchema.safeParse('2024-02-29').success).toBe(true);
    expect(dateStringSchema.safeParse('2025-02-29').success).toBe(false);
    expect(dateStringSchema.safeParse('2025-2-01').success).toBe(false);
    expect(dateStringSchema.safeParse('2025-13-01').success).toBe(false);
  });
});

describe('formatShopDateTime and shopLocalDate (the offset looked up per quarter hour)', () => {
  const zones = [
    'UTC',
    'America/Los_Angeles',
    'Europe/London',
    'Australia/Lord_Howe', // a 30-minute daylight saving shift
    'Asia/Kathmandu', // +05:45
    'America/St_Johns', // −03:30 / −02:30
    'Pacific/Chatham', // +12:45 / +13:45
    'Asia/Tehran',
    'Africa/Casablanca', // daylight saving suspended each Ramadan
  ];
  const exact = (unix: number, zone: string, seconds: boolean) =>
    format(new TZDate(unix * 1000, zone), seconds ? 'yyyy-MM-dd HH:mm:ss' : 'yyyy-MM-dd HH:mm');

  it('equals the exact conversion at any second from 2000 to 2100, in zones with odd offsets and shifts', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 946_684_800, max: 4_133_980_799 }),
        fc.constantFrom(...zones),
        fc.boolean(),
        (unix, zone, seconds) => {
          expect(formatShopDateTime(unix, zone, { seconds })).toBe(exact(unix, zone, seconds));
          expect(shopLocalDate(unix, zone)).toBe(exact(unix, zone, false).slice(0, 10));
        },
      ),
      { numRuns: 3_000 },
    );
  });

  it('equals it on every second around each offset change of 2026', () => {
    for (const zone of zones) {
      // Walk 2026 hour by hour; where the offset changes, check every second of the two hours around it.
      const start = Date.UTC(2026, 0, 1) / 1000;
      let previous = exact(start, zone, true);
      for (let unix = start + 3600; unix < start + 366 * 86_400; unix += 3600) {
        const now = exact(unix, zone, true);
        const shifted =
          Date.parse(`${now.replace(' ', 'T')}Z`) - Date.parse(`${previous.replace(' ', 'T')}Z`) !== 3_600_000;
        if (shifted)
          for (let s = unix - 3600; s <= unix + 3600; s++)
            expect(formatShopDateTime(s, zone, { seconds: true })).toBe(exact(s, zone, true));
        previous = now;
      }
    }
  });
});
