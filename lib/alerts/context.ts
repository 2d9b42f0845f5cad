import type { AlertFigure, FigureUnit } from '@/lib/alerts/schemas';
import type { ShopCostInputs } from '@/lib/costs/kinds';
import type { Sentence, SentenceValue } from '@/lib/format/sentence';
import type { OrderStore } from '@/lib/store/order-store';
import type { SyncProgress } from '@/lib/sync/progress';
import { addDays, shopLocalDate } from '@/lib/time';

// What a rule is evaluated with (one shop's stored data, its costs and its sync) and what it finds.

export interface AlertShop {
  id: string;
  name: string;
  timezone: string;
  currency: string;
}

export interface EvalContext {
  store: OrderStore;
  shop: AlertShop;
  /** ms */
  now: number;
  costs: ShopCostInputs;
  progress: Pick<SyncProgress, 'state' | 'error' | 'lastSyncedAt'> | null;
}

/** One subject a rule's condition holds for now (a SKU, an order, a day, the shop). */
export interface Finding {
  subject: string;
  /** Its words as data, written in each reader's locale where they are read (lib/format/sentence). */
  title: Sentence;
  message: Sentence;
  figure: AlertFigure;
  link: string;
}

export const figureOf = (ctx: EvalContext, value: number, baseline: number | null, unit: FigureUnit): AlertFigure => ({
  value,
  baseline,
  unit,
  currency: ctx.shop.currency,
});

/** An amount in the shop's currency, as a sentence's value. */
export const moneyOf = (ctx: EvalContext, cents: number): SentenceValue => ({
  money: cents,
  currency: ctx.shop.currency,
});
/** The last `n` shop-local days, today included. */
export function lastDays(ctx: EvalContext, n: number): { from: string; to: string } {
  const today = shopLocalDate(Math.floor(ctx.now / 1000), ctx.shop.timezone);
  return { from: addDays(today, -(n - 1)), to: today };
}

/** The shop as the alerts name it, from a connected shop of the shop list. */
export function alertShopOf(shop: { id: string; shopName: string; timezone: string; currency: string }): AlertShop {
  return { id: shop.id, name: shop.shopName, timezone: shop.timezone, currency: shop.currency };
}
