import type { HistoryDetail } from './history';

// The seller's own costs (docs/ARCHITECTURE.md#your-costs): what the service cannot see. Pure and
// client-safe: the pages, the routes, the reports and the recount oracle share these shapes.
// Every amount is a positive integer of cents in the shop's currency; the P&L shows it negative.

/** A shop-local calendar day, `YYYY-MM-DD`. */
export type CostDay = string;

/**
 * Ad spend of one day. Its target is the most specific id given: a SKU (`skuId`), else a product
 * (`productId`, split over that product's SKUs by net sales), else the whole shop (a period line).
 */
export interface AdSpend {
  id: string;
  day: CostDay;
  amountCents: number;
  skuId: string | null;
  productId: string | null;
  campaign: string | null;
}

export const RECURRENCES = ['once', 'monthly', 'yearly'] as const;
export type Recurrence = (typeof RECURRENCES)[number];

/** What a fulfilment rate is charged per (lib/costs/kind-fulfilment). */
export const FULFILMENT_BASES = ['order', 'unit'] as const;
export type FulfilmentBasis = (typeof FULFILMENT_BASES)[number];

/**
 * A cost the platform never sees (software, warehouse, staff). `once`: the whole amount on
 * `startDay`. `monthly`/`yearly`: the amount per calendar month/year, spread evenly over that
 * month's/year's days, on the days from `startDay` to `endDay` (open when null).
 */
export interface Expense {
  id: string;
  name: string;
  amountCents: number;
  recurrence: Recurrence;
  startDay: CostDay;
  endDay: CostDay | null;
}

/** "From `fromDay`, one unit of this SKU costs `unitCostCents`": replaces the service's costOfGoods. */
export interface CogsEntry {
  id: string;
  skuId: string;
  fromDay: CostDay;
  unitCostCents: number;
}

/** A seller-set exchange rate: from `fromDay`, 1 `currency` = `rate` `target` (rate as a decimal string, up to 6 places). */
export interface FxRate {
  id: string;
  currency: string;
  target: string;
  fromDay: CostDay;
  rate: string;
}

export interface AuditEntry {
  id: string;
  /** Milliseconds. */
  at: number;
  /** `create` | `update` | `delete` | `import` | `restore` | `undo`. */
  action: string;
  /** What changed, structured (lib/costs/history): put into words where it is shown. */
  detail: HistoryDetail;
  /** When this change was undone (ms), or null. */
  undoneAt: number | null;
  /** The name of the person who made it; null for changes older than team access. */
  by: string | null;
}

/** Which figures count the seller's inputs: all of them (default) or the service's figures only. */
export type CostsView = 'mine' | 'service';

/** A SKU the seller can aim a cost at (the SKU picker's options), from the store's catalog and names. */
export interface CostSku {
  skuId: string;
  productId: string;
  productName: string;
  skuName: string;
  sellerSku: string;
  priceCents: number | null;
  /** The service's catalog unit COGS (positive cents), shown beside the seller's own; null until synced. */
  serviceUnitCogsCents: number | null;
}
