import 'server-only';
import { DashboardError, notSyncedYet } from '@/lib/api/dashboard-error';
import { formatMonth } from '@/lib/format/time';
import type { PnlMonth } from '@/lib/reports/pnl-by-month';
import type { PnlLineValue } from '@/lib/reports/pnl-lines';
import { lastDayOf } from '@/lib/reports/journal';
import { shopLocalDate } from '@/lib/time';
import { loadPnlByMonth } from './pnl-by-month';
import type { ConnectedShop } from './shops';

// One month's statement as the books see it, for its journal (docs/ARCHITECTURE.md#journals): the
// P&L by month of that month alone, with the default switches (cancelled orders out, samples as a
// marketing cost) and the seller's costs. Every month is open here; the month close's loader
// (a closed month's frozen statement, the first open month's adjustments) takes this one's place
// with the same signature.

export interface MonthStatement {
  status: 'closed' | 'open';
  month: PnlMonth;
  lines: PnlLineValue[];
}

export async function monthStatement(shop: ConnectedShop, month: string): Promise<MonthStatement> {
  const today = shopLocalDate(Math.floor(Date.now() / 1000), shop.timezone);
  const from = `${month}-01`;
  if (from > today)
    throw new DashboardError('INVALID_REQUEST', `month: ${formatMonth(month)} has not begun in the shop's time zone`);
  const last = lastDayOf(month);
  const to = last < today ? last : today;
  const data = await loadPnlByMonth(shop, {
    range: { from, to },
    cancelled: 'exclude',
    samples: 'separate',
    costs: 'mine',
  });
  if (!data.report || data.partial) throw notSyncedYet(data.coverage);
  const column = data.report.months[0]!;
  return {
    status: 'open',
    month: column,
    lines: data.report.lines.map((l) => ({ key: l.key, label: l.label, kind: l.kind, cents: l.values[0]! })),
  };
}
