import type { LRUCache } from 'lru-cache';
import { ENTRY_BYTES } from '@/lib/config/cache-limits';
import { boundedCache, jsonBytes } from '@/lib/config/caches';

// Results memoised per (shop, filter): the embedded data set changes only when it is generated
// and when orders settle, so a COUNT(*) over a million orders is paid once per distinct filter,
// not on every page. Writers call clear(); a result computed across a clear() is returned but not
// kept (it may predate the write). A store's memos share one cache bounded by bytes (the limit in
// lib/config/cache-limits), oldest out first.

type Entries = LRUCache<string, NonNullable<unknown>>;

/** The one cache a store's memos share (each memo's keys under its own name). */
export function memoEntries(): Entries {
  return boundedCache<string, NonNullable<unknown>>('serviceMemos', {
    size: (value, key) =>
      key.length +
      (Array.isArray(value)
        ? value.length * ENTRY_BYTES.serviceId
        : typeof value === 'object'
          ? jsonBytes(value) * ENTRY_BYTES.upstreamJsonByte
          : 0),
    owned: true,
  });
}

export class Memo<T extends NonNullable<unknown>> {
  private generation = 0;

  constructor(
    private readonly entries: Entries,
    private readonly name: string,
  ) {}

  async get(key: string, compute: () => Promise<T>): Promise<T> {
    const at = `${this.name}\u0000${key}`;
    // peek: a hit does not move the entry, so the oldest computed goes first.
    const known = this.entries.peek(at) as T | undefined;
    if (known !== undefined) return known;
    const generation = this.generation;
    const value = await compute();
    if (generation === this.generation) this.entries.set(at, value);
    return value;
  }

  /** Forgets every memo of the store (its writers clear them all at once). */
  clear(): void {
    this.generation++;
    this.entries.clear();
  }
}
