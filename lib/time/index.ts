export {
  addDays,
  assertTimeZone,
  dateStringSchema,
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
  rangeInputSchema,
  rangePresetIdSchema,
  rangePresets,
  resolveRange,
  type RangeInput,
  type RangePresetId,
  type ResolvedRange,
} from './range';
