import { sayer } from '@/lib/format/sentence';

// The sentences a report's loader writes about reading the store (the question a long first read
// asks), each one whole template so a translator reorders it here; its days and counts are values,
// written in the person's locale (docs/ARCHITECTURE.md#the-persons-locale).

export const READ_MESSAGES = {
  /** A long first read asks before it starts; `from` is one of the two below. */
  longRead:
    "{range} has {days, plural, one {# day} other {# days}} not read yet, {from}. Reading them takes about {pages, plural, one {# page} other {# pages}}: about {minutes} min of the key's request budget, while other reads wait behind it. Nothing is read until you confirm.",
  fromFirstOrder: "from {day}, the shop's first order (the days before it hold no order and are not read)",
  fromDay: 'from {day}',
} as const satisfies Record<string, string>;

/** One of the read's sentences in words, in the person's locale. */
export const sayRead = sayer(READ_MESSAGES);
