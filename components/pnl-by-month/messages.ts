import { sayer } from '@/lib/format/sentence';
import { nodeSayer } from '@/lib/format/sentence-nodes';

// The P&L by month's sentences that carry a figure (the statement, its journal, the closed months
// and their close dialog), each one whole template (lib/format/sentence's ICU subset), so a
// translator reads and reorders them here, never pieced together where they are shown
// (docs/ARCHITECTURE.md#the-persons-locale). Figures are values, written in the person's locale.

export const PNL_MESSAGES = {
  /** The statement's empty state: the range holds nothing. */
  nothingInRange: 'No order, refund or cost of yours from {range}.',
  /** A month column's lock, on hover: who closed the month and when. */
  closedBy: 'Closed {at} by {person}: its statement is shown as it was closed',
  /** A month column's links (their accessible names): the month's orders and its SKUs. */
  ordersOf: 'Orders of {month}',
  skusOf: 'SKUs of {month}',

  /** The journal's status after a download of a journal in one file. */
  journalSaved: 'Saved the {format} journal of {month}.',
  /** … of a journal in parts: how many of them are saved. */
  journalSavedParts: 'Saved the {format} journal of {month}: {saved} of {parts} files (at most 300 rows a file).',
  /** A button that downloads one more part of the journal. */
  journalPart: 'Part {part} of {parts}{saved, select, yes { (saved)} other {}}',
  /** The journal's download failed without an error of the API's own. */
  journalFailed: 'The journal failed (HTTP {status}).',
  /** The journal accounts page, after a save. */
  accountsSaved:
    'Saved {count, plural, one {# account} other {# accounts}} for {scope, select, shop {{shop}} other {every shop}}.',
  /** The journal accounts page's save button. */
  saveChanges: 'Save {count, plural, one {# change} other {# changes}}',

  /** The closed months panel, once a month is closed. */
  closedUpTo:
    'Closed up to {month} ({basis}); the first open month is {firstOpen}. A closed month always shows its statement as it was closed; later changes to it are adjustments to closed periods in the first open month.',
  /** The panel's buttons, and the dialog's confirming button. */
  closeMonth: 'Close {month}',
  reopenMonth: 'Reopen {month}',
  /** The panel's history, folded: how many entries it holds. */
  history: 'History ({count})',
  /** One entry of the history (the reason, when given, follows it). */
  historyEntry: '{month} {action, select, close {closed} other {reopened}} by {person}, {at}',
  /** The first open month's adjustments to closed periods, folded ({total} is the amount). */
  adjustments:
    'Adjustments to closed periods in {month} ({status, select, booked {booked} other {pending}}): {total} over {items, plural, one {# item} other {# items}}',

  /** The close and reopen dialog's title. */
  closeAsk: 'Close {month}?',
  reopenAsk: 'Reopen {month}?',
  /** The close dialog: what closing does. */
  closeFrozen:
    '{month}’s statement is frozen as it stands ({basis}): the page and every export show it exactly so from now on.',
  /** The close dialog: what the month is closed on (its share still estimated, its open orders, its days stored). */
  monthFacts:
    '{share} of {month}’s net sales is still estimated: {settling, select, all {every order has settled} expected {{open, plural, one {# order is} other {# orders are}} not settled yet; the last is expected to settle by about {by} (9 in 10 orders here settle within {settleDays} days)} other {{open, plural, one {# order is} other {# orders are}} not settled yet; too few of this shop’s orders have been seen settling to say when the last one will}}. {stored} of its {days} days are stored.',
  /** The close dialog while the month's figures load. */
  readingMonth: 'Reading {month}…',
  /** The close dialog: what happens to later changes. */
  closeLater:
    'Anything that later changes {month} — an order settling with other fees, a late refund, a cost you enter for one of its days — is booked as an itemised adjustment to closed periods in the first open month.',
  /** The reopen dialog: what reopening does. */
  reopenDropped:
    '{month}’s frozen statement is dropped and it shows live figures again; the adjustments it carried for the months before it are pending again. The reason stays in the history.',
  /** The reopen dialog, when the month's journal was downloaded since it closed. */
  reopenDownloaded:
    'Its journal was downloaded after it was closed. If you imported it, reverse it in your books: once {month} is reopened and closed again, its journal changes.',
  /** One journal downloaded since the close (a journal in one file, or one part of it). */
  download: '{number} ({format}, {currency}), {at} by {person}',
  downloadPart: '{number} ({format}, part {part} of {parts}, {currency}), {at} by {person}',
} as const satisfies Record<string, string>;

/** One of the P&L by month's sentences in words, in the person's locale. */
export const say = sayer(PNL_MESSAGES);

/** … with elements (an amount) among its words. */
export const sayNodes = nodeSayer(PNL_MESSAGES);
