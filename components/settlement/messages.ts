import { sayer } from '@/lib/format/sentence';
import { nodeSayer } from '@/lib/format/sentence-nodes';

// The Settlement page's sentences that carry a figure, each one whole template (lib/format/sentence's
// ICU subset), so a translator reads and reorders them here, never pieced together where they are
// shown (docs/ARCHITECTURE.md#the-persons-locale). Figures are values, written in the person's locale.

export const SETTLEMENT_MESSAGES = {
  /** The backtest's headline: how far the forecast and the raw estimate were off, over settled orders. */
  backtest:
    'On {orders, plural, one {# order} other {# orders}} that settled, the forecast was off by {forecast} of net sales on average vs {estimate} for the raw estimate.',
  /** After the backtest's headline: the same per order, in money (each figure an element). */
  backtestPerOrder:
    'Per order: {forecast} off on average vs {estimate}. Each order is forecast from the other orders alone, as an open order is.',
  /** The backtest's fold: its table per SKU and how many SKUs it lists. */
  backtestPerSku: 'Per SKU ({skus})',
  /** A backtest table cell: the forecast's error per order beside the raw estimate's (each an element). */
  forecastVsEstimate: '{forecast} vs {estimate}',
  /** A forecast's band: its low and high end (each an element). */
  band: '{low} to {high}',
  /** Where 8 orders in 10 drifted, as shares of their net sales. */
  spread: '{low} to {high}',
  /** Under the net profit change at settlement: the same as a share of net sales. */
  ofNetSales: '{share} of net sales',
  /** A moved order's link to the orders page on its day. */
  ordersOfDay: 'Orders of {day}',
  /** "Check settlements now" found days with orders that settled; the page's figures include them. */
  checkSettled: '{days, plural, one {# day} other {# days}} had orders that settled; the figures below include them.',
  /** … but reading those days again stopped, with the reason (or "try again."). */
  checkFailed:
    '{days, plural, one {# day} other {# days}} had orders that settled, but reading them again stopped: {error}',
  /** How a SKU's expected drift was learned: from its own orders seen in both states. */
  learnedObserved: 'observed on {orders, plural, one {# order} other {# orders}}',
  /** … from the ratios of its settled and unsettled costs. */
  learnedRatio:
    'from settled vs unsettled cost ratios ({settled} settled, {unsettled} unsettled), blended with the shop’s figure while the SKU has few orders',
  /** No order of the range has settled yet: since when estimates are kept. */
  keptSince:
    'Estimates are kept since {time}: a change at settlement shows once an order seen estimated settles. Check settlements now, or come back later.',
  /** Under the table per SKU: what the change is, and the days the expected change is learned from. */
  changeExplained:
    'The change at settlement is the settled figure minus the estimate, as a share of net sales: a minus is profit lost at settlement. The expected change of an open order is learned from the orders of {range}, each SKU’s own figure blended with the shop’s while it has few orders.',
  /** Under the table per SKU: how many more SKUs the expected change knows, not listed. */
  otherSkus:
    'The expected change also knows {skus, plural, one {# other SKU} other {# other SKUs}} of the days it learns from, without orders in this range.',
  /** A long table's button: show every row (`noun` names the rows, e.g. "SKUs"). */
  showAll: 'Show all {count} {noun}',
  /** … or fold them again to the first ones. */
  showFirst: 'Show the first {count} {noun}',
} as const satisfies Record<string, string>;

/** One of the Settlement page's sentences in words, in the person's locale. */
export const say = sayer(SETTLEMENT_MESSAGES);

/** One of the Settlement page's sentences holding elements (a money figure) among its words. */
export const sayNodes = nodeSayer(SETTLEMENT_MESSAGES);
