// The alert kinds, their words and their starting thresholds, without zod: a page that only names
// a kind or suggests one (the overview's getting started) imports them from here; the thresholds'
// schemas and checks are in ./rules, which re-exports these.

export const ALERT_KINDS = [
  'sku-loss',
  'sku-margin',
  'order-loss',
  'refund-spike',
  'profit-drop',
  'ad-no-sales',
  'no-orders',
  'sync-stale',
  'month-ready',
  'adjustments-over',
  'sku-below-break-even',
] as const;
export type AlertKind = (typeof ALERT_KINDS)[number];

/** Each kind's starting thresholds (in its schema's range, ./rules; the rules' tests hold them to it). */
export const DEFAULT_PARAMS = {
  'sku-loss': { days: 7, minLines: 5 },
  'sku-margin': { days: 7, minLines: 5, belowPercent: 10, dropPoints: null },
  'order-loss': { amount: 0 },
  'refund-spike': { percentOfSales: 20, medianMultiple: 3 },
  'profit-drop': { dropPercent: 50 },
  'ad-no-sales': { days: 7 },
  'no-orders': { hours: 6 },
  'sync-stale': { minutes: 120 },
  'month-ready': {},
  'adjustments-over': { amount: 10_000 },
  'sku-below-break-even': { days: 14, minLines: 5 },
} satisfies Record<AlertKind, Record<string, number | null>>;

export const KIND_LABELS: Record<AlertKind, string> = {
  'sku-loss': 'A SKU loses money',
  'sku-margin': 'A SKU’s margin falls',
  'order-loss': 'An order loses money',
  'refund-spike': 'Refunds spike',
  'profit-drop': 'Daily profit drops',
  'ad-no-sales': 'Ad spend without sales',
  'no-orders': 'No orders',
  'sync-stale': 'Sync failing or stale',
  'month-ready': 'A month is ready to close',
  'adjustments-over': 'Closed months changed',
  'sku-below-break-even': 'A SKU sells below its break-even price',
};
