import { z } from 'zod';
import { ALERT_KINDS, type AlertKind } from './kinds';

// The alert rules a seller can switch on (docs/ARCHITECTURE.md#alerts): each kind, its thresholds
// with their ranges, and its words. Pure and client-safe: the rules form and the server's check
// read the same schemas, so a threshold out of range is refused with the same sentence in both.

// The kinds, their words and starting thresholds live in ./kinds (no zod) so pages that only name
// a kind do not load the schemas; re-exported here.
export * from './kinds';

const whole = (label: string, min: number, max: number) =>
  z
    .number({ error: `${label} must be a number` })
    .int({ error: `${label} must be a whole number` })
    .min(min, { error: `${label} must be at least ${min}` })
    .max(max, { error: `${label} must be at most ${max.toLocaleString('en-US')}` });
const decimal = (label: string, min: number, max: number) =>
  z
    .number({ error: `${label} must be a number` })
    .min(min, { error: `${label} must be at least ${min}` })
    .max(max, { error: `${label} must be at most ${max.toLocaleString('en-US')}` });

const days = whole('The number of days', 1, 90);
const minLines = whole('The number of order lines', 1, 10_000);

export const RULE_PARAMS = {
  'sku-loss': z.object({ days, minLines }),
  'sku-margin': z
    .object({
      days,
      minLines,
      belowPercent: decimal('The margin threshold', -100, 100).nullable(),
      dropPoints: decimal('The drop in points', 0.1, 200).nullable(),
    })
    .refine((p) => p.belowPercent !== null || p.dropPoints !== null, {
      error: 'Give a margin threshold, a drop in points, or both',
    }),
  // Cents: an order whose net profit is below −amount.
  'order-loss': z.object({ amount: whole('The amount', 0, 100_000_000) }),
  'refund-spike': z
    .object({
      percentOfSales: decimal('The share of net sales', 0.1, 1_000).nullable(),
      medianMultiple: decimal('The multiple of the median', 1, 100).nullable(),
    })
    .refine((p) => p.percentOfSales !== null || p.medianMultiple !== null, {
      error: 'Give a share of net sales, a multiple of the median, or both',
    }),
  'profit-drop': z.object({ dropPercent: decimal('The drop', 1, 100) }),
  'ad-no-sales': z.object({ days }),
  'no-orders': z.object({ hours: whole('The number of hours', 1, 168) }),
  'sync-stale': z.object({ minutes: whole('The number of minutes', 5, 10_080) }),
  'month-ready': z.object({}),
  // Cents: the adjustments to closed periods' effect on net profit, either way.
  'adjustments-over': z.object({ amount: whole('The amount', 0, 100_000_000) }),
  'sku-below-break-even': z.object({ days, minLines }),
} satisfies Record<AlertKind, z.ZodType>;

export type RuleParams<K extends AlertKind = AlertKind> = z.output<(typeof RULE_PARAMS)[K]>;

/**
 * Kinds whose alerts name costs or profit: only people who see them may set them or receive them.
 * A refund spike names the day's refunds with their fees, which beside the refunded sales such a
 * person sees would give the hidden fees away.
 */
const PROFIT_KINDS: ReadonlySet<AlertKind> = new Set([
  'sku-loss',
  'sku-margin',
  'order-loss',
  'refund-spike',
  'profit-drop',
  'ad-no-sales',
  'month-ready',
  'adjustments-over',
  'sku-below-break-even',
]);

export function needsProfit(kind: AlertKind): boolean {
  return PROFIT_KINDS.has(kind);
}

export function isAlertKind(value: unknown): value is AlertKind {
  return typeof value === 'string' && (ALERT_KINDS as readonly string[]).includes(value);
}

const money = (cents: number) => (cents / 100).toFixed(2);

/** The rule in words, e.g. "A SKU's net profit is below 0 over 7 days (at least 5 lines)". */
export function describeRule(kind: AlertKind, params: RuleParams): string {
  switch (kind) {
    case 'sku-loss': {
      const p = params as RuleParams<'sku-loss'>;
      return `A SKU's net profit is below 0 over the last ${p.days} days (with at least ${p.minLines} lines)`;
    }
    case 'sku-margin': {
      const p = params as RuleParams<'sku-margin'>;
      const parts = [
        p.belowPercent !== null ? `below ${p.belowPercent}%` : null,
        p.dropPoints !== null ? `down more than ${p.dropPoints} points on the ${p.days} days before` : null,
      ].filter(Boolean);
      return `A SKU's margin over the last ${p.days} days is ${parts.join(' or ')} (with at least ${p.minLines} lines)`;
    }
    case 'order-loss': {
      const p = params as RuleParams<'order-loss'>;
      return p.amount === 0
        ? 'An order has a negative net profit'
        : `An order loses more than ${money(p.amount)} (net profit)`;
    }
    case 'refund-spike': {
      const p = params as RuleParams<'refund-spike'>;
      const parts = [
        p.percentOfSales !== null ? `above ${p.percentOfSales}% of the day's net sales` : null,
        p.medianMultiple !== null ? `above ${p.medianMultiple}× the 28-day median for that weekday` : null,
      ].filter(Boolean);
      return `A day's refunds are ${parts.join(' or ')}`;
    }
    case 'profit-drop': {
      const p = params as RuleParams<'profit-drop'>;
      return `Yesterday's net profit is down more than ${p.dropPercent}% on the same weekday's 4-week average`;
    }
    case 'ad-no-sales': {
      const p = params as RuleParams<'ad-no-sales'>;
      return `Ad spend on a SKU with no sales over the last ${p.days} days`;
    }
    case 'no-orders': {
      const p = params as RuleParams<'no-orders'>;
      return `No orders for ${p.hours} hours at a time the shop usually has them`;
    }
    case 'sync-stale': {
      const p = params as RuleParams<'sync-stale'>;
      return `The sync fails, or the shop's data is older than ${p.minutes} minutes`;
    }
    case 'month-ready':
      return 'Every order of an ended month has settled and the month is not closed yet';
    case 'adjustments-over': {
      const p = params as RuleParams<'adjustments-over'>;
      return `Changes to closed months (adjustments to closed periods) move net profit by more than ${money(p.amount)}`;
    }
    case 'sku-below-break-even': {
      const p = params as RuleParams<'sku-below-break-even'>;
      return `A SKU's list price is below the break-even price learned from its last ${p.days} days of orders (with at least ${p.minLines} lines)`;
    }
  }
}

/** A cooldown in hours: a condition that persists alerts again after it (1 hour to 30 days). */
export const cooldownSchema = whole('The cooldown', 1, 720);
export const DEFAULT_COOLDOWN_HOURS = 24;
