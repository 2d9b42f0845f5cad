import { resolveRange, type ResolvedRange } from '@/lib/time/range';
import { rangeInput, rangeParams, type RangeFields } from '@/lib/views/range';

/** The days the URL's range covers on the shop's calendar (what the API will resolve too); none for a range it refuses. */
export function describeRange(
  frame: RangeFields,
  timeZone: string,
  now: number = Date.now(),
): ResolvedRange | undefined {
  try {
    return resolveRange(rangeInput(rangeParams(frame)), timeZone, now);
  } catch {
    return undefined;
  }
}
