import { SKU_SORT_KEYS } from '@/lib/reports/sort-keys';
import { oneOf, text } from './field';
import { rangeFields } from './range';
import type { ParsedView } from './schema';
import { costViewFields, forecastField, switchFields } from './switches';
import { defineView } from './view';

// The SKU profit page (`/sku-profit`): search, sort and the switches beside the range and the cost
// view (`GET /api/dashboard/shops/{id}/reports/sku-profit` and its export).

export const skuProfitView = defineView({
  ...rangeFields,
  q: text(),
  sort: oneOf(SKU_SORT_KEYS, `must be one of ${SKU_SORT_KEYS.join(', ')}`, 'netProfit'),
  dir: oneOf(['asc', 'desc'] as const, 'must be asc or desc', 'desc'),
  ...switchFields,
  ...costViewFields,
  ...forecastField,
});

export type SkuProfitQuery = ParsedView<typeof skuProfitView.fields>;
