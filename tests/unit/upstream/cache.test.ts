import { describe, expect, it } from 'vitest';
import { ENTRY_BYTES } from '@/lib/config/cache-limits';
import { TtlCache } from '@/lib/upstream/cache';

/** A cache of `entries` values of 100 bytes each (lib/config/caches adds each entry's own keeping). */
const cacheOf = (ttlMs: number, now: () => number, entries: number) =>
  new TtlCache<string>('upstreamResponses', ttlMs, now, () => 100, entries * (100 + ENTRY_BYTES.entry));

describe('TtlCache', () => {
  it('keeps a value for its TTL from the write, reads do not extend it', () => {
    let now = 1_000;
    const cache = cacheOf(100, () => now, 10);
    cache.set('a', 'A');
    now += 60;
    expect(cache.get('a')).toBe('A');
    now += 60;
    expect(cache.get('a')).toBeUndefined();
  });

  it('a TTL of 0 caches nothing', () => {
    const cache = cacheOf(0, () => 1_000, 10);
    cache.set('a', 'A');
    expect(cache.get('a')).toBeUndefined();
  });

  it('evicts the oldest write first, whatever was read since', () => {
    const cache = cacheOf(1_000, () => 5, 2);
    cache.set('a', 'A');
    cache.set('b', 'B');
    expect(cache.get('a')).toBe('A');
    cache.set('c', 'C');
    expect(cache.get('a')).toBeUndefined();
    expect(cache.get('b')).toBe('B');
    expect(cache.get('c')).toBe('C');
  });
});
