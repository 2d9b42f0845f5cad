import { sayer } from '@/lib/format/sentence';
import { PROJECTION_BASIS } from '@/lib/reports/period-tiles';

// The Overview's sentences that carry a figure, each one whole template (lib/format/sentence's ICU
// subset), so a translator reads and reorders them here, never pieced together where they are
// shown (docs/ARCHITECTURE.md#the-persons-locale). Figures are values, written in the person's locale.

export const OVERVIEW_MESSAGES = {
  /** Under a KPI: its change against the previous period (a share, signed). */
  kpiChange: '{change} vs previous period',
  /** Under the margin: its change in percentage points. */
  marginChange: '{points} pts vs previous period',
  /** Under refunds (negative figures): the change said in words. */
  refundsChange: '{change} {direction, select, less {less} other {more}} than previous period',
  /** A tile whose days are only partly stored. */
  tileNotRead: 'Not read yet: {stored} of {total, plural, one {# day} other {# days}} stored so far',
  /** Under the month's projection. */
  projectedFrom: `Projected from ${PROJECTION_BASIS}.`,
  /** The page's summary: its range and the period it is compared with. */
  comparedWith: '{range} · {zone} · compared with {previous}',
  /** … when the previous period's last day is cut at the time of day it is now. */
  comparedWithUntil:
    '{range} · {zone} · compared with {previous}, up to {time} on its last day (as far into the day as now)',
  /** The bottom line's sources: the service's figure, then each of the seller's inputs. */
  bottomLine: 'Bottom line = from the service {service}{yours}.',
  yourCogs: 'your COGS {amount} ({recosted} of {lines, plural, one {# line} other {# lines}} re-costed)',
  yourAdSpend: 'your ad spend {amount}',
  yourExpenses: 'your expenses {amount}',
  /** A cost kind charged per unit or order line, in its P&L words. */
  yourCharged: '{kind} {amount}',
  noneOfYours: 'none of your costs fall in this range',
  /** A range without orders or refunds. */
  noOrders:
    'This shop has no paid orders and no refunds from {range}, so there is {profit, select, yes {no profit} other {nothing}} to show yet. A longer range shows the recent trend.',
  /** Under the cards, beside the ≈ mark: the share of net sales still estimated. */
  estimatedShare: '{share} of net sales is from orders not settled yet: their fees are estimated.',
} as const satisfies Record<string, string>;

/** One of the Overview's sentences in words, in the person's locale. */
export const say = sayer(OVERVIEW_MESSAGES);
