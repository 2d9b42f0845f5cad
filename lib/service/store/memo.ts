import { LRUCache } from 'lru-cache';

// Results memoised per (shop, filter): the embedded data set is immutable once generated, so a
// COUNT(*) over a million orders is paid once per distinct filter, not on every page. Writers
// call clear(); the memo is bounded (sizes in lib/config/cache-limits), oldest entry out first.

export class Memo<T extends NonNullable<unknown>> {
  private readonly entries: LRUCache<string, T>;

  constructor(max: number) {
    this.entries = new LRUCache<string, T>({ max });
  }

  async get(key: string, compute: () => Promise<T>): Promise<T> {
    // peek: a hit does not move the entry, so the oldest computed goes first.
    const known = this.entries.peek(key);
    if (known !== undefined) return known;
    const value = await compute();
    this.entries.set(key, value);
    return value;
  }

  clear(): void {
    this.entries.clear();
  }
}
