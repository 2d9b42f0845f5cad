import { classifyOrder, DEFAULT_SWITCHES } from '@/lib/profit';
import { MONEY_COLUMNS } from '@/lib/store/schema';
import type { MemLine } from './generate-lines';

// The baseline: the same question answered by scanning every line held in memory, as a report
// without a store or rollup would. Same classification (lib/profit), same cents.

export function naiveSkuReport(
  lines: readonly MemLine[],
  from: string,
  to: string,
): Map<string, Record<string, number>> {
  const out = new Map<string, Record<string, number>>();
  for (const l of lines) {
    if (l.day < from || l.day > to) continue;
    const cls = classifyOrder(
      { status: l.cancelled ? 'CANCELLED' : 'COMPLETED', sampleOrder: l.sample ? 'YES' : 'NO' },
      DEFAULT_SWITCHES,
    );
    if (cls !== 'counted') continue;
    let acc = out.get(l.sku);
    if (!acc) {
      acc = Object.fromEntries([['lines', 0], ...MONEY_COLUMNS.map((c) => [c, 0])]) as Record<string, number>;
      out.set(l.sku, acc);
    }
    acc.lines! += 1;
    for (const c of MONEY_COLUMNS) acc[c]! += l.cents[c];
  }
  return out;
}
