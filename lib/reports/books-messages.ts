import { sayer } from '@/lib/format/sentence';

// The books' sentences the server writes for a person (a refused close or reopen, a change that
// reaches closed months, a journal that cannot be made), each one whole template (lib/format/sentence's
// ICU subset) so a translator reads and reorders it here; its months, days and amounts are values,
// written in the person's locale (docs/ARCHITECTURE.md#the-persons-locale).

export const BOOKS_MESSAGES = {
  alreadyClosed: '{month} is already closed.',
  notEnded: "{month} has not ended yet in the shop's time zone: a month can be closed from the day after its last day.",
  closeInOrder: 'Closed months follow each other: the next month to close is {next}, not {month}.',
  notStored: "Not every day of {month} is stored yet: open the month's P&L and let the sync finish, then close it.",
  notClosed: '{month} is not closed.',
  reopenLatest: 'Only the latest closed month can be reopened: reopen {latest} first, then the months before it.',
  /** A close that lost a race with another close or reopen. */
  changedMeanwhile:
    'The books changed while {month} was being closed (someone closed or reopened a month at the same time): nothing was saved. Reload the page to see the months as they are now.',
  notBegun: "month: {month} has not begun in the shop's time zone",
  /** A cost change asked to confirm before it reaches closed months. */
  reachesClosed:
    'This change falls in closed {count, plural, one {month} other {months}} {months}. {count, plural, one {It keeps its statement} other {They keep their statements}} as closed: what the change does there is booked in {firstOpen}, the first open month, as adjustments to closed periods.',
  /** … and what it did, once confirmed. */
  changedNothing: 'It changed no figure of closed {months}.',
  changedBy:
    'It changed closed {months} by {amount} ({items, plural, one {# adjustment} other {# adjustments}}), booked in {firstOpen} as adjustments to closed periods.',
  /** An exchange rate that converts closed months' journals; `where` is a list of `monthsOfShop`. */
  rateReachesClosed:
    "Your books are kept in {target}, and this rate converts days of closed months: {where}. Their statements stay as closed (they are in the shop's currency), but their journals in {target} change: reverse any of them you imported, and import them again.",
  monthsOfShop: '{months} of {shop}',
  /** A journal that needs a rate nobody entered. */
  rateMissing:
    'Your books are kept in {books}, and {shop} sells in {currency}, but there is no {currency}→{books} exchange rate for {days}: add one under Exchange rates on the All shops page, then download the journal of {month} again. Nothing was exported.',
  noSuchPart: 'part: the journal of {month} has {parts, plural, one {# part} other {# parts}}',
  /** A P&L line's adjustment to closed months, with the months it changed. */
  adjustmentLine: '{line} ({months})',
  /** A closed month's item's source. */
  sourceOrder: 'Order {number}',
  sourceRefunds: 'Refunds of {day}',
  sourceAdSpend: 'Ad spend of {day}',
  sourceExpenses: 'Other expenses of {day}',
} as const satisfies Record<string, string>;

/** One of the books' sentences in words, in the person's locale. */
export const sayBooks = sayer(BOOKS_MESSAGES);
