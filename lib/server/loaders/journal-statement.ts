import 'server-only';
import type { PnlMonth } from '@/lib/reports/pnl-by-month';
import type { PnlLineValue } from '@/lib/reports/pnl-lines';
import { monthStatement as booksMonthStatement } from './books';
import type { ConnectedShop } from './shops';

// One month's statement as the books see it, for its journal (docs/ARCHITECTURE.md#journals): a
// closed month's frozen statement, else the month live under the books' basis (the default switches
// and the seller's costs while nothing is closed) with the adjustments to closed periods the first
// open month carries: the month close's loader (./books, docs/ARCHITECTURE.md#closing-a-month).

export interface MonthStatement {
  status: 'closed' | 'open';
  month: PnlMonth;
  lines: PnlLineValue[];
}

export async function monthStatement(shop: ConnectedShop, month: string): Promise<MonthStatement> {
  return booksMonthStatement(shop, month);
}
