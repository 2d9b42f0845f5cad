import { text } from './field';
import { rangeFields } from './range';
import type { ParsedView } from './schema';
import { defineView } from './view';

// The Settlement page (`/settlement`): the range of the orders whose settlement is measured, and a
// SKU search (`GET /api/dashboard/shops/{id}/reports/settlement` and its export).

export const settlementView = defineView({ ...rangeFields, q: text() });

export type SettlementQuery = ParsedView<typeof settlementView.fields>;
