import { sayer } from '@/lib/format/sentence';
import { nodeSayer } from '@/lib/format/sentence-nodes';

// The All shops page's sentences that carry a figure, each one whole template (lib/format/sentence's
// ICU subset), so a translator reads and reorders them here, never pieced together where they are
// shown (docs/ARCHITECTURE.md#the-persons-locale). Figures are values, written in the person's locale.

export const ALL_SHOPS_MESSAGES = {
  /** The page's summary: how many shops, their currency, their ranges (" / " between them). */
  summary:
    '{shops, plural, one {# shop} other {# shops}} in {currency} · {ranges} · each shop’s days in its own time zone',
  /** One shop still being read, in the partial figures' note (", " between them). */
  partialShop: '{shop} {stored} of {total, plural, one {# day} other {# days}}',
  /** The partial figures' note: its bold label, then the shops still being read. */
  partialNote:
    '{label} {shops} stored completely so far. Those shops’ figures, and the totals, count only the orders read so far and grow as their sync goes on.',
  /** One shop without a rate for some of its days, in a "Left out" note ("; " between them). */
  leftOutShop: '{shop} ({currency}): no rate into {target} for {days}',
  /** Above the totals: its bold label, then the shops left out of them. */
  leftOutOfTotals:
    '{label} {shops}. Each day is converted at the rate in effect on it: add one that starts by then under Exchange rates.',
  /** Above the P&L by month of every shop: its bold label, then the shops left out of it. */
  pnlLeftOut: '{label} {shops}.',
  /** The totals' first figure: the shops read completely out of all of them. */
  shopsComplete: '{complete} of {total}',
  /** Under it: the shops still being read. */
  shopsStillRead: '{shops, plural, one {# shop} other {# shops}} still being read: counted in part',
  /** A shop's badge in the shops table while its days are being read. */
  shopPartial: 'Partial: {stored} of {total, plural, one {# day} other {# days}}',
  /** A shop's rate cell: the days it has no rate for. */
  rateMissing: 'No {currency}→{target} rate for {days}: left out of the totals',
  /** Beside a rate: the day it counts from. */
  rateFrom: 'from {day}',
  /** … and, when the shop's range used more than one rate, the days this one was used for. */
  rateUsedFor: 'for {days}',
  /** The exchange rates card's notice once a rate is added. */
  rateAdded: 'Added: 1 {currency} = {rate} {target} from {day}',
  /** … once a rate is saved. */
  rateSaved: 'Saved: 1 {currency} = {rate} {target} from {day}',
  /** … once a rate is deleted. */
  rateDeleted: 'Deleted the {currency}→{target} rate from {day}: undo brings it back.',
  /** The SKU ranking's heading: how many SKUs, and the currency they are ranked in. */
  skusTitle: 'SKUs across shops ({count}) by net profit in {currency}',
  /** Under a ranked SKU: how many order lines it has. */
  skuLines: '{lines, plural, one {# line} other {# lines}}',
  /** Under a ranked SKU's net profit: its margin. */
  skuMargin: '{margin} margin',
} as const satisfies Record<string, string>;

/** One of the All shops page's sentences in words, in the person's locale. */
export const say = sayer(ALL_SHOPS_MESSAGES);

/** One of them holding an element (a bold label) among its words. */
export const sayNodes = nodeSayer(ALL_SHOPS_MESSAGES);
