import 'server-only';
import { sentence, type Sentence } from '@/lib/format/sentence';
import { adjustmentLines, pendingOf, readBooks, type Books } from '@/lib/reports/month-close';
import { statementFrame } from '@/lib/reports/pnl-lines';
import type { BookedAdjustment } from '@/lib/store/books';
import { addDays, dayCount, lastDayOfMonth, monthAfter } from '@/lib/time';
import { figureOf, lastDays, moneyOf, type EvalContext, type Finding } from './context';
import { alertLinks } from './links';
import type { RuleParams } from './rules';

// The rules about the books (docs/ARCHITECTURE.md#pl-by-month).
// - A month ready to close: it has ended in the shop's zone, the store holds every one of its days,
//   every order of it has settled (none still estimated: its statement will not move with a
//   settlement) and it is not closed. The months looked at are those after the latest closed month
//   (closing goes in order); with nothing closed yet, last month only — a shop that never closed is
//   not told about every month of its history.
// - Adjustments to closed periods over an amount: what changed in the closed months since they
//   closed (lib/reports/month-close's pending adjustments, booked in the first open month), by its
//   effect on net profit, the figure the first open month's statement adds as "Adjustments to
//   closed periods".

/** The months that may be closed next, oldest first: ended, after the latest closed month. */
async function monthsToClose(ctx: EvalContext): Promise<string[]> {
  const today = lastDays(ctx, 1).to;
  const lastEnded = addDays(`${today.slice(0, 7)}-01`, -1).slice(0, 7);
  const { firstOpen } = await readBooks({ store: ctx.store, now: ctx.now }, ctx.shop.id);
  if (!firstOpen) return [lastEnded];
  const months: string[] = [];
  for (let m = firstOpen; m <= lastEnded; m = monthAfter(m)) months.push(m);
  return months;
}

/** The month's orders and those not settled yet (UNSETTLED or DRAFT; cancelled ones included: they settle too). */
async function orderCounts(ctx: EvalContext, from: string, to: string): Promise<{ orders: number; estimated: number }> {
  const row = await ctx.store.db
    .selectFrom('st_order')
    .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.sum<number>('estimated').as('estimated')])
    .where('shop_id', '=', ctx.shop.id)
    .where('local_day', '>=', from)
    .where('local_day', '<=', to)
    .executeTakeFirst();
  return { orders: Number(row?.n ?? 0), estimated: Number(row?.estimated ?? 0) };
}

export async function monthReady(ctx: EvalContext): Promise<Finding[]> {
  const found: Finding[] = [];
  for (const month of await monthsToClose(ctx)) {
    const days = { from: `${month}-01`, to: lastDayOfMonth(month) };
    const stored = await ctx.store.coverage(ctx.shop.id, days.from, days.to);
    if (stored.size < dayCount(days.from, days.to)) continue;
    const { orders, estimated } = await orderCounts(ctx, days.from, days.to);
    if (estimated > 0) continue;
    const values = { month: { month }, orders: { count: orders }, shop: { text: ctx.shop.name } };
    found.push({
      subject: `month:${month}`,
      title: sentence('{month} is ready to close', values),
      message: sentence(
        '{orders, plural, one {The one order} other {All # orders}} of {month} in {shop} {orders, plural, one {has} other {have}} settled, so its statement will no longer move with a settlement. Close it on the P&L by month page to freeze it for your books.',
        values,
      ),
      figure: figureOf(ctx, orders, null, 'count'),
      link: alertLinks.pnlByMonth(ctx.shop.id, days),
    });
  }
  return found;
}

/** The adjustments not booked yet and their effect on net profit (the statement's "Adjustments to closed periods"). */
async function pendingEffect(
  ctx: EvalContext,
  books: Books,
): Promise<{ items: BookedAdjustment[]; effect: number; months: string[] }> {
  const inputs = books.basis?.costs === 'mine' ? ctx.costs : null;
  const items = await pendingOf({ store: ctx.store, now: ctx.now }, ctx.shop, books, inputs);
  // The statement's lines (their keys and kinds, no figures): only lines of kind 'line' add up.
  const frame = statementFrame(books.basis?.costs ?? 'mine');
  const effect = adjustmentLines(items, frame).find((l) => l.key === 'adjustments')?.cents ?? 0;
  return { items, effect, months: [...new Set(items.map((i) => i.forMonth))].sort() };
}

export async function adjustmentsOver(ctx: EvalContext, p: RuleParams<'adjustments-over'>): Promise<Finding[]> {
  const books = await readBooks({ store: ctx.store, now: ctx.now }, ctx.shop.id);
  if (!books.firstOpen) return [];
  const { items, effect, months } = await pendingEffect(ctx, books);
  if (items.length === 0 || Math.abs(effect) <= p.amount) return [];
  const values = {
    effect: moneyOf(ctx, effect),
    sources: { count: new Set(items.map((i) => i.source)).size },
    changed: { months },
    limit: moneyOf(ctx, p.amount),
    open: { month: books.firstOpen },
  };
  return [
    {
      subject: `adjustments:${books.firstOpen}`,
      title: sentence('Adjustments to closed periods of {effect}', values),
      message: sentence(
        'Since they were closed, {sources} orders or inputs of {changed} changed their net profit by {effect}, more than your limit of {limit}. The closed statements stay as they are; the difference is booked in {open} as adjustments to closed periods, itemised on the P&L by month page.',
        values,
      ),
      figure: figureOf(ctx, effect, p.amount, 'money'),
      link: alertLinks.pnlByMonth(ctx.shop.id, { from: `${books.firstOpen}-01`, to: lastDayOfMonth(books.firstOpen) }),
    },
  ];
}

/**
 * The digest's line about the books, for a person who sees costs and profit: the months ready to
 * close and the adjustments to closed periods not booked yet, each a whole clause; none when there is nothing to say.
 */
export async function booksNote(ctx: EvalContext): Promise<Sentence[]> {
  const books = await readBooks({ store: ctx.store, now: ctx.now }, ctx.shop.id);
  const notes: Sentence[] = [];
  const ready = (await monthReady(ctx)).map((f) => f.subject.slice('month:'.length));
  if (ready.length > 0)
    notes.push(
      sentence('{ready, plural, one {{ready} is} other {{ready} are}} ready to close', { ready: { months: ready } }),
    );
  if (books.firstOpen) {
    const { items, effect } = await pendingEffect(ctx, books);
    if (items.length > 0)
      notes.push(
        sentence('adjustments to closed periods of {effect} will be booked in {open}', {
          effect: moneyOf(ctx, effect),
          open: { month: books.firstOpen },
        }),
      );
  }
  return notes;
}
