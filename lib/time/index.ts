// lib/time without zod: every page's bundle reaches it. The zod schemas of days and ranges are in
// ./schemas, imported from there by the server's query parsing.
export {
  addDays,
  DAY_MS,
  dayCount,
  eachShopDay,
  formatShopDateTime,
  lastDayOfMonth,
  monthAfter,
  shopDayEnd,
  shopDayStart,
  shopLocalDate,
} from './dates';
export {
  previousPeriod,
  rangePresets,
  resolveRange,
  type DayRange,
  type RangeInput,
  type ResolvedRange,
} from './range';
