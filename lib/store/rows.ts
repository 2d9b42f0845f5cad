import type { Order } from '@/lib/contract';
import { MAX_GROSS_CENTS } from '@/lib/costs/cogs';
import { lineProfit, orderProfit, type LineProfit } from '@/lib/profit';
import { shopLocalDate } from '@/lib/time';
import { MONEY_COLUMNS, type LineFlags, type LineTable, type MoneyColumns, type OrderTable } from './schema';

// Turns an upstream order into the store's rows. The P&L of each line comes from lib/profit's
// lineProfit() and nothing else, so the store can never disagree with the order table.

function orderFlags(order: Order): LineFlags {
  const p = orderProfit(order);
  return { cancelled: p.cancelled ? 1 : 0, sample: p.sample ? 1 : 0, estimated: p.estimated ? 1 : 0 };
}

export function orderRow(shopId: string, order: Order, timeZone: string, syncedAt: number): OrderTable {
  return {
    shop_id: shopId,
    order_id: order.id,
    create_time: order.createTime,
    local_day: shopLocalDate(order.createTime, timeZone),
    status: order.status,
    order_type: order.orderType,
    ...orderFlags(order),
    payload: JSON.stringify(order),
    synced_at: syncedAt,
  };
}

/** A line's P&L (lib/profit's lineProfit) as the store's money columns. */
export function moneyColumns(l: LineProfit): MoneyColumns {
  return {
    gmv: l.gmv,
    gross_sales: l.grossSales,
    promos: l.promos,
    net_sales: l.netSales,
    cost_of_goods: l.costOfGoods,
    shipping: l.shipping,
    platform_fees: l.platformFees,
    affiliate_commission: l.affiliateCommission,
    total_costs: l.totalCosts,
    net_profit: l.netProfit,
  };
}

export function lineRows(shopId: string, order: Order, day: string): LineTable[] {
  const flags = orderFlags(order);
  const profits = order.products.map((p) => lineProfit(p));
  // The order's first counted line pays its per-order charges (docs/ARCHITECTURE.md#your-costs).
  const first = profits.findIndex((l) => l.grossSales > 0 && l.grossSales <= MAX_GROSS_CENTS);
  return order.products.map((product, index) => {
    const cents = moneyColumns(profits[index]!);
    return {
      shop_id: shopId,
      order_id: order.id,
      line_index: index,
      product_id: product.productId,
      product_name: product.name,
      sku_id: product.skuId,
      sku_name: product.skuName,
      seller_sku: product.sellerSku,
      local_day: day,
      first_line: index === first ? 1 : 0,
      ...flags,
      ...cents,
    };
  });
}

function emptyMoney(): MoneyColumns {
  return Object.fromEntries(MONEY_COLUMNS.map((c) => [c, 0])) as MoneyColumns;
}

/** A change to one gross group (lib/store/write applyGross). */
export type GrossRow = LineFlags & {
  sku_id: string;
  gross_sales: number;
  lines: number;
  first_lines: number;
  cost_of_goods: number;
};

/** Rollup changes of one batch, keyed by (day, SKU, flags): +lines added, −lines removed. */
export class RollupDelta {
  readonly skus = new Map<string, LineFlags & MoneyColumns & { local_day: string; sku_id: string; lines: number }>();
  readonly months = new Map<string, LineFlags & MoneyColumns & { month: string; sku_id: string; lines: number }>();
  readonly orders = new Map<string, LineFlags & MoneyColumns & { local_day: string; orders: number; lines: number }>();
  /** By (day or month, SKU, flags, gross sales): the re-costing groups (lib/store/recost recostSums). */
  readonly grossDays = new Map<string, GrossRow & { local_day: string }>();
  readonly grossMonths = new Map<string, GrossRow & { month: string }>();
  /** Months whose stored data changed without a change to these sums (a settlement snapshot taken): their versions move too. */
  readonly touched = new Set<string>();

  addLine(
    line: Pick<LineTable, 'local_day' | 'sku_id' | 'first_line' | keyof LineFlags | keyof MoneyColumns>,
    sign: 1 | -1,
  ): void {
    const key = `${line.local_day}\u0000${line.sku_id}\u0000${line.cancelled}${line.sample}${line.estimated}`;
    let row = this.skus.get(key);
    if (!row) {
      row = {
        local_day: line.local_day,
        sku_id: line.sku_id,
        cancelled: line.cancelled,
        sample: line.sample,
        estimated: line.estimated,
        lines: 0,
        ...emptyMoney(),
      };
      this.skus.set(key, row);
    }
    row.lines += sign;
    for (const c of MONEY_COLUMNS) row[c] += sign * line[c];
    const month = line.local_day.slice(0, 7);
    const monthKey = `${month}\u0000${line.sku_id}\u0000${line.cancelled}${line.sample}${line.estimated}`;
    let m = this.months.get(monthKey);
    if (!m) {
      m = {
        month,
        sku_id: line.sku_id,
        cancelled: line.cancelled,
        sample: line.sample,
        estimated: line.estimated,
        lines: 0,
        ...emptyMoney(),
      };
      this.months.set(monthKey, m);
    }
    m.lines += sign;
    for (const c of MONEY_COLUMNS) m[c] += sign * line[c];
    const day = this.dayRow(line);
    day.lines += sign;
    for (const c of MONEY_COLUMNS) day[c] += sign * line[c];
    const flags = { cancelled: line.cancelled, sample: line.sample, estimated: line.estimated };
    const gross = { sku_id: line.sku_id, gross_sales: line.gross_sales, ...flags };
    const grossKey = `${line.sku_id}\u0000${line.gross_sales}\u0000${line.cancelled}${line.sample}${line.estimated}`;
    let gd = this.grossDays.get(`${line.local_day}\u0000${grossKey}`);
    if (!gd)
      this.grossDays.set(
        `${line.local_day}\u0000${grossKey}`,
        (gd = { local_day: line.local_day, ...gross, lines: 0, first_lines: 0, cost_of_goods: 0 }),
      );
    gd.lines += sign;
    gd.first_lines += sign * line.first_line;
    gd.cost_of_goods += sign * line.cost_of_goods;
    let gm = this.grossMonths.get(`${month}\u0000${grossKey}`);
    if (!gm)
      this.grossMonths.set(
        `${month}\u0000${grossKey}`,
        (gm = { month, ...gross, lines: 0, first_lines: 0, cost_of_goods: 0 }),
      );
    gm.lines += sign;
    gm.first_lines += sign * line.first_line;
    gm.cost_of_goods += sign * line.cost_of_goods;
  }

  private dayRow(flags: Pick<OrderTable, 'local_day' | keyof LineFlags>) {
    const key = `${flags.local_day}\u0000${flags.cancelled}${flags.sample}${flags.estimated}`;
    let row = this.orders.get(key);
    if (!row) {
      row = {
        local_day: flags.local_day,
        cancelled: flags.cancelled,
        sample: flags.sample,
        estimated: flags.estimated,
        orders: 0,
        lines: 0,
        ...emptyMoney(),
      };
      this.orders.set(key, row);
    }
    return row;
  }

  addOrder(order: Pick<OrderTable, 'local_day' | keyof LineFlags>, sign: 1 | -1): void {
    this.dayRow(order).orders += sign;
  }
}
