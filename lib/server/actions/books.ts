import 'server-only';
import { DashboardError } from '@/lib/api/dashboard-error';
import type { ConnectedShop } from '@/lib/api/schemas';
import type { BooksState } from '@/lib/reports/books-schemas';
import { sayBooks } from '@/lib/reports/books-messages';
import { closeRefusal, closingOf, readBooks, reopenRefusal } from '@/lib/reports/month-close';
import { readCloses, withBooksLock, writeClose, writeReopen, type MonthCloseRow } from '@/lib/store/books';
import { getSyncEngine } from '@/lib/sync';
import { lastDayOfMonth, shopLocalDate } from '@/lib/time';
import { servingPerson } from '../access';
import { basisInputs, basisOfView, booksDeps, checkMonth, loadBooks, type BasisView } from '../loaders/books';

// Closing and reopening a month (docs/ARCHITECTURE.md#pl-by-month). Closed months form a chain: the
// first close may be any ended, fully stored month; then only the month after the latest closed one
// closes, and only the latest closed one reopens (an accounting lock date moving). A close freezes
// the month's statement under the books' basis, keeps its itemised figures, and books in it the
// adjustments to the closed months before it. Both hold the shop's books lock while they check the
// chain and write (lib/store/books' withBooksLock): two at once run one after the other, and the
// second is refused with what the first did.

/** The closes a change was worked out from are still the books' (nobody closed or reopened meanwhile). */
const sameCloses = (a: readonly MonthCloseRow[], b: readonly MonthCloseRow[]) =>
  a.length === b.length &&
  a.every((c, i) => c.month === b[i]!.month && Number(c.closed_at) === Number(b[i]!.closed_at));

const changedMeanwhile = (month: string) =>
  new DashboardError('CONFLICT', sayBooks('changedMeanwhile', { month: { month } }));

/**
 * Closes `month`. The first close fixes the books' basis from the view it is closed from; a later
 * close uses the books' basis whatever the view (every closed month then adds up the same way).
 */
export async function closeMonth(shop: ConnectedShop, monthInput: string, view: BasisView): Promise<BooksState> {
  const month = checkMonth(monthInput);
  const person = servingPerson();
  const d = await booksDeps();
  const books = await readBooks(d, shop.id);
  const today = shopLocalDate(Math.floor(d.now / 1000), shop.timezone);
  const engine = await getSyncEngine();
  const coverage = await engine.coverage(
    { id: shop.id, timezone: shop.timezone },
    { from: `${month}-01`, to: lastDayOfMonth(month) },
  );
  const refusal = closeRefusal(month, books.closed, today, coverage.complete);
  if (refusal) throw new DashboardError('CONFLICT', refusal);
  const basis = books.basis ?? basisOfView(view);
  const { statement, items, adjustments } = await closingOf(
    d,
    shop,
    books,
    month,
    basis,
    await basisInputs(d, shop.id, basis),
  );
  await withBooksLock(d.store.db, d.store.dialect, shop.id, d.now, async (trx) => {
    // Under the lock, the books as they are now: a close that ran meanwhile is seen here.
    const now = await readCloses(trx, shop.id);
    const again = closeRefusal(
      month,
      now.map((c) => c.month),
      today,
      coverage.complete,
    );
    if (again) throw new DashboardError('CONFLICT', again);
    if (!sameCloses(now, books.closes)) throw changedMeanwhile(month);
    await writeClose(trx, {
      shopId: shop.id,
      month,
      at: d.now,
      person: person.email,
      basis: JSON.stringify(basis),
      statement: JSON.stringify(statement),
      items,
      adjustments,
    });
  });
  return loadBooks(shop);
}

/** Reopens the latest closed month, with the reason (it stays in the history). */
export async function reopenMonth(shop: ConnectedShop, monthInput: string, reason: string): Promise<BooksState> {
  const month = checkMonth(monthInput);
  const person = servingPerson();
  const d = await booksDeps();
  await withBooksLock(d.store.db, d.store.dialect, shop.id, d.now, async (trx) => {
    const refusal = reopenRefusal(
      month,
      (await readCloses(trx, shop.id)).map((c) => c.month),
    );
    if (refusal) throw new DashboardError('CONFLICT', refusal);
    await writeReopen(trx, { shopId: shop.id, month, at: d.now, person: person.email, reason });
  });
  return loadBooks(shop);
}
