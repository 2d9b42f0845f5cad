// Shared by the limiter and scheduler tests: the property every budget must keep.

/** The largest number of events inside any half-open window [t, t + windowMs). */
export function maxInAnyWindow(times: number[], windowMs: number): number {
  const sorted = [...times].sort((a, b) => a - b);
  let max = 0;
  for (let i = 0, j = 0; i < sorted.length; i += 1) {
    while ((sorted[j] as number) < (sorted[i] as number) - windowMs + 1) j += 1;
    max = Math.max(max, i - j + 1);
  }
  return max;
}
