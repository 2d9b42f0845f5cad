import type { PricingModelInputs } from '@/lib/server/loaders/pricing';
import type { OrderStore } from '@/lib/store/order-store';
import { skuInfo } from '@/lib/store/reads';

/**
 * The Pricing model's inputs for a shop's stored catalog with the service's figures only: each
 * SKU's catalog price, none of the seller's costs or overheads, refunds left out, the expected
 * settlement and a 20 % target margin; and the catalog's SKU ids, for a test to pick from.
 */
export async function catalogPricingInputs(
  store: OrderStore,
  shopId: string,
): Promise<{ skus: string[]; inputs: PricingModelInputs }> {
  const info = await skuInfo(store.db, shopId);
  return {
    skus: [...info.keys()],
    inputs: {
      prices: new Map([...info].map(([sku, i]) => [sku, i.priceCents])),
      costs: null,
      overheads: new Map(),
      refunds: 0,
      settlement: 'expected',
      target: 0.2,
    },
  };
}
