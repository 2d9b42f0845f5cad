import { MAX_VIEW_RANGE_DAYS } from '@/lib/views/defaults';
import { rangeProblem, type RangeFields, type RangeProblem } from '@/lib/views/range';

// What the date picker tells a seller before asking the server: a custom range the API would
// refuse, and a link whose custom dates could not be read (the pages then show the default range).
// The check is the views' one check of a range (lib/views/range); these are the picker's words for it.

const SENTENCES: Record<RangeProblem, string> = {
  'preset-and-days': 'Pick either a preset or a custom range.',
  'no-from': 'Pick both a start and an end day.',
  'no-to': 'Pick both a start and an end day.',
  reversed: 'The start day must be on or before the end day.',
  'too-long': `A range may span at most ${MAX_VIEW_RANGE_DAYS.toLocaleString('en-US')} days (about 5 years).`,
};

/** Why a custom range cannot be applied, or null when it can. Days are `YYYY-MM-DD`. */
export function customRangeProblem(from: string, to: string): string | null {
  const problem = rangeProblem({ range: 'custom', from, to });
  return problem ? SENTENCES[problem] : null;
}

/** The URL asks for a custom range but its days are missing, not calendar days, or out of order. */
export function unreadableCustomRange(frame: RangeFields): boolean {
  const problem = frame.range === 'custom' ? rangeProblem(frame) : null;
  return problem !== null && problem !== 'too-long';
}
