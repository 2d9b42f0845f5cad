import type { Product } from '@/lib/contract';
import { skuUnitProfit, type SkuUnitProfit } from '@/lib/profit/sku-unit';

/** One table row per SKU, carrying its product's name, icon and status. */
export interface SkuRow {
  key: string;
  product: Pick<Product, 'id' | 'productId' | 'name' | 'icon' | 'status'>;
  skuId: string;
  sellerSku: string;
  unit: SkuUnitProfit;
  /** The first SKU of a product shows the product; the rest of its SKUs leave it blank. */
  firstOfProduct: boolean;
}

export function toSkuRows(products: Product[]): SkuRow[] {
  return products.flatMap((product) => {
    const { skus, ...rest } = product;
    return skus.map((sku, i) => ({
      key: `${product.id}:${sku.id}:${i}`,
      product: rest,
      skuId: sku.id,
      sellerSku: sku.sku,
      unit: skuUnitProfit(sku),
      firstOfProduct: i === 0,
    }));
  });
}

/** "ACTIVATE" → "Active", "DEACTIVATE" → "Inactive"; other statuses in plain words. */
export function productStatusLabel(status: string): { label: string; active: boolean } {
  const upper = status.toUpperCase();
  if (upper === 'ACTIVATE' || upper === 'ACTIVE') return { label: 'Active', active: true };
  if (upper === 'DEACTIVATE' || upper === 'INACTIVE') return { label: 'Inactive', active: false };
  const words = status.toLowerCase().replaceAll('_', ' ');
  return { label: words.charAt(0).toUpperCase() + words.slice(1), active: false };
}
