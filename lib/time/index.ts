export {
  addDays,
  assertTimeZone,
  DAY_MS,
  dayCount,
  eachShopDay,
  formatShopDateTime,
  isValidTimeZone,
  shopDayEnd,
  shopDayStart,
  shopLocalDate,
  type DateString,
} from './dates';
export {
  previousPeriod,
  RANGE_PRESET_IDS,
  rangePresets,
  resolveRange,
  type DayRange,
  type RangeInput,
  type RangePresetId,
  type ResolvedRange,
} from './range';
export { dateStringSchema, rangeInputSchema, rangePresetIdSchema } from './schemas';
