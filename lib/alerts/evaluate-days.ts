import 'server-only';
import { DEFAULT_SWITCHES } from '@/lib/profit';
import { overviewReport } from '@/lib/reports/overview';
import { refundsByDay } from '@/lib/store/reads';
import { addDays } from '@/lib/time';
import { sentence } from '@/lib/format/sentence';
import { figureOf, lastDays, moneyOf, type EvalContext, type Finding } from './context';
import { alertLinks } from './links';
import type { RuleParams } from './rules';

// The rules about whole days (yesterday: a complete day) and about the shop itself. A day's figures
// are the overview's daily series (net sales, net profit with your costs), its refunds the Refunds
// page's; the baselines are the same weekday of the four weeks before.

const WEEKS = [7, 14, 21, 28];

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

async function daySeries(ctx: EvalContext, day: string) {
  const from = addDays(day, -28);
  const deps = { store: ctx.store, now: ctx.now };
  const [overview, refunds] = await Promise.all([
    overviewReport(deps, ctx.shop, { from, to: day }, DEFAULT_SWITCHES, { costs: ctx.costs, previousCovered: false }),
    refundsByDay(ctx.store.db, ctx.shop.id, from, day),
  ]);
  const series = new Map(overview.series.map((p) => [p.day, p]));
  const refund = new Map(refunds.map((r) => [r.local_day, Math.abs(Number(r.value))]));
  return { series, refund };
}

export async function refundSpike(ctx: EvalContext, p: RuleParams<'refund-spike'>): Promise<Finding[]> {
  const day = addDays(lastDays(ctx, 1).to, -1);
  const { series, refund } = await daySeries(ctx, day);
  const value = refund.get(day) ?? 0;
  if (value <= 0) return [];
  const netSales = series.get(day)?.netSales ?? 0;
  const share = netSales > 0 ? (value / netSales) * 100 : null;
  const usual = median(WEEKS.map((w) => refund.get(addDays(day, -w)) ?? 0));
  const overShare = p.percentOfSales !== null && share !== null && share > p.percentOfSales;
  const overMedian = p.medianMultiple !== null && usual > 0 && value > p.medianMultiple * usual;
  if (!overShare && !overMedian) return [];
  // One whole sentence for each of the three cases, so a translator can reorder each.
  const which = share !== null && usual > 0 ? 'both' : share !== null ? 'share' : 'median';
  return [
    {
      subject: `day:${day}`,
      title: sentence('Refunds of {refunds} on {day}', { refunds: moneyOf(ctx, value), day: { day } }),
      message: sentence(
        '{which, select, both {Refunds on {day} came to {refunds}: {share} of the day’s net sales of {sales}, {multiple}× the median of the same weekday over 4 weeks ({usual}).} share {Refunds on {day} came to {refunds}: {share} of the day’s net sales of {sales}.} other {Refunds on {day} came to {refunds}: {multiple}× the median of the same weekday over 4 weeks ({usual}).}}',
        {
          which: { text: which },
          day: { day },
          refunds: moneyOf(ctx, value),
          share: { percent: (share ?? 0) / 100 },
          sales: moneyOf(ctx, netSales),
          multiple: { decimal: usual > 0 ? value / usual : 0 },
          usual: moneyOf(ctx, usual),
        },
      ),
      figure: overMedian
        ? figureOf(ctx, value, usual, 'money')
        : figureOf(ctx, share ?? 0, p.percentOfSales, 'percent'),
      link: alertLinks.refunds(ctx.shop.id, { from: day, to: day }),
    },
  ];
}

export async function profitDrop(ctx: EvalContext, p: RuleParams<'profit-drop'>): Promise<Finding[]> {
  const day = addDays(lastDays(ctx, 1).to, -1);
  const { series } = await daySeries(ctx, day);
  const value = series.get(day)?.netProfit ?? 0;
  const baseline = WEEKS.reduce((acc, w) => acc + (series.get(addDays(day, -w))?.netProfit ?? 0), 0) / WEEKS.length;
  if (baseline <= 0 || value >= baseline * (1 - p.dropPercent / 100)) return [];
  const drop = ((baseline - value) / baseline) * 100;
  return [
    {
      subject: `day:${day}`,
      title: sentence('Net profit down {drop} on {day}', { drop: { percent: drop / 100 }, day: { day } }),
      message: sentence(
        'Net profit on {day} was {profit}, {drop} below the average of the same weekday over the 4 weeks before ({average}).',
        {
          day: { day },
          profit: moneyOf(ctx, value),
          drop: { percent: drop / 100 },
          average: moneyOf(ctx, Math.round(baseline)),
        },
      ),
      figure: figureOf(ctx, value, Math.round(baseline), 'money'),
      link: alertLinks.overview(ctx.shop.id, { from: day, to: day }),
    },
  ];
}

async function ordersBetween(ctx: EvalContext, fromSeconds: number, toSeconds: number): Promise<number> {
  const row = await ctx.store.db
    .selectFrom('st_order')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('shop_id', '=', ctx.shop.id)
    .where('create_time', '>', fromSeconds)
    .where('create_time', '<=', toSeconds)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/**
 * No order in the `hours` before the data's own time (the last sync, so a stale sync is not taken
 * for a quiet shop), while the same hours of at least 3 of the 4 weeks before had orders.
 */
export async function noOrders(ctx: EvalContext, p: RuleParams<'no-orders'>): Promise<Finding[]> {
  const asOfMs = ctx.progress?.lastSyncedAt;
  if (!asOfMs) return [];
  const asOf = Math.floor(asOfMs / 1000);
  const span = p.hours * 3600;
  if ((await ordersBetween(ctx, asOf - span, asOf)) > 0) return [];
  const weeks = await Promise.all(WEEKS.map((w) => ordersBetween(ctx, asOf - w * 86_400 - span, asOf - w * 86_400)));
  const usual = weeks.filter((n) => n > 0).length;
  if (usual < 3) return [];
  const average = weeks.reduce((a, b) => a + b, 0) / WEEKS.length;
  const today = lastDays(ctx, 1).to;
  return [
    {
      subject: 'shop',
      title: sentence('No orders for {hours, plural, one {# hour} other {# hours}}', { hours: { count: p.hours } }),
      message: sentence(
        '{shop} has had no order in the {hours, plural, one {hour} other {# hours}} before its last sync; the same hours of {usual} of the 4 weeks before had orders ({average} on average).',
        {
          shop: { text: ctx.shop.name },
          hours: { count: p.hours },
          usual: { count: usual },
          average: { decimal: average },
        },
      ),
      figure: figureOf(ctx, 0, average, 'count'),
      link: alertLinks.orders(ctx.shop.id, { from: addDays(today, -1), to: today }, ''),
    },
  ];
}

export async function syncStale(ctx: EvalContext, p: RuleParams<'sync-stale'>): Promise<Finding[]> {
  const last = ctx.progress?.lastSyncedAt ?? null;
  const failing = ctx.progress?.state === 'failed' && ctx.progress.error;
  const ageMinutes = last === null ? null : Math.floor((ctx.now - last) / 60_000);
  const stale = ageMinutes !== null && ageMinutes > p.minutes;
  if (!failing && !stale) return [];
  const today = lastDays(ctx, 1).to;
  const values = {
    shop: { text: ctx.shop.name },
    error: { text: failing ? ctx.progress!.error! : '' },
    read: { text: ageMinutes === null ? 'never' : 'minutes' },
    age: { count: ageMinutes ?? 0 },
    limit: { count: p.minutes },
  };
  return [
    {
      subject: 'shop',
      title: failing
        ? sentence('The sync of {shop} fails', values)
        : sentence("{shop}'s data is {age, plural, one {# minute} other {# minutes}} old", values),
      message: failing
        ? sentence(
            'The sync of {shop} stopped: {error} {read, select, never {Its data was never read.} other {Its data was last read {age, plural, one {# minute} other {# minutes}} ago.}}',
            values,
          )
        : sentence(
            "{shop}'s data was {read, select, never {never read} other {last read {age, plural, one {# minute} other {# minutes}} ago}}, more than your limit of {limit, plural, one {# minute} other {# minutes}}.",
            values,
          ),
      figure: figureOf(ctx, ageMinutes ?? 0, p.minutes, 'minutes'),
      link: alertLinks.overview(ctx.shop.id, { from: today, to: today }),
    },
  ];
}
