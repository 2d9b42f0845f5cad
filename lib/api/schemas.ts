import { z } from 'zod';
import { rangePresetIdSchema } from '@/lib/time/schemas';
import {
  orderSchema,
  paginationSchema,
  productSchema,
  refundDaySchema,
  refundDetailsSchema,
  shopSchema,
} from '@/lib/contract';

// The `data` of each dashboard API response. Client-safe: the UI may parse responses with these.

/** A shop the dashboard can use: its currency, and the name of the connection (upstream key) that lists it. */
export const connectedShopSchema = shopSchema.extend({ currency: z.string(), connection: z.string().optional() });
/** A shop of the key the dashboard cannot use (its time zone is not one it knows), and why. */
export const unavailableShopSchema = z.object({ id: z.string(), shopName: z.string(), reason: z.string() });
export const shopsDataSchema = z.object({
  items: z.array(connectedShopSchema),
  unavailable: z.array(unavailableShopSchema),
});

/** The resolved date range, in the shop's time zone, as the upstream was asked for it. */
export const resolvedRangeSchema = z.object({
  /** Inclusive shop-local dates, YYYY-MM-DD. */
  from: z.string(),
  to: z.string(),
  /** Unix seconds sent upstream (startDate: from's midnight; endDate: the end of `to`, or now). */
  startDate: z.number().int(),
  endDate: z.number().int(),
  timeZone: z.string(),
  /** The preset id; 'custom' for a from/to range. */
  preset: rangePresetIdSchema,
});

/**
 * Where a list view came from: the local store (it holds every day of the range), the upstream
 * (a range not stored yet), or the stored part alone because the upstream could not answer in
 * time (`busy`: its budget was spent or it was slow; `down`: it failed).
 */
export const viewSourceSchema = z.enum(['store', 'upstream', 'stored-part-busy', 'stored-part-down']);

/** Where a list view's data came from and how fresh it is (lib/server/loaders/store-first). */
const viewOriginFields = {
  source: viewSourceSchema,
  /** When the stored days were read (ms), or null for an upstream page. */
  asOf: z.number().nullable(),
  /** The range's days and how many of them the store holds. */
  coverage: z.object({ daysTotal: z.number().int(), daysStored: z.number().int() }).nullable(),
  /** The store does not hold the whole range: the page asks for its sync (POST /sync). */
  needsSync: z.boolean(),
};

/** A seller's dated unit cost of a SKU (lib/costs CogsEntry). */
const cogsEntrySchema = z.object({
  id: z.string(),
  skuId: z.string(),
  fromDay: z.string(),
  unitCostCents: z.number().int(),
});

/** A charged cost kind's rates (lib/costs/charges KindRates): from a day, per unit or per order, a SKU or every SKU. */
const chargedKindSchema = z.object({
  id: z.string(),
  label: z.string(),
  rates: z.array(
    z.object({
      skuId: z.string().nullable(),
      fromDay: z.string(),
      per: z.enum(['unit', 'order']),
      amountCents: z.number().int(),
    }),
  ),
});

export const ordersDataSchema = z.object({
  items: z.array(orderSchema),
  pagination: paginationSchema,
  range: resolvedRangeSchema,
  ...viewOriginFields,
  /**
   * The seller's dated COGS, the catalog prices and the charged kinds' rates, to cost the lines
   * (lib/costs/order-cogs); null in the service-only view or with none set.
   */
  cogs: z
    .object({
      entries: z.array(cogsEntrySchema),
      prices: z.record(z.string(), z.number()),
      charges: z.array(chargedKindSchema),
    })
    .nullable(),
});

export const productsDataSchema = z.object({
  items: z.array(productSchema),
  pagination: paginationSchema,
  /**
   * The seller's dated unit costs of this page's SKUs and the shop's today (what "in effect" is
   * measured against): the SKU costs page shows yours beside the service's. Absent for a person
   * without costs and profit (the key names COGS, so the route's redaction leaves it out).
   */
  cogs: z.object({ entries: z.array(cogsEntrySchema), today: z.string() }).optional(),
});

/** A refund day plus its shop-local date; days without refunds are present with zeros. */
export const refundDayItemSchema = refundDaySchema.extend({ day: z.string() });

export const refundsDataSchema = z.object({
  items: z.array(refundDayItemSchema),
  totals: z.object({ value: z.number(), details: refundDetailsSchema }),
  range: resolvedRangeSchema,
  ...viewOriginFields,
});

export type ConnectedShop = z.infer<typeof connectedShopSchema>;
export type ShopsData = z.infer<typeof shopsDataSchema>;
export type UnavailableShop = z.infer<typeof unavailableShopSchema>;
export type OrdersData = z.infer<typeof ordersDataSchema>;
export type ViewSource = z.infer<typeof viewSourceSchema>;
/** Where a list view came from (source, asOf, coverage, needsSync). */
export type ViewOrigin = Pick<OrdersData, keyof typeof viewOriginFields>;
export type ProductsData = z.infer<typeof productsDataSchema>;
export type RefundDayItem = z.infer<typeof refundDayItemSchema>;
export type RefundsData = z.infer<typeof refundsDataSchema>;
