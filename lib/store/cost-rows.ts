import type { AdSpend, CogsEntry, Expense, Recurrence } from '@/lib/costs/types';
import type { Row } from './cost-audit';

// The seller's cost inputs' rows ⇄ the lib/costs shapes (one place for both directions).

export const adSpendRow = (shopId: string, a: AdSpend): Row => ({
  shop_id: shopId,
  id: a.id,
  day: a.day,
  amount_cents: a.amountCents,
  sku_id: a.skuId,
  product_id: a.productId,
  campaign: a.campaign,
});
export const expenseRow = (shopId: string, e: Expense): Row => ({
  shop_id: shopId,
  id: e.id,
  name: e.name,
  amount_cents: e.amountCents,
  recurrence: e.recurrence,
  start_day: e.startDay,
  end_day: e.endDay,
});
export const cogsRow = (shopId: string, c: CogsEntry): Row => ({
  shop_id: shopId,
  id: c.id,
  sku_id: c.skuId,
  from_day: c.fromDay,
  unit_cost_cents: c.unitCostCents,
});

const str = (v: unknown) => (v === null || v === undefined ? null : String(v));
export const toAdSpend = (r: Record<string, unknown>): AdSpend => ({
  id: String(r.id),
  day: String(r.day),
  amountCents: Number(r.amount_cents),
  skuId: str(r.sku_id),
  productId: str(r.product_id),
  campaign: str(r.campaign),
});
export const toExpense = (r: Record<string, unknown>): Expense => ({
  id: String(r.id),
  name: String(r.name),
  amountCents: Number(r.amount_cents),
  recurrence: String(r.recurrence) as Recurrence,
  startDay: String(r.start_day),
  endDay: str(r.end_day),
});
export const toCogs = (r: Record<string, unknown>): CogsEntry => ({
  id: String(r.id),
  skuId: String(r.sku_id),
  fromDay: String(r.from_day),
  unitCostCents: Number(r.unit_cost_cents),
});
