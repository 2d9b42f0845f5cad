import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { duePeriods } from '@/lib/alerts/digest';
import { addDays, shopLocalDate } from '@/lib/time';

// The digest's clock (docs/ARCHITECTURE.md#alerts): ticks every 5 minutes over days that include
// DST changes; a period is claimed the first time it is due (a set stands for st_digest_sent). Each
// day's digest must be sent exactly once, at the first tick whose wall-clock hour in the shop's
// zone is the chosen hour or later, and be about the shop's yesterday; weekly ones on Mondays only.

const ZONES = ['America/New_York', 'Europe/London', 'Australia/Sydney', 'Asia/Kolkata', 'UTC'] as const;
const wallHour = (ms: number, timeZone: string) =>
  Number(new Intl.DateTimeFormat('en-US', { timeZone, hour: 'numeric', hourCycle: 'h23' }).format(new Date(ms)));

describe('digest periods', () => {
  it('sends each day once, at the first tick at or after the chosen hour, about yesterday, across DST', () => {
    // Starts around the 2026 DST changes: US 8 Mar and 1 Nov, UK 29 Mar and 25 Oct, Sydney 5 Apr and 4 Oct.
    const starts = ['2026-03-06', '2026-03-27', '2026-04-03', '2026-10-02', '2026-10-23', '2026-10-30'];
    fc.assert(
      fc.property(
        fc.constantFrom(...ZONES),
        fc.constantFrom(...starts),
        fc.integer({ min: 0, max: 23 }),
        fc.boolean(),
        (zone, start, hour, weekly) => {
          const claimed = new Map<string, number>();
          const t0 = Date.parse(`${start}T00:00:00Z`);
          for (let t = t0; t < t0 + 5 * 86_400_000; t += 5 * 60_000)
            for (const period of duePeriods(t, zone, hour, true, weekly))
              if (!claimed.has(period.key)) {
                claimed.set(period.key, t);
                const today = shopLocalDate(Math.floor(t / 1000), zone);
                expect(wallHour(t, zone)).toBeGreaterThanOrEqual(hour);
                if (period.key.startsWith('day:')) expect(period.from).toBe(addDays(today, -1));
                // The tick before was either another local day or before the hour: the first due tick.
                const before = t - 5 * 60_000;
                if (t > t0 && shopLocalDate(Math.floor(before / 1000), zone) === today)
                  expect(wallHour(before, zone)).toBeLessThan(hour);
              }
          const days = [...claimed.keys()].filter((k) => k.startsWith('day:'));
          // Five days of ticks: four or five whole local days reach the hour; never the same day twice.
          expect(days.length).toBeGreaterThanOrEqual(4);
          expect(new Set(days).size).toBe(days.length);
          for (const key of claimed.keys())
            if (key.startsWith('week:')) {
              expect(weekly).toBe(true);
              const from = key.slice(5);
              expect(new Date(`${from}T12:00:00Z`).getUTCDay()).toBe(1);
            }
        },
      ),
      { numRuns: 60 },
    );
    // 60 cases × 1,440 ticks through Intl's zone arithmetic: ~10 s alone, past 30 s on a busy machine.
  }, 120_000);

  it('is not due before the hour, and a tick missed for hours sends the latest day once', () => {
    const zone = 'America/New_York';
    const at = (iso: string) => Date.parse(iso);
    expect(duePeriods(at('2026-11-25T12:00:00Z'), zone, 8, true, false)).toEqual([]); // 07:00 local
    const late = duePeriods(at('2026-11-25T22:00:00Z'), zone, 8, true, false); // 17:00 local, after a restart
    expect(late.map((p) => p.key)).toEqual(['day:2026-11-24']);
    expect(late[0]!.before).toEqual({ from: '2026-11-17', to: '2026-11-23', periods: 7 });
  });
});
