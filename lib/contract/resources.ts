import { z } from 'zod';
import {
  AFFILIATE_COMMISSION_PARTS,
  ORDER_TYPES,
  PLATFORM_FEE_PARTS,
  REFUND_DETAIL_PARTS,
  SAMPLE_ORDER_VALUES,
  SORT_DIRECTIONS,
} from './constants';

// The enumerations live in ./constants (no zod) so browser code can use them; re-exported here.
export * from './constants';

// The interface's resources (docs/reporting-service.md), once. Types come from z.infer; the service, the upstream
// client, the tests and the OpenAPI document all use these schemas.

const unixSeconds = z.number().int().nonnegative().meta({ description: 'Unix seconds' });
/** Cost amounts are negative numbers; a zero is sent as 0 (docs/reporting-service.md, Money). */
const cost = z.number();

// Every date conversion of a shop runs in its time zone: a name Intl does not know would throw a
// RangeError deep inside a view, so a shop that carries one is refused here as a bad payload.
// Only IANA names ("Area/City", "UTC", "Etc/GMT+5"): Intl also takes offsets like "+01:00",
// which the spec does not allow.
const IANA_NAME = /^[A-Za-z][A-Za-z0-9_+-]*(?:\/[A-Za-z0-9_+-]+)*$/;

export function isIanaTimeZone(name: string): boolean {
  if (name.length > 64 || !IANA_NAME.test(name)) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

export const ianaTimeZoneSchema = z.string().refine(isIanaTimeZone, { error: 'must be an IANA time zone name' });

export const shopSchema = z
  .object({
    id: z.string().meta({ description: 'service shop id; sent as X-Shop-Id on other endpoints' }),
    shopName: z.string(),
    shopId: z.string().meta({ description: 'shop id on the commerce platform' }),
    shopCode: z.string(),
    shopSellerType: z.string().meta({ description: 'seller type, for example CROSS_BORDER' }),
    shopRegion: z.string().meta({ description: 'region code, for example US' }),
    timezone: ianaTimeZoneSchema.meta({ description: 'IANA time zone name' }),
  })
  .meta({ id: 'Shop' });

export const gmvBreakdownSchema = z
  .object({
    productSales: z.number(),
    shippingFee: z.number(),
    sellerDiscount: z.number(),
    platformDiscount: z.number(),
  })
  .meta({ id: 'GmvBreakdown' });

export const shippingCostSchema = z
  .object({ total: cost, sellerShipping: cost, platformShipping: cost, fbt: cost })
  .meta({ id: 'ShippingCost' });

const numbers = <K extends string>(keys: readonly K[]) =>
  Object.fromEntries(keys.map((k) => [k, cost])) as Record<K, typeof cost>;

export const platformFeesSchema = z
  .object({ total: cost, ...numbers(PLATFORM_FEE_PARTS) })
  .meta({ id: 'PlatformFees' });

export const affiliateCommissionSchema = z
  .object({ total: cost, ...numbers(AFFILIATE_COMMISSION_PARTS) })
  .meta({ id: 'AffiliateCommission' });

export const orderProductSchema = z
  .object({
    productId: z.string(),
    name: z.string(),
    skuId: z.string(),
    skuName: z.string(),
    sellerSku: z.string(),
    icon: z.string().nullable(),
    gmv: z.number(),
    gmvBreakdown: gmvBreakdownSchema,
    grossSales: z.number(),
    promos: cost,
    costOfGoods: cost,
    shippingCost: shippingCostSchema,
    platformFees: platformFeesSchema,
    affiliateCommission: affiliateCommissionSchema,
  })
  .meta({ id: 'OrderProduct' });

export const orderTypeSchema = z.enum(ORDER_TYPES);
export const sampleOrderSchema = z.enum(SAMPLE_ORDER_VALUES);
export const sortSchema = z.enum(SORT_DIRECTIONS);

export const orderSchema = z
  .object({
    id: z.string(),
    orderNumber: z.string(),
    createTime: unixSeconds,
    paidTime: unixSeconds,
    cancelTime: unixSeconds.nullable(),
    status: z.string(),
    orderType: orderTypeSchema,
    sampleOrder: sampleOrderSchema,
    shippingType: z.string(),
    fulfillmentType: z.string(),
    products: z.array(orderProductSchema),
  })
  .meta({ id: 'Order' });

export const skuSchema = z
  .object({
    id: z.string().meta({ description: 'SKU id' }),
    sku: z.string().meta({ description: 'seller SKU' }),
    price: z.number(),
    cogs: z.number(),
    shippingCost: z.number(),
  })
  .meta({ id: 'Sku' });

export const productSchema = z
  .object({
    id: z.string(),
    productId: z.string(),
    name: z.string(),
    icon: z.string().nullable(),
    status: z.string().meta({ description: 'product status, for example ACTIVATE' }),
    skus: z.array(skuSchema),
  })
  .meta({ id: 'Product' });

export const refundDetailsSchema = z.object(numbers(REFUND_DETAIL_PARTS)).meta({ id: 'RefundDetails' });

export const refundDaySchema = z
  .object({ date: unixSeconds, value: cost, details: refundDetailsSchema })
  .meta({ id: 'RefundDay' });

export type Shop = z.infer<typeof shopSchema>;
export type OrderProduct = z.infer<typeof orderProductSchema>;
export type Order = z.infer<typeof orderSchema>;
export type OrderType = z.infer<typeof orderTypeSchema>;
export type SampleOrder = z.infer<typeof sampleOrderSchema>;
export type Sku = z.infer<typeof skuSchema>;
export type Product = z.infer<typeof productSchema>;
export type RefundDetails = z.infer<typeof refundDetailsSchema>;
export type RefundDay = z.infer<typeof refundDaySchema>;
