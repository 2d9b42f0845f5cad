export {
  addDays,
  DAY_MS,
  dayCount,
  eachShopDay,
  formatShopDateTime,
  shopDayEnd,
  shopDayStart,
  shopLocalDate,
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
