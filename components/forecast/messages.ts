import { sayer } from '@/lib/format/sentence';
import { nodeSayer } from '@/lib/format/sentence-nodes';

// The settlement forecast's sentences that carry a figure, each one whole template (lib/format/sentence's
// ICU subset), so a translator reads and reorders them here, never pieced together where they are
// shown (docs/ARCHITECTURE.md#the-persons-locale). Figures are values, written in the person's locale.

export const FORECAST_MESSAGES = {
  /** Under a total's own figure: the expected settled figure (an element), then its band. */
  forecastLine: 'Forecast after settlement: {profit} {band}',
  /** … the band, muted beside it. */
  forecastBand: '(band {low} – {high})',
  /** Under the totals, after its bold lead: how much is open and what its costs are expected to move by. */
  forecastNote:
    '{lead} {share} of net sales is from orders not settled yet. Their fees, shipping and commission are expected to move net profit by {fees} (fees), {shipping} (shipping) and {commission} (commission), learned from your settled orders. The band spreads single orders’ change at settlement (the middle 8 in 10 of them) over all open sales, so it is wide on purpose.',
} as const satisfies Record<string, string>;

/** One of the forecast's sentences in words, in the person's locale. */
export const say = sayer(FORECAST_MESSAGES);

/** … with elements (a figure, a bold lead) among its words. */
export const sayNodes = nodeSayer(FORECAST_MESSAGES);
