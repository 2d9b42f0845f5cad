import type { Product } from '@/lib/contract';
import type { ProductsData } from '@/lib/api/schemas';
import { cogsEntryOn, cogsSchedule } from '@/lib/costs/cogs';
import type { CogsEntry } from '@/lib/costs/types';
import { toCents } from '@/lib/profit/money';
import { skuUnitProfit, type SkuUnitProfit } from '@/lib/profit/sku-unit';

/** A SKU's unit cost of goods today: the seller's entry in effect (and the next one), beside the service's. */
export interface SkuUnitCogs {
  /** The seller's entry in effect today, or null: the service's figure counts. */
  yours: CogsEntry | null;
  /** The seller's next entry (from a day after today), if one is set. */
  next: CogsEntry | null;
  /** The service's catalog unit cost (positive cents). */
  serviceCents: number;
  /** Every entry of the SKU: the inline form edits the one on the day it is given, if any. */
  entries: readonly CogsEntry[];
}

/** One table row per SKU, carrying its product's name, icon and status. */
export interface SkuCostRow {
  key: string;
  product: Pick<Product, 'id' | 'productId' | 'name' | 'icon' | 'status'>;
  skuId: string;
  sellerSku: string;
  /** Price, unit cost (yours when in effect), shipping, unit profit and margin. */
  unit: SkuUnitProfit;
  /** Absent when the answer carries no unit costs (a person without costs and profit). */
  unitCogs: SkuUnitCogs | null;
  /** The first SKU of a product shows the product; the rest of its SKUs leave it blank. */
  firstOfProduct: boolean;
}

export function toSkuCostRows(products: Product[], cogs?: ProductsData['cogs']): SkuCostRow[] {
  const schedule = cogsSchedule(cogs?.entries ?? []);
  return products.flatMap((product) => {
    const { skus, ...rest } = product;
    return skus.map((sku, i) => {
      const yours = cogs ? cogsEntryOn(schedule, sku.id, cogs.today) : null;
      const entries = schedule.get(sku.id) ?? [];
      return {
        key: `${product.id}:${sku.id}:${i}`,
        product: rest,
        skuId: sku.id,
        sellerSku: sku.sku,
        unit: skuUnitProfit(sku, yours?.unitCostCents),
        unitCogs: cogs
          ? {
              yours,
              next: entries.find((e) => e.fromDay > cogs.today) ?? null,
              serviceCents: Math.abs(toCents(sku.cogs)),
              entries,
            }
          : null,
        firstOfProduct: i === 0,
      };
    });
  });
}

export { productStatusLabel } from '@/lib/format/product-status';
