import 'server-only';
import { DashboardError } from '@/lib/api/dashboard-error';
import type { ConnectedShop } from '@/lib/api/schemas';
import type { BooksState } from '@/lib/api/books';
import {
  closeRefusal,
  closingOf,
  lastDayOf,
  readBooks,
  reopenRefusal,
  type BooksBasis,
} from '@/lib/reports/month-close';
import { writeClose, writeReopen } from '@/lib/store/books';
import { getSyncEngine } from '@/lib/sync';
import { shopLocalDate } from '@/lib/time';
import { switchesOf } from '@/lib/views/switches';
import { servingPerson } from '../access';
import { basisInputs, booksDeps, checkMonth, loadBooks } from '../loaders/books';

// Closing and reopening a month (docs/ARCHITECTURE.md#pl-by-month). Closed months form a chain: the
// first close may be any ended, fully stored month; then only the month after the latest closed one
// closes, and only the latest closed one reopens (an accounting lock date moving). A close freezes
// the month's statement under the books' basis, keeps its itemised figures, and books in it the
// adjustments to the closed months before it.

export interface CloseView {
  cancelled?: 'exclude' | 'include' | undefined;
  samples?: 'separate' | 'include' | undefined;
  costs?: 'mine' | 'service' | undefined;
}

/**
 * Closes `month`. The first close fixes the books' basis from the view it is closed from; a later
 * close uses the books' basis whatever the view (every closed month then adds up the same way).
 */
export async function closeMonth(shop: ConnectedShop, monthInput: string, view: CloseView): Promise<BooksState> {
  const month = checkMonth(monthInput);
  const person = servingPerson();
  const d = await booksDeps();
  const books = await readBooks(d, shop.id);
  const today = shopLocalDate(Math.floor(d.now / 1000), shop.timezone);
  const engine = await getSyncEngine();
  const coverage = await engine.coverage(
    { id: shop.id, timezone: shop.timezone },
    { from: `${month}-01`, to: lastDayOf(month) },
  );
  const refusal = closeRefusal(month, books.closed, today, coverage.complete);
  if (refusal) throw new DashboardError('CONFLICT', refusal);
  const asked: BooksBasis = {
    switches: switchesOf({ cancelled: view.cancelled ?? 'exclude', samples: view.samples ?? 'separate' }),
    costs: view.costs ?? 'mine',
  };
  const basis = books.basis ?? asked;
  const { statement, items, adjustments } = await closingOf(
    d,
    shop,
    books,
    month,
    basis,
    await basisInputs(d, shop.id, basis),
  );
  try {
    await writeClose(d.store.db, {
      shopId: shop.id,
      month,
      at: d.now,
      person: person.email,
      basis: JSON.stringify(basis),
      statement: JSON.stringify(statement),
      items,
      adjustments,
    });
  } catch (error) {
    // Two closes of the same month at once: the second finds it closed.
    if ((await readBooks(d, shop.id)).closed.includes(month))
      throw new DashboardError('CONFLICT', `${month} was closed meanwhile by someone else.`);
    throw error;
  }
  return loadBooks(shop);
}

/** Reopens the latest closed month, with the reason (it stays in the history). */
export async function reopenMonth(shop: ConnectedShop, monthInput: string, reason: string): Promise<BooksState> {
  const month = checkMonth(monthInput);
  const person = servingPerson();
  const d = await booksDeps();
  const books = await readBooks(d, shop.id);
  const refusal = reopenRefusal(month, books.closed);
  if (refusal) throw new DashboardError('CONFLICT', refusal);
  await writeReopen(d.store.db, { shopId: shop.id, month, at: d.now, person: person.email, reason });
  return loadBooks(shop);
}
