import type { Product, Sku } from '@/lib/contract';
import type { DemoShop } from './accounts';
import { LOSS_MAKERS, PRODUCT_TEMPLATES } from './catalog-templates';
import { toAmount } from './money';
import { demoIconPath } from './product-art';
import { hash32, stableDigits, stableHex } from './prng';

// A shop's catalog, in cents (for the order generator) and as the spec's Product (for the API).
// Order lines use the catalog's price, cogs and shipping cost, so both always agree.

export interface CatalogSku {
  /** Index in the shop's flat SKU list: the line-variant key in the store. */
  variantNo: number;
  productIndex: number;
  id: string;
  sellerSku: string;
  skuName: string;
  priceCents: number;
  cogsCents: number;
  shippingCents: number;
}

export interface CatalogProduct {
  product: Product;
  skus: CatalogSku[];
  /** Relative popularity (Zipf-like by catalog position). */
  weight: number;
}

export interface Catalog {
  products: CatalogProduct[];
  skus: CatalogSku[];
}

/** Shelf prices end in 99 (2399 cents), in the shop's currency. */
function shelfPrice(cents: number): number {
  return Math.max(99, Math.round(cents / 100) * 100 - 1);
}

export function buildCatalog(seed: number, shop: DemoShop): Catalog {
  const products: CatalogProduct[] = [];
  const skus: CatalogSku[] = [];
  PRODUCT_TEMPLATES.slice(0, shop.products).forEach(
    ([name, code, price, cogsPercent, shipping, variants], productIndex) => {
      const tag = `${seed}:${shop.key}:${code}`;
      const productId = stableDigits(`platform-product:${tag}`, 19);
      // A root-relative URL: the service serves the picture itself, on whatever host and port it runs.
      const icon = hash32(`icon:${tag}`) % 4 === 0 ? null : demoIconPath(code);
      const own: CatalogSku[] = variants.map(([skuName, suffix, delta], i) => {
        const priceCents = shelfPrice((price + delta) * shop.priceScale);
        return {
          variantNo: skus.length + i,
          productIndex,
          id: stableDigits(`sku:${tag}:${suffix}`, 19),
          sellerSku: `${code}-${suffix}-${shop.region}`,
          skuName,
          priceCents,
          cogsCents: Math.round((priceCents * cogsPercent) / 100),
          shippingCents: Math.round(shipping * shop.priceScale),
        };
      });
      skus.push(...own);
      const apiSkus: Sku[] = own.map((s) => ({
        id: s.id,
        sku: s.sellerSku,
        price: toAmount(s.priceCents),
        cogs: toAmount(s.cogsCents),
        shippingCost: toAmount(s.shippingCents),
      }));
      const product: Product = {
        id: `prd_${stableHex(`product:${tag}`, 16)}`,
        productId,
        name,
        icon,
        // A seller deactivated a product that loses money; its past orders still show it.
        status: LOSS_MAKERS.has(code) && code === 'BKS' ? 'DEACTIVATE' : 'ACTIVATE',
        skus: apiSkus,
      };
      products.push({ product, skus: own, weight: 1 / Math.pow(productIndex + 1, 0.7) });
    },
  );
  return { products, skus };
}
