import { describe, expect, it } from 'vitest';
import { shopDayEnd } from '@/lib/time';
import { clampToToday, DEFAULT_FRESHNESS, isStale, MAX_WINDOW_DAYS, staleRuns } from '@/lib/sync/plan';

const TZ = 'America/Los_Angeles';
const MIN = 60_000;
const DAY = 86_400_000;

describe('which days need a sync', () => {
  const day = '2025-06-01';
  const dayEnd = (shopDayEnd(day, TZ) + 1) * 1000;
  const grace = DEFAULT_FRESHNESS.lateOrdersGraceMs;

  it('syncs a day never synced', () => {
    expect(isStale(day, TZ, undefined, dayEnd + 100 * DAY, DEFAULT_FRESHNESS)).toBe(true);
  });

  it('reads today again after 15 minutes, not before (the policy tightens it for a viewed shop)', () => {
    const now = dayEnd - 3 * 60 * MIN;
    expect(isStale(day, TZ, now - 10 * MIN, now, DEFAULT_FRESHNESS)).toBe(false);
    expect(isStale(day, TZ, now - 16 * MIN, now, DEFAULT_FRESHNESS)).toBe(true);
    expect(isStale(day, TZ, now - 3 * MIN, now, { ...DEFAULT_FRESHNESS, todayStaleAfterMs: 2 * MIN })).toBe(true);
  });

  it('reads a day once more after it ended plus the grace for late orders, then trusts it', () => {
    const readLate = dayEnd - 5 * MIN;
    // Within the grace it is still "today": read again only when older than the today rule.
    expect(isStale(day, TZ, readLate, dayEnd + 5 * MIN, DEFAULT_FRESHNESS)).toBe(false);
    expect(isStale(day, TZ, readLate, dayEnd + grace + MIN, DEFAULT_FRESHNESS)).toBe(true);
    const readAfter = dayEnd + grace + 2 * MIN;
    expect(isStale(day, TZ, readAfter, readAfter + 300 * DAY, DEFAULT_FRESHNESS)).toBe(false);
  });

  it('reads a day still holding unsettled orders again after a day, within the reach, never beyond it', () => {
    const syncedAt = dayEnd + 20 * DAY;
    expect(isStale(day, TZ, syncedAt, syncedAt + 23 * 60 * MIN, DEFAULT_FRESHNESS, true)).toBe(false);
    expect(isStale(day, TZ, syncedAt, syncedAt + 25 * 60 * MIN, DEFAULT_FRESHNESS, true)).toBe(true);
    expect(isStale(day, TZ, syncedAt, syncedAt + 25 * 60 * MIN, DEFAULT_FRESHNESS, false)).toBe(false);
    expect(isStale(day, TZ, syncedAt, dayEnd + 90 * DAY, DEFAULT_FRESHNESS, true)).toBe(false);
  });
});

describe('windows of stale days', () => {
  it('groups consecutive stale days and skips fresh ones', () => {
    const fresh = new Set(['2025-01-03', '2025-01-04']);
    expect(staleRuns({ from: '2025-01-01', to: '2025-01-06' }, (d) => !fresh.has(d))).toEqual([
      { from: '2025-01-01', to: '2025-01-02' },
      { from: '2025-01-05', to: '2025-01-06' },
    ]);
  });

  it('cuts long runs into windows within the 366-day limit', () => {
    const runs = staleRuns({ from: '2023-01-01', to: '2025-06-30' }, () => true);
    expect(runs[0]).toEqual({ from: '2023-01-01', to: '2023-12-31' });
    expect(runs.at(-1)!.to).toBe('2025-06-30');
    for (const r of runs)
      expect((Date.parse(r.to) - Date.parse(r.from)) / DAY + 1).toBeLessThanOrEqual(MAX_WINDOW_DAYS);
    for (let i = 1; i < runs.length; i++) expect(Date.parse(runs[i]!.from) - Date.parse(runs[i - 1]!.to)).toBe(DAY);
  });

  it('never plans days after today', () => {
    expect(clampToToday({ from: '2025-01-01', to: '2025-12-31' }, '2025-06-15')).toEqual({
      from: '2025-01-01',
      to: '2025-06-15',
    });
    expect(clampToToday({ from: '2025-07-01', to: '2025-07-31' }, '2025-06-15')).toBeNull();
  });
});
