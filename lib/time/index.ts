export {
  addDays,
  assertTimeZone,
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
  type RangeInput,
  type RangePresetId,
  type ResolvedRange,
} from './range';
export { dateStringSchema, rangeInputSchema, rangePresetIdSchema } from './schemas';
