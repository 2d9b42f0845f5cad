import { sayer } from '@/lib/format/sentence';

// The Refunds page's sentences that carry a figure, each one whole template (lib/format/sentence's
// ICU subset), so a translator reads and reorders them here, never pieced together where they are
// shown (docs/ARCHITECTURE.md#the-persons-locale). Figures are values, written in the person's locale.

export const REFUNDS_MESSAGES = {
  /** The page's summary: its range and zone, then what its figures are. */
  summary: '{range} · {zone} · Refunds are daily totals of the shop: they are not attributed to orders or SKUs.',
  /** … before the range is known (the page still loading). */
  summaryNoRange: 'Refunds are daily totals of the shop: they are not attributed to orders or SKUs.',
  /** The empty state: no refund cost in the range. */
  noRefunds: 'No refund cost was booked from {range}.',
  /** … before the range is known. */
  noRefundsNoRange: 'No refund cost was booked in this period.',
  /** The "Days with refunds" figure: days with a refund of the range's days. */
  daysWithRefunds: '{days} of {total}',
} as const satisfies Record<string, string>;

/** One of the Refunds page's sentences in words, in the person's locale. */
export const say = sayer(REFUNDS_MESSAGES);
