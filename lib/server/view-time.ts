// The clock of an upstream-served view. A range that ends "now" (the default last 30 days) would
// carry a new endDate every second, so no two requests for it would share the client's 10 s cache
// or an in-flight request. Reading "now" as the end of the current minute makes
// every view of it within a minute the same upstream request; orders a few seconds old are still
// included, and the seconds past now hold no orders.

const MINUTE_MS = 60_000;

export function viewNow(now: number = Date.now()): number {
  return Math.floor(now / MINUTE_MS) * MINUTE_MS + MINUTE_MS - 1;
}
