import { shopLocalDate } from '@/lib/time';

export interface DayRangeInZone {
  from: string;
  to: string;
  timeZone: string;
}

/**
 * The day of the range that is not over yet (today on the shop's clock), or null when every day
 * of it is whole. Charts draw that day differently: a day half over is not a dive in sales.
 */
export function partialDayOf(range: DayRangeInZone, now: number = Date.now()): string | null {
  const today = shopLocalDate(Math.floor(now / 1000), range.timeZone);
  return range.from <= today && today <= range.to ? today : null;
}

/**
 * A daily series split for drawing: `whole` holds every whole day (null on the partial one) and
 * `partial` only the partial day and the day before it, so a dashed segment continues the line.
 */
export function splitPartial<K extends string>(
  points: readonly ({ day: string } & Record<K, number | null>)[],
  keys: readonly K[],
  partialDay: string | null,
): Array<
  { day: string; partial: boolean } & Record<K, number | null> & Record<`${K}Whole` | `${K}Partial`, number | null>
> {
  const at = partialDay === null ? -1 : points.findIndex((p) => p.day === partialDay);
  return points.map((point, i) => {
    const out: Record<string, unknown> = { ...point, partial: i === at };
    for (const key of keys) {
      out[`${key}Whole`] = i === at ? null : point[key];
      out[`${key}Partial`] = at >= 0 && (i === at || i === at - 1) ? point[key] : null;
    }
    return out as { day: string; partial: boolean } & Record<K, number | null> &
      Record<`${K}Whole` | `${K}Partial`, number | null>;
  });
}

/**
 * The runs of days before today that have no figures (not read yet), for a chart to shade and label:
 * a day the store does not hold is a gap, never a fall to zero.
 */
export function unreadRuns(
  points: readonly { day: string; netSales: number | null }[],
  timeZone: string,
  now: number = Date.now(),
): { from: string; to: string }[] {
  const today = shopLocalDate(Math.floor(now / 1000), timeZone);
  const runs: { from: string; to: string }[] = [];
  points.forEach((point, i) => {
    if (point.netSales !== null || point.day > today) return;
    const last = runs.at(-1);
    if (last && i > 0 && last.to === points[i - 1]!.day) last.to = point.day;
    else runs.push({ from: point.day, to: point.day });
  });
  return runs;
}
