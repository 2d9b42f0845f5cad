// Totals memoised per (shop, filter): the embedded data set is immutable once generated, so a
// COUNT(*) over a million orders is paid once per distinct filter, not on every page. Writers
// call clear(); the memo is bounded, oldest entry out first.

export class CountMemo {
  private readonly entries = new Map<string, number>();

  constructor(private readonly limit = 5000) {}

  async get(key: string, count: () => Promise<number>): Promise<number> {
    const known = this.entries.get(key);
    if (known !== undefined) return known;
    const total = await count();
    if (this.entries.size >= this.limit) this.entries.delete(this.entries.keys().next().value as string);
    this.entries.set(key, total);
    return total;
  }

  clear(): void {
    this.entries.clear();
  }
}
