import { afterEach, describe, expect, it, vi } from 'vitest';
import { CACHE_LIMITS, ENTRY_BYTES, memoryBudgetMb, scaledBytes } from '@/lib/config/cache-limits';
import { boundedCache, cacheUsage, jsonBytes } from '@/lib/config/caches';

// Every in-process cache is bounded by the bytes its entries hold, its limit scaled by
// MEMORY_BUDGET_MB, and one per process whatever module copy asks (Next gives each route bundle its
// own copy of a module).

describe('the memory budget', () => {
  it('scales every limit: the reference budget keeps them, twice the budget doubles them', () => {
    expect(memoryBudgetMb({})).toBe(512);
    expect(memoryBudgetMb({ MEMORY_BUDGET_MB: '1024' })).toBe(1024);
    expect(scaledBytes(CACHE_LIMITS.monthSums.bytes, 512)).toBe(CACHE_LIMITS.monthSums.bytes);
    expect(scaledBytes(CACHE_LIMITS.monthSums.bytes, 1024)).toBe(2 * CACHE_LIMITS.monthSums.bytes);
    expect(scaledBytes(CACHE_LIMITS.monthSums.bytes, 256)).toBe(CACHE_LIMITS.monthSums.bytes / 2);
  });

  it('a value the start-up check refuses is never read as a budget (a browser or a script gets the reference)', () => {
    for (const bad of ['128', 'lots', '', '600.5']) expect(memoryBudgetMb({ MEMORY_BUDGET_MB: bad })).toBe(512);
  });
});

describe('boundedCache', () => {
  afterEach(() => vi.unstubAllEnvs());

  it('keeps entries while their bytes fit, the least recently used out first', () => {
    const entry = 1_000;
    const cache = boundedCache<string, string>('zoneClocks', {
      size: () => entry,
      owned: true,
      maxBytes: 3 * (entry + ENTRY_BYTES.entry),
    });
    for (const k of ['a', 'b', 'c']) cache.set(k, k);
    cache.get('a');
    cache.set('d', 'd');
    expect([...cache.keys()].sort()).toEqual(['a', 'c', 'd']);
    expect(cache.calculatedSize).toBe(3 * (entry + ENTRY_BYTES.entry));
  });

  it('does not keep an entry larger than its limit per entry, and the others stay', () => {
    const cache = boundedCache<string, Uint8Array>('exportFiles', { size: (b) => b.byteLength, owned: true });
    cache.set('small', new Uint8Array(10));
    cache.set('huge', new Uint8Array(scaledBytes(CACHE_LIMITS.exportFiles.entryBytes) + 1));
    expect(cache.has('huge')).toBe(false);
    expect(cache.has('small')).toBe(true);
  });

  it('is one per process: a second module copy asking for the same cache gets the same one', async () => {
    const first = boundedCache<string, number>('zoneOffsets', { size: () => 8 });
    vi.resetModules();
    const copy = await import('@/lib/config/caches');
    expect(copy.boundedCache<string, number>('zoneOffsets', { size: () => 8 })).toBe(first);
  });

  it('says what every cache holds, an owner’s counted with the others of its name', () => {
    const a = boundedCache<string, string>('sqliteStatements', { size: () => 100, owned: true });
    const b = boundedCache<string, string>('sqliteStatements', { size: () => 100, owned: true });
    a.set('x', 'x');
    b.set('y', 'y');
    b.set('z', 'z');
    const usage = cacheUsage().find((u) => u.name === 'sqliteStatements')!;
    expect(usage.caches).toBeGreaterThanOrEqual(2);
    expect(usage.entries).toBeGreaterThanOrEqual(3);
    expect(usage.bytes).toBeGreaterThanOrEqual(3 * (100 + ENTRY_BYTES.entry));
    expect(usage.maxBytes).toBe(scaledBytes(CACHE_LIMITS.sqliteStatements.bytes));
  });
});

describe('jsonBytes', () => {
  it('is the length of the JSON the value writes, within a few bytes per value', () => {
    const value = { a: [1, 2.5, 'three', null], b: { c: 'ü', d: true }, e: new Map([['k', 'v']]) };
    const written = JSON.stringify({ ...value, e: { k: 'v' } }).length;
    expect(Math.abs(jsonBytes(value) - written)).toBeLessThanOrEqual(40);
  });
});
