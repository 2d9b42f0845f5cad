import 'server-only';
import { formatMonth } from '@/lib/format/time';
import { lastDayOfMonth } from '@/lib/store/month-cache';
import { addDays, dayCount } from '@/lib/time';
import { figureOf, lastDays, type EvalContext, type Finding } from './context';
import { alertLinks } from './links';

// The rules about the books (docs/ARCHITECTURE.md#pl-by-month): a month ready to close. A month is
// ready when it has ended in the shop's zone, the store holds every one of its days, every order of
// it has settled (none still estimated: its statement will not move with a settlement) and it is not
// closed. The months looked at are those after the latest closed month (closing goes in order);
// with nothing closed yet, last month only — a shop that never closed is not told about every month
// of its history.

/** The month after `YYYY-MM`. */
const nextMonth = (month: string) => addDays(lastDayOfMonth(month), 1).slice(0, 7);

/** The months that may be closed next, oldest first: ended, after the latest closed month. */
async function monthsToClose(ctx: EvalContext): Promise<string[]> {
  const today = lastDays(ctx, 1).to;
  const lastEnded = addDays(`${today.slice(0, 7)}-01`, -1).slice(0, 7);
  const latest = await ctx.store.db
    .selectFrom('st_month_close')
    .select('month')
    .where('shop_id', '=', ctx.shop.id)
    .orderBy('month', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!latest) return [lastEnded];
  const months: string[] = [];
  for (let m = nextMonth(latest.month); m <= lastEnded; m = nextMonth(m)) months.push(m);
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
    const name = formatMonth(month);
    found.push({
      subject: `month:${month}`,
      title: `${name} is ready to close`,
      message: `All ${orders.toLocaleString('en-US')} orders of ${name} in ${ctx.shop.name} have settled, so its statement will no longer move with a settlement. Close it on the P&L by month page to freeze it for your books.`,
      figure: figureOf(ctx, orders, null, 'count'),
      link: alertLinks.pnlByMonth(ctx.shop.id, days),
    });
  }
  return found;
}
