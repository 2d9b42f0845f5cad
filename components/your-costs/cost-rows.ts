import type { AdSpend, CogsEntry, Expense } from '@/lib/costs/types';
import type { CostSku } from '@/lib/costs/data';

// Pure shaping of the seller's inputs for the "Your costs" lists: what each row says and in which
// order. Client-safe and unit-tested (tests/unit/components/your-costs-rows.test.ts).

/** Cents → the decimal text a money field holds ("1234.5" → "12.35"): what the API reads back. */
export function amountText(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(Math.round(cents));
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

export interface SkuIndex<S extends PickerSku = CostSku> {
  bySku: Map<string, S>;
  /** Product id → its name (the first SKU's), for product-level ad spend. */
  products: Map<string, string>;
}

export function indexSkus<S extends PickerSku>(skus: readonly S[]): SkuIndex<S> {
  const bySku = new Map<string, S>();
  const products = new Map<string, string>();
  for (const sku of skus) {
    bySku.set(sku.skuId, sku);
    if (!products.has(sku.productId)) products.set(sku.productId, sku.productName);
  }
  return { bySku, products };
}

/** "Blue mug — Large", the SKU's own words first; a SKU's name alone can repeat across products. */
export function skuLabel(sku: Pick<CostSku, 'productName' | 'skuName'>): string {
  return sku.skuName && sku.skuName !== sku.productName ? `${sku.productName} — ${sku.skuName}` : sku.productName;
}

export interface TargetText {
  /** What the spend is on: a SKU's name, a product's name or "Whole shop". */
  title: string;
  /** The seller SKU, "all SKUs of the product", or nothing for the whole shop. */
  detail: string | null;
}

/** The most specific target wins (lib/costs/types: SKU, else product, else the whole shop). */
export function adSpendTarget(entry: Pick<AdSpend, 'skuId' | 'productId'>, index: SkuIndex): TargetText {
  if (entry.skuId) {
    const sku = index.bySku.get(entry.skuId);
    return sku
      ? { title: skuLabel(sku), detail: sku.sellerSku || null }
      : { title: `SKU ${entry.skuId}`, detail: 'not in the catalog' };
  }
  if (entry.productId) {
    const name = index.products.get(entry.productId);
    return {
      title: name ?? `Product ${entry.productId}`,
      detail: name ? 'all SKUs of the product' : 'not in the catalog',
    };
  }
  return { title: 'Whole shop', detail: null };
}

/** The range's ad spend, newest day first (then the larger amount first, so a day reads top-down). */
export function adSpendOfRange(entries: readonly AdSpend[], from: string, to: string): AdSpend[] {
  return entries
    .filter((e) => e.day >= from && e.day <= to)
    .sort((a, b) => (a.day === b.day ? b.amountCents - a.amountCents : a.day < b.day ? 1 : -1));
}

/** Average days of a month and a year, over the Gregorian 400-year cycle. */
const DAYS_PER_YEAR = 365.2425;

/**
 * About how much a recurring expense costs per day: the amount is spread evenly over the days of
 * each month (or year), so a day's share varies a little; this is the average. A one-off has none.
 */
export function perDayCents(expense: Pick<Expense, 'amountCents' | 'recurrence'>): number | null {
  if (expense.recurrence === 'monthly') return Math.round((expense.amountCents * 12) / DAYS_PER_YEAR);
  if (expense.recurrence === 'yearly') return Math.round(expense.amountCents / DAYS_PER_YEAR);
  return null;
}

export const RECURRENCE_LABELS: Record<Expense['recurrence'], string> = {
  once: 'Once',
  monthly: 'Monthly',
  yearly: 'Yearly',
};

/** Expenses by start day, newest first; the name breaks ties so the order never jumps. */
export function sortExpenses(expenses: readonly Expense[]): Expense[] {
  return [...expenses].sort((a, b) =>
    a.startDay === b.startDay ? a.name.localeCompare(b.name) : a.startDay < b.startDay ? 1 : -1,
  );
}

export interface CogsRow {
  entry: CogsEntry;
  sku: CostSku | undefined;
  /** The entry in force today among this SKU's entries (the latest that has started). */
  current: boolean;
}

/** COGS entries grouped by SKU (by its label), each SKU's entries newest first. */
export function cogsRows(entries: readonly CogsEntry[], index: SkuIndex, today: string): CogsRow[] {
  const label = (e: CogsEntry) => {
    const sku = index.bySku.get(e.skuId);
    return sku ? skuLabel(sku) : e.skuId;
  };
  const sorted = [...entries].sort((a, b) => {
    const byLabel = label(a).localeCompare(label(b));
    if (byLabel !== 0) return byLabel;
    if (a.skuId !== b.skuId) return a.skuId < b.skuId ? -1 : 1;
    return a.fromDay < b.fromDay ? 1 : a.fromDay > b.fromDay ? -1 : 0;
  });
  const seen = new Set<string>();
  return sorted.map((entry) => {
    const current = entry.fromDay <= today && !seen.has(entry.skuId);
    if (current) seen.add(entry.skuId);
    return { entry, sku: index.bySku.get(entry.skuId), current };
  });
}

/** What a SKU picker searches and names: any feature's SKUs (your costs', the what-if's). */
export type PickerSku = Pick<CostSku, 'skuId' | 'productId' | 'productName' | 'skuName' | 'sellerSku'>;

/** The first `limit` SKUs whose name, seller SKU or ids contain every word of the search (catalog order), and how many match in all. */
export function findSkus<S extends PickerSku>(
  skus: readonly S[],
  search: string,
  limit = 50,
): { shown: S[]; total: number } {
  const words = search.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return { shown: skus.slice(0, limit), total: skus.length };
  const shown: S[] = [];
  let total = 0;
  for (const sku of skus) {
    const text = `${sku.productName} ${sku.skuName} ${sku.sellerSku} ${sku.skuId} ${sku.productId}`.toLowerCase();
    if (!words.every((w) => text.includes(w))) continue;
    total += 1;
    if (shown.length < limit) shown.push(sku);
  }
  return { shown, total };
}
