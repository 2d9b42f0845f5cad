// Results memoised per (shop, filter): the embedded data set is immutable once generated, so a
// COUNT(*) over a million orders is paid once per distinct filter, not on every page. Writers
// call clear(); the memo is bounded, oldest entry out first.

export class Memo<T> {
  private readonly entries = new Map<string, T>();

  constructor(private readonly limit: number) {}

  async get(key: string, compute: () => Promise<T>): Promise<T> {
    const known = this.entries.get(key);
    if (known !== undefined) return known;
    const value = await compute();
    if (this.entries.size >= this.limit) this.entries.delete(this.entries.keys().next().value as string);
    this.entries.set(key, value);
    return value;
  }

  clear(): void {
    this.entries.clear();
  }
}
