import 'server-only';
import type { Order } from '@/lib/contract';
import { kindRates } from '@/lib/costs/kinds';
import { orderCogs } from '@/lib/costs/order-cogs';
import { classifyOrder, DEFAULT_SWITCHES, orderProfit } from '@/lib/profit';
import { skuReport, type SkuProfitRow } from '@/lib/reports/sku-report';
import { orderCogsData, skuInfo } from '@/lib/store/reads';
import { addDays, shopDayStart } from '@/lib/time';
import { sentence } from '@/lib/format/sentence';
import { figureOf, lastDays, moneyOf, type EvalContext, type Finding } from './context';
import { adjustmentsOver, monthReady } from './evaluate-books';
import { noOrders, profitDrop, refundSpike, syncStale } from './evaluate-days';
import { skuBelowBreakEven } from './evaluate-pricing';
import { alertLinks } from './links';
import type { AlertKind, RuleParams } from './rules';

// What each rule finds in one shop's stored data (docs/ARCHITECTURE.md#alerts): the store alone,
// never an upstream request. Figures are the pages' own: the SKU report and the orders' P&L with the
// seller's costs (the pages' default view), so an alert's link shows the figure it names.

function skuName(row: SkuProfitRow): string {
  return row.sellerSku || row.skuName || row.skuId;
}

async function skuRows(ctx: EvalContext, days: { from: string; to: string }): Promise<SkuProfitRow[]> {
  const report = await skuReport({ store: ctx.store, now: ctx.now }, ctx.shop, days, { costs: ctx.costs });
  return report.rows;
}

async function skuLoss(ctx: EvalContext, p: RuleParams<'sku-loss'>): Promise<Finding[]> {
  const days = lastDays(ctx, p.days);
  return (await skuRows(ctx, days))
    .filter((r) => r.lines >= p.minLines && r.netProfit < 0)
    .map((r) => ({
      subject: `sku:${r.skuId}`,
      title: sentence('{sku} is losing money', { sku: { text: skuName(r) } }),
      message: sentence(
        '{sku} ({product}) made a net profit of {profit} on {sales} of net sales over {lines, plural, one {# line} other {# lines}} in the last {days} days ({range}).',
        {
          sku: { text: skuName(r) },
          product: { text: r.productName },
          profit: moneyOf(ctx, r.netProfit),
          sales: moneyOf(ctx, r.netSales),
          lines: { count: r.lines },
          days: { count: p.days },
          range: { days },
        },
      ),
      figure: figureOf(ctx, r.netProfit, 0, 'money'),
      link: alertLinks.skuProfit(ctx.shop.id, days, r.skuId),
    }));
}

async function skuMargin(ctx: EvalContext, p: RuleParams<'sku-margin'>): Promise<Finding[]> {
  const days = lastDays(ctx, p.days);
  const before = { from: addDays(days.from, -p.days), to: addDays(days.from, -1) };
  const [rows, previous] = await Promise.all([skuRows(ctx, days), p.dropPoints === null ? [] : skuRows(ctx, before)]);
  const previousMargin = new Map(previous.filter((r) => r.lines >= p.minLines).map((r) => [r.skuId, r.margin]));
  const found: Finding[] = [];
  for (const r of rows) {
    if (r.lines < p.minLines || r.margin === null) continue;
    const was = previousMargin.get(r.skuId) ?? null;
    const below = p.belowPercent !== null && r.margin * 100 < p.belowPercent;
    const dropped = p.dropPoints !== null && was !== null && (was - r.margin) * 100 > p.dropPoints;
    if (!below && !dropped) continue;
    const values = {
      sku: { text: skuName(r) },
      product: { text: r.productName },
      margin: { percent: r.margin },
      profit: moneyOf(ctx, r.netProfit),
      sales: moneyOf(ctx, r.netSales),
      days: { count: p.days },
    };
    found.push({
      subject: `sku:${r.skuId}`,
      title: sentence("{sku}'s margin is {margin}", values),
      message: dropped
        ? sentence(
            '{sku} ({product}) earned a margin of {margin} (net profit {profit} on {sales}) in the last {days} days, down from {was} on the {days} days before.',
            { ...values, was: { percent: was! } },
          )
        : sentence(
            '{sku} ({product}) earned a margin of {margin} (net profit {profit} on {sales}) in the last {days} days, below your threshold of {threshold}.',
            { ...values, threshold: { percent: p.belowPercent! / 100 } },
          ),
      figure: dropped
        ? figureOf(ctx, r.margin * 100, was! * 100, 'percent')
        : figureOf(ctx, r.margin * 100, p.belowPercent, 'percent'),
      link: alertLinks.skuProfit(ctx.shop.id, days, r.skuId),
    });
  }
  return found;
}

async function adNoSales(ctx: EvalContext, p: RuleParams<'ad-no-sales'>): Promise<Finding[]> {
  const days = lastDays(ctx, p.days);
  const spend = new Map<string, number>();
  for (const a of ctx.costs.adSpend)
    if (a.skuId && a.day >= days.from && a.day <= days.to)
      spend.set(a.skuId, (spend.get(a.skuId) ?? 0) + Math.abs(a.amountCents));
  if (spend.size === 0) return [];
  const rows = new Map((await skuRows(ctx, days)).map((r) => [r.skuId, r]));
  const info = await skuInfo(ctx.store.db, ctx.shop.id);
  const found: Finding[] = [];
  for (const [sku, cents] of spend) {
    const row = rows.get(sku);
    if (cents <= 0 || (row && row.lines > 0 && row.netSales > 0)) continue;
    const name = info.get(sku)?.sellerSku || sku;
    found.push({
      subject: `sku:${sku}`,
      title: sentence('Ad spend on {sku} without sales', { sku: { text: name } }),
      message: sentence('You spent {spend} on ads for {sku} in the last {days} days ({range}) and it sold nothing.', {
        spend: moneyOf(ctx, cents),
        sku: { text: name },
        days: { count: p.days },
        range: { days },
      }),
      figure: figureOf(ctx, cents, 0, 'money'),
      link: alertLinks.skuProfit(ctx.shop.id, days, sku),
    });
  }
  return found;
}

/** Orders created since yesterday's start whose net profit (the orders page's, your COGS and charged kinds applied) is below −amount. */
async function orderLoss(ctx: EvalContext, p: RuleParams<'order-loss'>): Promise<Finding[]> {
  const days = lastDays(ctx, 2);
  const since = shopDayStart(days.from, ctx.shop.timezone);
  const rows = await ctx.store.db
    .selectFrom('st_order')
    .select(['order_id', 'payload', 'local_day'])
    .where('shop_id', '=', ctx.shop.id)
    .where('create_time', '>=', since)
    .where('cancelled', '=', 0)
    .where('sample', '=', 0)
    .execute();
  if (rows.length === 0) return [];
  const recost = orderCogs(
    await orderCogsData(ctx.store.db, ctx.shop.id, ctx.costs.cogs, kindRates(ctx.costs)),
    ctx.shop.timezone,
  );
  const found: Finding[] = [];
  for (const row of rows) {
    const order = JSON.parse(row.payload) as Order;
    if (classifyOrder(order, DEFAULT_SWITCHES) !== 'counted') continue;
    const profit = orderProfit(order, recost?.(order)).totals;
    if (profit.netProfit >= -p.amount) continue;
    const day = { from: row.local_day, to: row.local_day };
    found.push({
      subject: `order:${row.order_id}`,
      title: sentence('Order {order} lost {loss}', {
        order: { text: order.orderNumber },
        loss: moneyOf(ctx, -profit.netProfit),
      }),
      message: sentence(
        p.amount > 0
          ? 'Order {order} of {day} has a net profit of {profit} on {sales} of net sales (your limit: a loss of {limit}).'
          : 'Order {order} of {day} has a net profit of {profit} on {sales} of net sales.',
        {
          order: { text: order.orderNumber },
          day: { day: row.local_day },
          profit: moneyOf(ctx, profit.netProfit),
          sales: moneyOf(ctx, profit.netSales),
          limit: moneyOf(ctx, p.amount),
        },
      ),
      figure: figureOf(ctx, profit.netProfit, -p.amount, 'money'),
      link: alertLinks.orders(ctx.shop.id, day, order.orderNumber),
    });
  }
  return found;
}

/** The subjects for which `kind`'s condition holds now in the shop's stored data. */
export async function evaluateRule(kind: AlertKind, params: RuleParams, ctx: EvalContext): Promise<Finding[]> {
  switch (kind) {
    case 'sku-loss':
      return skuLoss(ctx, params as RuleParams<'sku-loss'>);
    case 'sku-margin':
      return skuMargin(ctx, params as RuleParams<'sku-margin'>);
    case 'ad-no-sales':
      return adNoSales(ctx, params as RuleParams<'ad-no-sales'>);
    case 'order-loss':
      return orderLoss(ctx, params as RuleParams<'order-loss'>);
    case 'refund-spike':
      return refundSpike(ctx, params as RuleParams<'refund-spike'>);
    case 'profit-drop':
      return profitDrop(ctx, params as RuleParams<'profit-drop'>);
    case 'no-orders':
      return noOrders(ctx, params as RuleParams<'no-orders'>);
    case 'sync-stale':
      return syncStale(ctx, params as RuleParams<'sync-stale'>);
    case 'month-ready':
      return monthReady(ctx);
    case 'adjustments-over':
      return adjustmentsOver(ctx, params as RuleParams<'adjustments-over'>);
    case 'sku-below-break-even':
      return skuBelowBreakEven(ctx, params as RuleParams<'sku-below-break-even'>);
  }
}
