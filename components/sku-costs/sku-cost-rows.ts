import type { Product } from '@/lib/contract';
import { skuUnitProfit, type SkuUnitProfit } from '@/lib/profit/sku-unit';

/** One table row per SKU, carrying its product's name, icon and status. */
export interface SkuCostRow {
  key: string;
  product: Pick<Product, 'id' | 'productId' | 'name' | 'icon' | 'status'>;
  skuId: string;
  sellerSku: string;
  unit: SkuUnitProfit;
  /** The first SKU of a product shows the product; the rest of its SKUs leave it blank. */
  firstOfProduct: boolean;
}

export function toSkuCostRows(products: Product[]): SkuCostRow[] {
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

export { productStatusLabel } from '@/lib/format/product-status';
