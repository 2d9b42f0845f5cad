import { describe, expect, it } from 'vitest';
import { syncedAgo } from '@/components/sync/sync-status';

describe('syncedAgo (the sync status tells times in the shop zone, whatever the browser zone)', () => {
  const at = Date.parse('2026-01-15T01:30:00Z'); // 01:30 in London (GMT), 10:30 in Tokyo
  it('says how long ago, then the shop-local time', () => {
    expect(syncedAgo(at, 'Europe/London', at + 20_000)).toBe('just now');
    expect(syncedAgo(at, 'Europe/London', at + 12 * 60_000)).toBe('12 min ago');
    expect(syncedAgo(at, 'Europe/London', at + 3 * 3_600_000)).toBe('3 h ago (2026-01-15 01:30)');
    expect(syncedAgo(at, 'Asia/Tokyo', at + 3 * 3_600_000)).toBe('3 h ago (2026-01-15 10:30)');
    expect(syncedAgo(at, 'America/Los_Angeles', at + 72 * 3_600_000)).toBe('2026-01-14 17:30');
    expect(syncedAgo(null, 'UTC')).toBe('never');
  });
});
