import { rangeFields } from './range';
import type { ParsedView } from './schema';
import { defineView, readViewFromUrl } from './view';

// The refunds page (`/refunds`) and its API: the range alone. The sync's range and the reports'
// range-only routes read the same view.

export const refundsView = defineView(rangeFields);
/** The range alone, for routes that take nothing else (the sync). */
export const rangeView = defineView(rangeFields);
export type RangeQuery = ParsedView<typeof rangeView.fields>;

export const readRefundsViewFromUrl = readViewFromUrl(refundsView);
