import { LRUCache } from 'lru-cache';

// Results memoised per (shop, filter): the embedded data set changes only when it is generated
// and when orders settle, so a COUNT(*) over a million orders is paid once per distinct filter,
// not on every page. Writers call clear(); a result computed across a clear() is returned but not
// kept (it may predate the write). Bounded (sizes in lib/config/cache-limits), oldest out first.

export class Memo<T extends NonNullable<unknown>> {
  private readonly entries: LRUCache<string, T>;
  private generation = 0;

  constructor(max: number) {
    this.entries = new LRUCache<string, T>({ max });
  }

  async get(key: string, compute: () => Promise<T>): Promise<T> {
    // peek: a hit does not move the entry, so the oldest computed goes first.
    const known = this.entries.peek(key);
    if (known !== undefined) return known;
    const generation = this.generation;
    const value = await compute();
    if (generation === this.generation) this.entries.set(key, value);
    return value;
  }

  clear(): void {
    this.generation++;
    this.entries.clear();
  }
}
