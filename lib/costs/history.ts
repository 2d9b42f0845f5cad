// The history of the seller's inputs, written structured (docs/ARCHITECTURE.md#your-costs): each
// entry names its kind (a cost kind of the registry, `rate` for the exchange rates, `backup` for a
// restore), its action and its values (amounts in integer cents, days, SKUs by id and seller SKU),
// and is put into words only where it is shown, by its kind's sentence template (lib/costs/history-sentence).

/** One value of an entry: money (cents; `currency` only where it is not the shop's), a day, a SKU, words, a count. */
export type HistoryValue =
  | { money: number; currency?: string }
  | { day: string } // YYYY-MM-DD
  | { sku: string; sellerSku: string | null }
  | { text: string }
  | { count: number };

export const HISTORY_ACTIONS = ['create', 'update', 'delete', 'import', 'restore', 'undo'] as const;
export type HistoryAction = (typeof HISTORY_ACTIONS)[number];

/** One change, structured. */
export interface HistoryChange {
  /** A cost kind's id (lib/costs/kinds), `rate`, `backup`; `text` for a line written before v21 that could not be read. */
  kind: string;
  action: HistoryAction;
  /** The template's parts by name. */
  values: Record<string, HistoryValue>;
  /** A line written before v21 that could not be read, shown as it was. */
  text?: string;
}

/** An entry of the history: a change, or an undo naming the change it took back (an undo is never undone). */
export interface HistoryDetail extends HistoryChange {
  undid?: HistoryChange;
}

/** The values of one entry. */
export type HistoryValues = Record<string, HistoryValue>;

export const money = (cents: number): HistoryValue => ({ money: cents });
export const day = (d: string): HistoryValue => ({ day: d });
export const text = (t: string): HistoryValue => ({ text: t });
export const count = (n: number): HistoryValue => ({ count: n });

/** Values with the ones left out that are absent (null or undefined), so a template's `select` reads `none`. */
export function present(values: Record<string, HistoryValue | null | undefined>): HistoryValues {
  return Object.fromEntries(Object.entries(values).filter(([, v]) => v !== null && v !== undefined)) as HistoryValues;
}

/** The same values named `before…` (an update's old side): `amount` → `beforeAmount`. */
export function before(values: HistoryValues): HistoryValues {
  return Object.fromEntries(Object.entries(values).map(([k, v]) => [`before${k[0]!.toUpperCase()}${k.slice(1)}`, v]));
}

/** The days a bulk change covers: `from`, and `to` when it is another day. */
export function daySpan(days: readonly string[]): HistoryValues {
  const sorted = [...new Set(days)].sort();
  if (sorted.length === 0) return {};
  return sorted.length === 1 ? { from: day(sorted[0]!) } : { from: day(sorted[0]!), to: day(sorted.at(-1)!) };
}

/** The exchange rates' sentences (their entries' kind is `rate`). */
export const RATE_TEMPLATES = {
  create: 'Added the rate 1 {currency} = {rate} {target} from {day}',
  update:
    'Changed the rate 1 {beforeCurrency} = {beforeRate} {beforeTarget} from {beforeDay} to 1 {currency} = {rate} {target} from {day}',
  delete: 'Deleted the rate 1 {currency} = {rate} {target} from {day}',
} as const;

/** An undo's sentence: `{change}` is the sentence of the change it took back. */
export const UNDO_TEMPLATE = 'Undid: {change}';
