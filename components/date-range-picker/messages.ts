import { sayer } from '@/lib/format/sentence';

// The date picker's sentences, the one that carries a figure among them, each one whole template
// (lib/format/sentence's ICU subset), so a translator reads and reorders them here, never pieced
// together where they are shown (docs/ARCHITECTURE.md#the-persons-locale). Figures are values,
// written in the person's locale.

export const DATE_RANGE_MESSAGES = {
  /** Under the picker: a custom range applied together with a preset. */
  presetAndDays: 'Pick either a preset or a custom range.',
  /** … a custom range missing its start or end day. */
  bothDays: 'Pick both a start and an end day.',
  /** … a custom range whose start comes after its end. */
  reversed: 'The start day must be on or before the end day.',
  /** … a custom range longer than a view may ask for (MAX_VIEW_RANGE_DAYS). */
  tooLong: 'A range may span at most {days} days (about 5 years).',
} as const satisfies Record<string, string>;

/** One of the date picker's sentences in words, in the person's locale. */
export const say = sayer(DATE_RANGE_MESSAGES);
