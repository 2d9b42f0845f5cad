import { oneOf } from './field';
import { rangeFields } from './range';
import type { ParsedView } from './schema';
import { costsField, switchFields } from './switches';
import { defineView } from './view';

// The P&L by month page (`/pnl-by-month`): the range (its months are the columns, at most 24), the
// cancelled and sample switches, the cost view, and whether each cell also shows its share of net
// sales (`GET /api/dashboard/shops/{id}/reports/pnl-by-month` and its export). The seller's
// whole-shop costs are never allocated here: a statement shows them as lines of their own.

export const pnlByMonthView = defineView({
  ...rangeFields,
  ...switchFields,
  costs: costsField,
  share: oneOf(['off', 'on'] as const, 'must be off or on', 'off'),
});

export type PnlByMonthQuery = ParsedView<typeof pnlByMonthView.fields>;
