import { sayer } from '@/lib/format/sentence';
import { nodeSayer } from '@/lib/format/sentence-nodes';

// The sync's sentences that carry a figure (what is read, how many days of how many are stored, how
// fresh the figures are), each one whole template (lib/format/sentence's ICU subset), so a translator
// reads and reorders them here, never pieced together where they are shown
// (docs/ARCHITECTURE.md#the-persons-locale). Figures are values, written in the person's locale.
// Browser tests and outside suites read the progress words: they stay as they are.

export const SYNC_MESSAGES = {
  /** A report card's empty state when every day of its range is after the shop's today. */
  futureRange:
    "{range} starts after today on the shop's calendar ({zone}): no order can exist yet, so nothing is read. Pick a range that ends today or earlier.",
  /** A report card's empty state while nothing is counted yet on the days stored so far. */
  stillReading:
    '{stored} of {total, plural, one {# day} other {# days}} of {range} are stored so far, and nothing was counted on them yet. Figures appear here as the remaining days are read from the Reporting Service (the most recent first).',
  /** Above the progress bar: the running read's own range and why it runs (lib/store/jobs READ_REASONS; `another`: a range opened earlier). */
  reading:
    "Reading {range}: {why, select, comparison {the period before, for the comparison} today {today's refresh} settlement {the settlement check} reconcile {a month whose count changed} another {another range opened in the dashboard} other {the range you opened}}",
  /** Above another range's read: how much of this range is stored while it waits. */
  thisRangeWaiting:
    'This range, {range}: {stored} of {total, plural, one {# day} other {# days}} stored; the rest is read when the read below ends.',
  /** The progress bar's spoken value. */
  synced: '{percent}% synced',
  /** Under the progress bar: pages read (`~` when their total is an estimate), orders stored, pace and time left. */
  pages:
    '{done} of {estimate, select, yes {~} other {}}{total} pages · {orders} orders stored · {rate} requests/min · {eta, select, seconds {about {left} s left} minutes {about {left} min left} other {estimating…}}',
  /** A failed sync: the reason it stopped. */
  stopped: 'The last sync stopped: {error}.',
  /** … without a recorded reason. */
  stoppedNoReason: 'The last sync stopped: the reason was not recorded.',
  /** After it: it resumes by itself (no retry time known). */
  resumes: 'It resumes where it stopped by itself.',
  /** … its retry time has come: the next check picks it up. */
  resumesNextCheck: 'It resumes where it stopped by itself with the next check, in a few seconds.',
  /** … in so many seconds or minutes (`soon` before the page knows the time), at a time on the shop's clock. */
  resumesAt:
    'It resumes where it stopped by itself {wait, select, seconds {in {n} s} minutes {in {n} min} other {soon}}, at {time}.',
  /** The status line under a report: how fresh its figures are (an element), the days stored, the zone. */
  storedLine:
    "{figures} (when this range's data was read from the Reporting Service) · {stored} of {total, plural, one {# day} other {# days}} of this range stored · times in {zone}",
  /** Its freshness: the newest read of the figures shown (a bold "as of …"). */
  figuresAsOf: 'Figures {asOf}',
  /** … each part's own when today was read later than the days before (each a bold "as of …"). */
  figuresByPart: 'Figures of today {today}, of the days before {before}',
  /** The partial figures' note: its bold label, the days stored completely, what the figures count. */
  partial:
    '{label} {stored} of {total, plural, one {# day} other {# days}} are stored completely (the most recent first). Every figure below counts those days alone (their orders, refunds and your own costs), and grows as each further day is stored.',
  /** A list's source: the dashboard's store, as of its read. */
  fromStore: "From the dashboard's store, {asOf} · times in {zone}",
  /** … while it is being read. */
  fromStoreReading: "From the dashboard's store, being read · times in {zone}",
  /** A list read from the service itself, with how much of its range is stored (daysStored or nothingStored). */
  fromService: 'Read from the Reporting Service just now ({stored}; the store fills in by itself) · times in {zone}',
  /** A list of what is stored so far while the service is busy or not responding (its bold label; `noun`: "orders"). */
  partialList:
    '{label} {why, select, busy {The Reporting Service is busy right now (its requests per minute are spent)} other {The Reporting Service is not responding right now}}, so this shows the {noun} stored so far: {stored}. The rest appears here as the sync reads it; this page checks again every few seconds.',
  /** How much of a list's range is stored, in fromService and partialList. */
  daysStored: '{stored} of {total, plural, one {# day} other {# days}} of this range are stored',
  /** … when none of it is. */
  nothingStored: 'nothing of this range is stored yet',
} as const satisfies Record<string, string>;

/** One of the sync's sentences in words, in the person's locale. */
export const say = sayer(SYNC_MESSAGES);

/** One of them holding elements (a bold label, a bold "as of …") among its words. */
export const sayNodes = nodeSayer(SYNC_MESSAGES);
