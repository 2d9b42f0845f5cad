import { resolveRange, type ResolvedRange } from '@/lib/time/range';
import { rangeParams, type RangeFields } from '@/lib/views/range';

/** The days the URL's range covers on the shop's calendar (what the API will resolve too). */
export function describeRange(
  frame: RangeFields,
  timeZone: string,
  now: number = Date.now(),
): ResolvedRange | undefined {
  const query: { range?: string; from?: string; to?: string } = rangeParams(frame);
  try {
    return query.from && query.to
      ? resolveRange({ from: query.from, to: query.to }, timeZone, now)
      : resolveRange(
          { preset: (query.range ?? 'last-30-days') as Exclude<ResolvedRange['preset'], 'custom'> },
          timeZone,
          now,
        );
  } catch {
    return undefined;
  }
}
