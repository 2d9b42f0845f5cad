import { addDays, dayCount, eachShopDay, shopDayEnd, shopDayStart, shopLocalDate, type DayRange } from '@/lib/time';

// Shop-local calendar days as `YYYY-MM-DD` strings (they sort and compare as text, and they are
// what a seller picks). Conversions to Unix seconds come from lib/time, the one place for them.

export type Day = string;

export type { DayRange };
export { addDays, dayCount, eachShopDay as eachDay, shopDayEnd as dayEndUnix, shopDayStart as dayStartUnix, shopLocalDate as localDay };
