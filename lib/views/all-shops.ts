import { ALL_SHOPS_MERGES, DEFAULT_ALL_SHOPS_CURRENCY } from './defaults';
import { currency, oneOf } from './field';
import { rangeFields } from './range';
import type { ParsedView } from './schema';
import { costsField, switchFields } from './switches';
import { defineView, type ViewState } from './view';

// "All shops" (`/all-shops`): every shop over the range in one currency, SKUs merged by seller SKU
// or not, the switches, and whether the seller's costs count (`GET /api/dashboard/all-shops`). Only
// `costs` of the cost view: each shop's ad spend and expenses stay whole-shop lines here.

export const allShopsView = defineView({
  ...rangeFields,
  currency: currency(DEFAULT_ALL_SHOPS_CURRENCY),
  merge: oneOf(ALL_SHOPS_MERGES, 'must be sellerSku or none', 'sellerSku'),
  ...switchFields,
  costs: costsField,
});

export type AllShopsViewState = ViewState<typeof allShopsView.fields>;
export type AllShopsQuery = ParsedView<typeof allShopsView.fields>;
