import { sayer } from '@/lib/format/sentence';

// The SKU costs page's sentences that carry a figure, each one whole template (lib/format/sentence's
// ICU subset), so a translator reads and reorders them here, never pieced together where they are
// shown (docs/ARCHITECTURE.md#the-persons-locale). Figures are values, written in the person's locale.

export const SKU_COSTS_MESSAGES = {
  /** The page's summary: what the table shows, in the shop's currency (its code). */
  summary:
    "Catalog price and costs per SKU, in {currency}. The unit cost is yours where you set one (from its day on), else the service's. Fees and commissions are charged per order, so unit profit is before fees.",
  /** … then, once the products are read, how many there are and how many this page shows. */
  summaryCounts:
    '{products, plural, one {# product} other {# products}} in all; this page shows {shown} of them with {skus, plural, one {# SKU} other {# SKUs}} (one row per SKU).',
  /** A unit cost cell's badge: the seller's unit cost and the day it counts from. */
  yoursFrom: 'Yours, from {day}',
  /** … under it, the service's unit cost that the seller's replaces. */
  serviceCost: 'Service: {amount}',
  /** … the seller's next unit cost and its first day. */
  nextCost: 'Next: {amount} from {day}',
  /** The inline unit cost form's note: the service's unit cost, which the seller's replaces. */
  formNote: "The service's unit cost: {amount}. Yours replaces it in every order of this SKU from the day you give.",
} as const satisfies Record<string, string>;

/** One of the SKU costs page's sentences in words, in the person's locale. */
export const say = sayer(SKU_COSTS_MESSAGES);
