import 'server-only';
import { DashboardError, notSyncedYet } from '@/lib/api/dashboard-error';
import type { ConnectedShop } from '@/lib/api/schemas';
import { basisWords } from '@/lib/format/books';
import { formatMonth } from '@/lib/format/time';
import { skuText } from '@/lib/format/sku';
import { DEFAULT_SWITCHES } from '@/lib/profit';
import {
  adjustmentLines,
  closeRefusal,
  frozenOf,
  liveColumn,
  pendingOf,
  readBooks,
  sourceWords,
  type BooksBasis,
} from '@/lib/reports/month-close';
import type { PnlColumn, PnlMonth } from '@/lib/reports/pnl-by-month';
import type { PnlLineValue } from '@/lib/reports/pnl-lines';
import type { PeriodDeps, ShopZone } from '@/lib/reports/period';
import { readAdjustmentsBookedIn, readCloseEvents } from '@/lib/store/books';
import { readJournalDownloads } from '@/lib/store/books-records';
import { monthFacts } from '@/lib/reports/month-facts';
import { sayBooks } from '@/lib/reports/books-messages';
import { switchesOf } from '@/lib/views/switches';
import { readCostInputs } from '@/lib/store/cost-inputs';
import { orderSkus } from '@/lib/store/order-items';
import { getOrderStore } from '@/lib/store';
import { getSyncEngine } from '@/lib/sync';
import { lastDayOfMonth, shopLocalDate } from '@/lib/time';
import type { BooksState, MonthAdjustments, MonthFacts } from '@/lib/reports/books-schemas';

// The books of a shop (docs/ARCHITECTURE.md#pl-by-month): its closed months, the first open month,
// the basis they are closed under, the history, and the adjustments to closed periods. A closed
// month is always shown from its frozen statement; the first open month carries what changed in the
// closed months since they closed. Every figure here is read with every refund part (the books
// are the whole shop's, not a person's view of it).

const DEFAULT_BASIS: BooksBasis = { switches: DEFAULT_SWITCHES, costs: 'mine' };

export async function booksDeps(): Promise<PeriodDeps> {
  return { store: await getOrderStore(), now: Date.now() };
}

/** The seller's inputs the basis counts (none for the service's figures only). */
export async function basisInputs(d: PeriodDeps, shopId: string, basis: BooksBasis | null) {
  return basis?.costs === 'mine' ? readCostInputs(d.store.db, shopId) : null;
}

/**
 * The range's columns as the books show them: a whole closed month is its frozen statement, the
 * first open month carries the adjustments to closed periods, every other month is live.
 */
export async function withBooks(d: PeriodDeps, shop: ShopZone, columns: PnlColumn[]): Promise<PnlColumn[]> {
  const books = await readBooks(d, shop.id);
  if (books.closes.length === 0) return columns;
  const byMonth = new Map(books.closes.map((c) => [c.month, c]));
  const openIn = columns.some((c) => c.month.month === books.firstOpen);
  const pending = openIn ? await pendingOf(d, shop, books, await basisInputs(d, shop.id, books.basis)) : [];
  return columns.map((c) => {
    const close = byMonth.get(c.month.month);
    const whole = c.month.from === `${c.month.month}-01` && c.month.to === lastDayOfMonth(c.month.month);
    if (close && whole) {
      const frozen = frozenOf(close);
      return {
        month: { ...frozen.month, closed: { at: Number(close.closed_at), by: close.closed_by } },
        lines: frozen.lines,
      };
    }
    if (c.month.month === books.firstOpen) return { ...c, lines: [...c.lines, ...adjustmentLines(pending, c.lines)] };
    return c;
  });
}

/** A month as the books show it, the basis it is counted under and its last day counted (today while it runs). */
export interface BooksMonth {
  status: 'closed' | 'open';
  month: PnlMonth;
  lines: PnlLineValue[];
  basis: BooksBasis;
  until: string;
}

/**
 * One month's statement for a journal (docs/ARCHITECTURE.md#pl-by-month): the frozen column of a
 * closed month, else the live one under the books' basis (the default view while nothing is
 * closed) with the adjustments to closed periods it carries when it is the first open month.
 */
export async function monthStatement(shop: ConnectedShop, month: string): Promise<BooksMonth> {
  const d = await booksDeps();
  const books = await readBooks(d, shop.id);
  const close = books.closes.find((c) => c.month === month);
  const today = shopLocalDate(Math.floor(d.now / 1000), shop.timezone);
  const last = lastDayOfMonth(month);
  const until = last < today ? last : today;
  if (close) return { status: 'closed', ...frozenOf(close), basis: books.basis ?? DEFAULT_BASIS, until };
  if (`${month}-01` > today) throw new DashboardError('INVALID_REQUEST', sayBooks('notBegun', { month: { month } }));
  const engine = await getSyncEngine();
  const coverage = await engine.coverage({ id: shop.id, timezone: shop.timezone }, { from: `${month}-01`, to: until });
  if (!coverage.complete) throw notSyncedYet(coverage);
  const basis = books.basis ?? DEFAULT_BASIS;
  const inputs = await basisInputs(d, shop.id, basis);
  const column = await liveColumn(d, shop, month, basis, inputs, today);
  const pending = month === books.firstOpen ? await pendingOf(d, shop, books, inputs) : [];
  return {
    status: 'open',
    month: column.month,
    lines: [...column.lines, ...adjustmentLines(pending, column.lines)],
    basis,
    until,
  };
}

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

/** A `YYYY-MM` month, or a 400 naming the field. */
export function checkMonth(month: string, field = 'month'): string {
  if (!MONTH.test(month))
    throw new DashboardError('INVALID_REQUEST', `${field}: must be a month as YYYY-MM, like 2026-03`);
  return month;
}

/** The books' state for the page: closed months, the first open month, the month that may close next, the basis and the history. */
export async function loadBooks(shop: ConnectedShop): Promise<BooksState> {
  const d = await booksDeps();
  const [books, events] = await Promise.all([readBooks(d, shop.id), readCloseEvents(d.store.db, shop.id)]);
  const today = shopLocalDate(Math.floor(d.now / 1000), shop.timezone);
  // The month that may close next: the first open one, or (nothing closed) the last ended month.
  const candidate = books.firstOpen ?? addMonthBefore(today.slice(0, 7));
  const engine = await getSyncEngine();
  const coverage = await engine.coverage(
    { id: shop.id, timezone: shop.timezone },
    { from: `${candidate}-01`, to: lastDayOfMonth(candidate) },
  );
  const refusal = closeRefusal(candidate, books.closed, today, coverage.complete);
  const latest = books.closes.at(-1);
  const downloads = latest
    ? await readJournalDownloads(d.store.db, shop.id, latest.month, Number(latest.closed_at))
    : [];
  return {
    closed: books.closes.map((c) => ({ month: c.month, closedAt: Number(c.closed_at), closedBy: c.closed_by })),
    firstOpen: books.firstOpen,
    basis: books.basis,
    basisWords: books.basis ? basisWords(books.basis) : null,
    next: { month: candidate, refusal },
    reopenable: latest?.month ?? null,
    reopenDownloads: downloads
      .filter((j) => !j.draft)
      .map(({ format, part, parts, number, currency, at, person }) => ({
        format,
        part,
        parts,
        number,
        currency,
        at,
        person,
      })),
    history: events.map((e) => ({
      month: e.month,
      action: e.action === 'reopen' ? 'reopen' : 'close',
      person: e.person,
      at: e.at,
      reason: e.reason,
    })),
  };
}

/** The switches and cost view a page asks a first close for (the books' basis wins once there is one). */
export interface BasisView {
  cancelled?: 'exclude' | 'include' | undefined;
  samples?: 'separate' | 'include' | undefined;
  costs?: 'mine' | 'service' | undefined;
}

export const basisOfView = (view: BasisView): BooksBasis => ({
  switches: switchesOf({ cancelled: view.cancelled ?? 'exclude', samples: view.samples ?? 'separate' }),
  costs: view.costs ?? 'mine',
});

/** A month as the close dialog shows it: its own figures, whatever range the page shows. */
export async function loadMonthFacts(shop: ConnectedShop, monthInput: string, view: BasisView): Promise<MonthFacts> {
  const month = checkMonth(monthInput);
  const d = await booksDeps();
  const books = await readBooks(d, shop.id);
  const basis = books.basis ?? basisOfView(view);
  const today = shopLocalDate(Math.floor(d.now / 1000), shop.timezone);
  const engine = await getSyncEngine();
  const coverage = await engine.coverage(
    { id: shop.id, timezone: shop.timezone },
    { from: `${month}-01`, to: lastDayOfMonth(month) },
  );
  const facts = await monthFacts(d, shop, month, basis, await basisInputs(d, shop.id, basis), today, coverage);
  return {
    ...facts,
    refusal: closeRefusal(month, books.closed, today, coverage.complete),
    basisWords: basisWords(basis),
  };
}

const addMonthBefore = (month: string) => {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return m === 1 ? `${y - 1}-12` : `${y}-${String(m - 1).padStart(2, '0')}`;
};

/** The adjustments of `month` (the first open month when left out): booked if it is closed, pending if it is the first open month. */
export async function loadAdjustments(shop: ConnectedShop, monthInput: string | undefined): Promise<MonthAdjustments> {
  const d = await booksDeps();
  const books = await readBooks(d, shop.id);
  const month = monthInput ? checkMonth(monthInput) : books.firstOpen;
  if (!month) return { month: null, status: 'none', items: [], total: 0 };
  const closed = books.closed.includes(month);
  const status = closed ? 'booked' : month === books.firstOpen ? 'pending' : 'none';
  const list =
    status === 'booked'
      ? await readAdjustmentsBookedIn(d.store.db, shop.id, month)
      : status === 'pending'
        ? await pendingOf(d, shop, books, await basisInputs(d, shop.id, books.basis))
        : [];
  // The lines' words and kinds, from the latest frozen column (the labels are every statement's).
  const latest = books.closes.at(-1);
  const lines = new Map((latest ? frozenOf(latest).lines : []).map((l) => [l.key, l]));
  const orders = list.filter((a) => a.source.startsWith('order:')).map((a) => a.source.slice(6));
  const skus = await orderSkus(d.store.db, shop.id, orders);
  const items: MonthAdjustments['items'] = [];
  for (const a of list) {
    const line = lines.get(a.lineKey);
    if (!line || (line.kind !== 'line' && line.kind !== 'part')) continue;
    const orderId = a.source.startsWith('order:') ? a.source.slice(6) : null;
    items.push({
      forMonth: a.forMonth,
      forMonthWords: formatMonth(a.forMonth),
      source: a.source,
      sourceWords: sourceWords(a.source),
      skus: orderId ? (skus.get(orderId) ?? []).map((s) => skuText(s)) : [],
      lineKey: a.lineKey,
      line: line.label,
      kind: line.kind,
      cents: a.cents,
    });
  }
  const total = items.filter((i) => i.kind === 'line').reduce((sum, i) => sum + i.cents, 0);
  return { month, status, items, total };
}
