import { text } from './field';
import { pagingFields } from './orders';
import type { ParsedView } from './schema';
import { defineView, readViewFromUrl, type ViewState } from './view';

// The SKU costs page (`/sku-costs`): the catalog, paged, with the interface's product filters
// (`GET /api/dashboard/shops/{id}/products` and its export). No range: a catalog has none.

export const productFilterFields = { name: text(), productId: text(), skuName: text(), skuId: text() };

export const skuCostsView = defineView({ ...pagingFields, ...productFilterFields });

export type SkuCostsViewState = ViewState<typeof skuCostsView.fields>;
export type ProductFilters = Pick<SkuCostsViewState, keyof typeof productFilterFields>;
export type ProductsQuery = ParsedView<typeof skuCostsView.fields>;

export const readSkuCostsViewFromUrl = readViewFromUrl(skuCostsView);
