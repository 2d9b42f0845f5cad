import { MAX_VIEW_RANGE_DAYS } from '@/lib/views/defaults';
import { rangeProblem, type RangeFields, type RangeProblem } from '@/lib/views/range';
import { DATE_RANGE_MESSAGES, say } from './messages';

// What the date picker tells a seller before asking the server: a custom range the API would
// refuse, and a link whose custom dates could not be read (the pages then show the default range).
// The check is the views' one check of a range (lib/views/range); these are the picker's words for it
// (its message module, ./messages).

const SENTENCES: Record<RangeProblem, keyof typeof DATE_RANGE_MESSAGES> = {
  'preset-and-days': 'presetAndDays',
  'no-from': 'bothDays',
  'no-to': 'bothDays',
  reversed: 'reversed',
  'too-long': 'tooLong',
};

/** Why a custom range cannot be applied, or null when it can. Days are `YYYY-MM-DD`. */
export function customRangeProblem(from: string, to: string): string | null {
  const problem = rangeProblem({ range: 'custom', from, to });
  return problem ? say(SENTENCES[problem], { days: { count: MAX_VIEW_RANGE_DAYS } }) : null;
}

/** The URL asks for a custom range but its days are missing, not calendar days, or out of order. */
export function unreadableCustomRange(frame: RangeFields): boolean {
  const problem = frame.range === 'custom' ? rangeProblem(frame) : null;
  return problem !== null && problem !== 'too-long';
}
