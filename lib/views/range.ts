import { DEFAULT_RANGE_PRESET, MAX_VIEW_RANGE_DAYS } from './defaults';
import { dayCount } from '@/lib/time/dates';
import { RANGE_PRESET_IDS, type RangeInput, type RangePresetId } from '@/lib/time/range';
import { day, oneOf } from './field';

// The date range of a view, defined and checked once (docs/ARCHITECTURE.md#view-contracts): the URL,
// the date picker, the API query and the route handler all read it with these.

export const DEFAULT_RANGE = DEFAULT_RANGE_PRESET as RangePresetId;

/** `?range=last-30-days`, or `?range=custom&from=…&to=…` (the API also takes `from`/`to` alone). */
export const rangeFields = {
  range: oneOf(RANGE_PRESET_IDS, `must be one of ${RANGE_PRESET_IDS.join(', ')}`, DEFAULT_RANGE),
  from: day,
  to: day,
};

export interface RangeFields {
  range?: RangePresetId | null | undefined;
  from?: string | null | undefined;
  to?: string | null | undefined;
}

/** Why a range cannot be used. */
export type RangeProblem = 'preset-and-days' | 'no-from' | 'no-to' | 'reversed' | 'too-long';

/** The one check of a range: null when it is a preset, or a custom range of both days, in order, not too long. */
export function rangeProblem(value: RangeFields): RangeProblem | null {
  const custom = value.range === 'custom' || Boolean(value.from) || Boolean(value.to);
  if (!custom) return null;
  if (value.range && value.range !== 'custom') return 'preset-and-days';
  if (!value.from) return 'no-from';
  if (!value.to) return 'no-to';
  if (value.to < value.from) return 'reversed';
  return dayCount(value.from, value.to) > MAX_VIEW_RANGE_DAYS ? 'too-long' : null;
}

/**
 * The range a view asks for, as the API's query names it. A preset wins over days; a custom range
 * whose days are missing or out of order falls back to the default preset (the picker says so); one
 * that is only too long is sent as asked, so the API's answer says why it is refused.
 */
export function rangeParams(value: RangeFields): { range: RangePresetId } | { from: string; to: string } {
  if (value.range && value.range !== 'custom') return { range: value.range };
  const problem = rangeProblem({ range: 'custom', from: value.from, to: value.to });
  if ((problem === null || problem === 'too-long') && value.from && value.to) return { from: value.from, to: value.to };
  return { range: DEFAULT_RANGE };
}

/** The range of checked parameters: a custom range when both days are given, else the preset (or the default). */
export function rangeInput(value: RangeFields): RangeInput {
  if (value.from && value.to) return { from: value.from, to: value.to };
  const preset = !value.range || value.range === 'custom' ? DEFAULT_RANGE : value.range;
  return { preset: preset as Exclude<RangePresetId, 'custom'> };
}
