import { sayer } from '@/lib/format/sentence';
import { nodeSayer } from '@/lib/format/sentence-nodes';

// The SKU profit page's sentences that carry a figure, each one whole template (lib/format/sentence's
// ICU subset), so a translator reads and reorders them here, never pieced together where they are
// shown (docs/ARCHITECTURE.md#the-persons-locale). Figures are values, written in the person's locale.

export const SKU_PROFIT_MESSAGES = {
  /** The page's empty state: a range without orders. */
  noOrders: 'No order was created from {range}.',
  /** A re-costed cost of goods cell's tooltip: the service's own figure. */
  serviceFigure: "The service's figure: {amount}",
  /** The net profit cell's * mark's tooltip: how much of the SKU's net sales is still estimated. */
  notSettled: '{share} of net sales is not settled yet',
  /** The forecast cell's tooltip: its band and how its drift was learned. */
  forecastTitle: 'Forecast band {low} – {high}; drift learned by the {method} method',
  /** … under its figure: the band and the method's name. */
  forecastBand: 'band {low} – {high} · {method}',
  /**
   * A loss finder line: the product and SKU (elements), its net profit (an element) and margin, the
   * cost group that hurts most (elements), its share of gross sales when known, and a link.
   */
  lossLine: '{product} {sku} · {profit} ({margin} margin). Hurts most: {group} {amount}{share} {link}',
  /** … the worst group's share, muted. */
  lossShare: '({share} of gross sales)',
  /** Under the loss finder's first ten lines: how many more there are. */
  lossMore: '…and {count} more (sort the table by margin).',
  /** Above a search's totals: what they count and leave out, then a link (an element) to the whole shop's. */
  searchedTotals:
    'These totals are of the {skus, plural, one {# SKU} other {# SKUs}} matching “{search}” alone. Sample orders, refunds and your whole-shop ad spend and other expenses belong to the whole shop, not to a SKU, so a search leaves them out. {link}',
} as const satisfies Record<string, string>;

/** One of the SKU profit page's sentences in words, in the person's locale. */
export const say = sayer(SKU_PROFIT_MESSAGES);

/** … with elements (a figure, a link) among its words. */
export const sayNodes = nodeSayer(SKU_PROFIT_MESSAGES);
