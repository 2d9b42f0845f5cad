import 'server-only';
import { monthStatement as booksMonthStatement, type BooksMonth } from './books';
import type { ConnectedShop } from './shops';

// One month's statement as the books see it, for its journal (docs/ARCHITECTURE.md#journals): a
// closed month's frozen statement, else the month live under the books' basis (the default switches
// and the seller's costs while nothing is closed) with the adjustments to closed periods the first
// open month carries: the month close's loader (./books, docs/ARCHITECTURE.md#closing-a-month).

export type MonthStatement = BooksMonth;

export async function monthStatement(shop: ConnectedShop, month: string): Promise<MonthStatement> {
  return booksMonthStatement(shop, month);
}
