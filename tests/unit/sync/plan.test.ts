import { describe, expect, it } from 'vitest';
import { dayEndUnix } from '@/lib/store/days';
import { clampToToday, DEFAULT_FRESHNESS, isStale, MAX_WINDOW_DAYS, staleRuns } from '@/lib/sync/plan';

const TZ = 'America/Los_Angeles';
const MIN = 60_000;
const DAY = 86_400_000;

describe('which days need a sync', () => {
  const day = '2025-06-01';
  const dayEnd = (dayEndUnix(day, TZ) + 1) * 1000;

  it('syncs a day never synced', () => {
    expect(isStale(day, TZ, undefined, dayEnd + 100 * DAY, DEFAULT_FRESHNESS)).toBe(true);
  });

  it('re-syncs a recent day after 15 minutes, not before', () => {
    const now = dayEnd + 2 * DAY;
    expect(isStale(day, TZ, now - 10 * MIN, now, DEFAULT_FRESHNESS)).toBe(false);
    expect(isStale(day, TZ, now - 16 * MIN, now, DEFAULT_FRESHNESS)).toBe(true);
  });

  it('trusts a day once it was synced after it settled, however old the sync', () => {
    const syncedAt = dayEnd + 15 * DAY;
    expect(isStale(day, TZ, syncedAt, syncedAt + 300 * DAY, DEFAULT_FRESHNESS)).toBe(false);
  });

  it('re-reads an older day that still holds unsettled orders every 6 hours, and never once all settled', () => {
    const syncedAt = dayEnd + 20 * DAY; // after recentDays, but orders settle up to a month after
    expect(isStale(day, TZ, syncedAt, syncedAt + 5 * 60 * MIN, DEFAULT_FRESHNESS, true)).toBe(false);
    expect(isStale(day, TZ, syncedAt, syncedAt + 7 * 60 * MIN, DEFAULT_FRESHNESS, true)).toBe(true);
    expect(isStale(day, TZ, syncedAt, syncedAt + 7 * 60 * MIN, DEFAULT_FRESHNESS, false)).toBe(false);
  });

  it('syncs once more a day last synced while it was still settling', () => {
    const syncedAt = dayEnd + 3 * DAY;
    expect(isStale(day, TZ, syncedAt, dayEnd + 40 * DAY, DEFAULT_FRESHNESS)).toBe(true);
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
