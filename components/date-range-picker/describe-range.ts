import { resolveRange, type ResolvedRange } from '@/lib/time/range';
import { rangeQuery, type FrameState } from '@/lib/url-state';

/** The days the URL's range covers on the shop's calendar (what the API will resolve too). */
export function describeRange(
  frame: Pick<FrameState, 'range' | 'from' | 'to'>,
  timeZone: string,
  now: number = Date.now(),
): ResolvedRange | undefined {
  const query = rangeQuery(frame);
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
