import type { CostSku } from './types';

// What a cost is aimed at, from what a seller typed: a SKU id, else a seller SKU (it must match one
// SKU of the shop), else a product id (it must exist), else the whole shop. One rule for the form
// and the CSV import, so a row that imports is a row the form accepts.

export interface TargetInput {
  skuId?: string | null | undefined;
  sellerSku?: string | null | undefined;
  productId?: string | null | undefined;
}

export type TargetKind = 'sku' | 'product' | 'shop';

export type ResolvedTarget =
  | { ok: true; kind: TargetKind; skuId: string | null; productId: string | null }
  | { ok: false; field: 'skuId' | 'sellerSku' | 'productId'; message: string };

const blank = (v: string | null | undefined) => v === undefined || v === null || v.trim() === '';

export function resolveTarget(input: TargetInput, skus: readonly CostSku[]): ResolvedTarget {
  if (!blank(input.skuId)) {
    const id = input.skuId!.trim();
    const sku = skus.find((s) => s.skuId === id);
    if (!sku)
      return {
        ok: false,
        field: 'skuId',
        message: `SKU id "${id}" is not a SKU of this shop (sync the shop first if it is new)`,
      };
    return { ok: true, kind: 'sku', skuId: sku.skuId, productId: sku.productId };
  }
  if (!blank(input.sellerSku)) {
    const code = input.sellerSku!.trim();
    const matches = skus.filter((s) => s.sellerSku === code);
    if (matches.length === 0)
      return { ok: false, field: 'sellerSku', message: `seller SKU "${code}" matches no SKU of this shop` };
    if (matches.length > 1) {
      const ids = matches.map((s) => s.skuId).join(', ');
      return {
        ok: false,
        field: 'sellerSku',
        message: `seller SKU "${code}" matches ${matches.length} SKUs (${ids}): give the SKU id instead`,
      };
    }
    return { ok: true, kind: 'sku', skuId: matches[0]!.skuId, productId: matches[0]!.productId };
  }
  if (!blank(input.productId)) {
    const id = input.productId!.trim();
    if (!skus.some((s) => s.productId === id))
      return { ok: false, field: 'productId', message: `product id "${id}" is not a product of this shop` };
    return { ok: true, kind: 'product', skuId: null, productId: id };
  }
  return { ok: true, kind: 'shop', skuId: null, productId: null };
}
