import { chargeSegments, type ChargeSegment } from './charges';
import type { ChargeRate, CostKind } from './kind';
import { AD_SPEND_KIND } from './kind-ad-spend';
import { COGS_KIND } from './kind-cogs';
import { EXPENSES_KIND } from './kind-expenses';
import { FULFILMENT_KIND } from './kind-fulfilment';

// The registry of the seller-entered cost kinds (docs/ARCHITECTURE.md#how-to-add-a-cost-kind). Pure
// and client-safe. Everything that treats "the seller's inputs" as a whole iterates this list: the
// store (reads, one entry's create/update/delete with its history sentence, the audit's tables,
// undo, the restore), the backup file, the write actions and their routes (`your-costs/[kind]`),
// the counts a restore previews. A kind is declared once, in its own `kind-*.ts`.

export const COST_KINDS = [AD_SPEND_KIND, EXPENSES_KIND, COGS_KIND, FULFILMENT_KIND] as const;

export type AnyCostKind = (typeof COST_KINDS)[number];
export type CostKindId = AnyCostKind['id'];
type ItemOf<K> = K extends { store: { fromRow: (row: Record<string, unknown>) => infer T } } ? T : never;
type KindOf<Id extends CostKindId> = Extract<AnyCostKind, { id: Id }>;
export type CostItem<Id extends CostKindId> = ItemOf<KindOf<Id>>;

/** Every input of one shop, by kind (the backup file holds exactly this). */
export type ShopCostInputs = { [Id in CostKindId]: CostItem<Id>[] };

/** A count per kind (a restore's preview). */
export type KindCounts = Record<CostKindId, number>;

/** The kinds, loosely typed, for code that treats every kind alike. */
export const KINDS: readonly CostKind<CostKindId, { id: string }, unknown>[] =
  COST_KINDS as unknown as readonly CostKind<CostKindId, { id: string }, unknown>[];

/** What "your costs" counts, in words, every kind named: "ad spend, other expenses, COGS by date, …". */
export const YOUR_COSTS_COUNTED = KINDS.map((k) => k.labels.counted).join(', ');

/** The P&L words of each charged kind (its line, its column), in the registry's order. */
export const CHARGED_KINDS: readonly { id: CostKindId; label: string }[] = KINDS.flatMap((k) =>
  k.charges ? [{ id: k.id, label: k.charges.label }] : [],
);

/** The kind whose API segment is `path` (`ad-spend`), or undefined. */
export function kindByPath(path: string): CostKind<CostKindId, { id: string }, unknown> | undefined {
  return KINDS.find((k) => k.path === path);
}

export function emptyInputs(): ShopCostInputs {
  return Object.fromEntries(KINDS.map((k) => [k.id, []])) as unknown as ShopCostInputs;
}

export function countInputs(inputs: ShopCostInputs): KindCounts {
  return Object.fromEntries(KINDS.map((k) => [k.id, inputs[k.id].length])) as KindCounts;
}

/** The items of one kind, loosely typed. */
export function itemsOf(inputs: ShopCostInputs, id: CostKindId): { id: string }[] {
  return inputs[id];
}

/** A charged kind of a shop's inputs as its rates (what the orders page receives, client-safe). */
export interface KindRates {
  id: CostKindId;
  label: string;
  rates: ChargeRate[];
}

/** A charged kind of a shop's inputs: its id, its P&L words and its segments. */
export interface KindCharges {
  id: CostKindId;
  label: string;
  segments: ChargeSegment[];
}

/** Every charged kind of the inputs with entries, and its rates, in the registry's order. */
export function kindRates(inputs: ShopCostInputs): KindRates[] {
  const out: KindRates[] = [];
  for (const kind of KINDS) {
    if (!kind.charges) continue;
    const items = itemsOf(inputs, kind.id);
    if (items.length === 0) continue;
    out.push({ id: kind.id, label: kind.charges.label, rates: kind.charges.rates(items) });
  }
  return out;
}

/** Every charged kind of the inputs with entries, and its segments over the shop's SKUs. */
export function kindCharges(inputs: ShopCostInputs, prices: ReadonlyMap<string, number | null>): KindCharges[] {
  return kindRates(inputs).map(({ id, label, rates }) => ({ id, label, segments: chargeSegments(rates, prices) }));
}
