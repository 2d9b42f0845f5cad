// How a SKU is named to a seller: by their own seller SKU, with the variant's name after it; the
// marketplace's SKU id only where no seller SKU exists (search still finds a SKU by its id).

export interface SkuNaming {
  sellerSku?: string | null | undefined;
  skuName?: string | null | undefined;
  skuId: string;
}

/** "MAT-STD-US · Default", "Default" (no seller SKU), or the id when nothing else names it. */
export function skuText({ sellerSku, skuName, skuId }: SkuNaming): string {
  const parts = [sellerSku?.trim(), skuName?.trim()].filter((p): p is string => Boolean(p));
  return parts.length > 0 ? [...new Set(parts)].join(' · ') : skuId;
}

/** A tooltip that names every identifier of the SKU, for a seller matching it with another system. */
export function skuTitle({ sellerSku, skuName, skuId }: SkuNaming): string {
  return [sellerSku && `Seller SKU ${sellerSku}`, skuName && `SKU ${skuName}`, `SKU id ${skuId}`]
    .filter(Boolean)
    .join(' · ');
}
