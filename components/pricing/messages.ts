import { sayer } from '@/lib/format/sentence';
import { nodeSayer } from '@/lib/format/sentence-nodes';

// The Pricing page's sentences that carry a figure, each one whole template (lib/format/sentence's
// ICU subset), so a translator reads and reorders them here, never pieced together where they are
// shown (docs/ARCHITECTURE.md#the-persons-locale). Figures are values, written in the person's locale.

export const PRICING_MESSAGES = {
  /** The page's summary: the date range the model was learned from, and its time zone. */
  learnedFrom: 'Learned from {range} · {zone}',
  /** A fit's spread as a figure (the model summary's and a SKU's "How well the fees fit"). */
  plusMinus: '±{error}',
  /** The model summary, under "How well the fees fit". */
  feesVary:
    'Fees vary ±{error} per order line around the learned rates; in total they are the orders’ fees to the cent.',
  /** The model summary, "Estimates adjusted": how many lines were settled as expected. */
  adjustedLines: '{lines, plural, one {# line} other {# lines}}',
  /** The table, under a SKU's name: how many order lines its answers rest on (few: the shop's basis). */
  skuLines: '{lines, plural, one {# line} other {# lines}}',
  skuLinesFew: '{lines, plural, one {# line} other {# lines}} · few: its answers rest on little',
  /** The table, "Deepest promo": the promo as a share of the list price and what it takes off a unit. */
  promoOff: '{share} ({amount} off)',
  /** The table, "List price vs. price for target": how far, and on which side. */
  fromTarget: '{gap} {side, select, below {below} other {above}}',
  /** The table, "Break-even ROAS (ACoS)". */
  roasAcos: '{roas} ({acos})',
  /** A SKU's model, beside a figure learned from its own lines. */
  fromLines: 'from its {lines, plural, one {# line} other {# lines}}',
  promoHow: 'of the list price, from its {lines, plural, one {# line} other {# lines}}',
  commissionHow: 'of net sales, from its {lines, plural, one {# line} other {# lines}}',
  /** A SKU's model, beside the share sold through creators. */
  affiliateHow: 'of net sales, at {rate} commission',
  /** A SKU's model, beside a fee part: how it is charged, how it was learned, how well it fits. */
  feeHow:
    'charged as {basis, select, sales {a share of net sales, so it follows a price change} other {a fixed amount per order line, whatever the price}}{from, select, shop { (the shop’s lines say so: {lines, plural, one {# line} other {# lines}} of its own cannot tell, {min} can)} other {}}; {spread, select, none {no fee to compare} exact {every order line’s fee is exactly this} other {an order line’s fee varies ±{error} around this}}',
  /** A SKU's model, beside "How well the fees fit". */
  feeFit:
    '{spread, select, none {no fee to compare} exact {every order line’s fee is exactly the learned rates} other {an order line’s fee varies ±{error} around the learned rates}}; in total they are its fees to the cent',
  /** A SKU's model, under its figures. */
  estimatedLines: '{estimated} of its lines are not settled yet.',
  /** A scenario's change to an amount, up or down by a share ("+5.0%", "−10.0%"). */
  adjustBy: '{direction, select, down {−} other {+}}{share}',
  /** One change of a scenario, in words (joined with ", "). */
  changePrice: 'price {adjust}',
  changePromo: 'promo {share}',
  changeCommission: 'commission {share}',
  changeCogs: 'cost of goods {adjust}',
  changeShipping: 'shipping {adjust}',
  /** A SKU's (or every SKU's) changes in a scenario (joined with "; " in a saved one). */
  skuChanges: '{sku}: {changes}',
  /** A saved scenario's changes, and the elasticity it assumes. */
  savedWithElasticity: '{changes}; elasticity {elasticity}',
  /** Under a saved scenario: who saved it, and when (the shop's clock). */
  savedBy: 'Saved by {who}, {time}',
  /** The scenario's elasticity, an assumption. */
  assumedElasticity: 'Assumed price elasticity {elasticity}: units move by (new price ÷ old)^{elasticity}.',
} as const satisfies Record<string, string>;

/** One of the Pricing page's sentences in words, in the person's locale. */
export const say = sayer(PRICING_MESSAGES);

/** … a sentence holding an element (a SKU's name in bold) among its words. */
export const sayNodes = nodeSayer(PRICING_MESSAGES);
