import { ORDER_TYPES, SAMPLE_ORDER_VALUES } from '@/lib/contract/constants';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from './defaults';
import { numberOf, oneOf, page, text } from './field';
import { rangeFields } from './range';
import type { ParsedView } from './schema';
import { costViewFields } from './switches';
import { defineView, readViewFromUrl, type ViewState } from './view';

// The orders page (`/orders`) and its API (`GET /api/dashboard/shops/{id}/orders`, and its export).

export const pagingFields = {
  page,
  limit: numberOf(PAGE_SIZES, DEFAULT_PAGE_SIZE),
};

/** Every order filter of the interface. */
export const orderFilterFields = {
  status: text(),
  orderType: oneOf(ORDER_TYPES, 'must be SETTLED, UNSETTLED or DRAFT'),
  sampleOrder: oneOf(SAMPLE_ORDER_VALUES, 'must be YES or NO'),
  orderNumber: text(),
  name: text(),
  productId: text(),
  skuId: text(),
  skuName: text(),
};

export const ordersView = defineView({
  ...rangeFields,
  ...pagingFields,
  sort: oneOf(['desc', 'asc'] as const, 'must be desc or asc', 'desc'),
  ...orderFilterFields,
  ...costViewFields,
});

export type OrdersViewState = ViewState<typeof ordersView.fields>;
export type OrderFilters = Pick<OrdersViewState, keyof typeof orderFilterFields>;
/** The orders query as a route has it, parsed and checked; the cost view goes apart (`costViewOf`). */
export type OrdersQuery = Omit<ParsedView<typeof ordersView.fields>, 'costs' | 'allocate'>;

export const readOrdersViewFromUrl = readViewFromUrl(ordersView);
