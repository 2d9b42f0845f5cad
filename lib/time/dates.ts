import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';

// Calendar dates ('YYYY-MM-DD') in a shop's time zone and the Unix seconds the upstream speaks.
// This folder is the one place that converts between them (docs/ARCHITECTURE.md#time). Client-safe.

export const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

function parts(date: string): [number, number, number] {
  const match = DATE_PATTERN.exec(date);
  if (!match) throw new RangeError(`not a YYYY-MM-DD date: ${date}`);
  return [Number(match[1]), Number(match[2]), Number(match[3])];
}

/** True for a real calendar day written 'YYYY-MM-DD' (e.g. false for 2025-02-30). */
export function isCalendarDate(date: string): boolean {
  if (!DATE_PATTERN.test(date)) return false;
  const [y, m, d] = parts(date);
  const utc = new Date(Date.UTC(y, m - 1, d));
  return utc.getUTCFullYear() === y && utc.getUTCMonth() === m - 1 && utc.getUTCDate() === d;
}

// Dates outside these years are refused before any arithmetic: past 9999 an ISO string grows a
// sign and a sixth digit, and no shop has orders before 2000 or after 2100 anyway.
export const MIN_DATE = '2000-01-01';
export const MAX_DATE = '2100-12-31';

/** A calendar day written 'YYYY-MM-DD' (validated by dateStringSchema in ./schemas). */
export type DateString = string;

/** A day in milliseconds. Calendar days are counted on their UTC midnights, where no DST shifts them. */
export const DAY_MS = 86_400_000;

/** Days from `from` to `to`, both included (0 when `to` is before `from`). */
export function dayCount(from: DateString, to: DateString): number {
  return Math.max(0, Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS) + 1);
}

// Building an Intl.DateTimeFormat costs ~0.1 ms; every conversion validates its zone, so the
// answer for a zone that exists is remembered (shops use a handful of zones).
const knownTimeZones = new Set<string>();

export function isValidTimeZone(timeZone: string): boolean {
  if (knownTimeZones.has(timeZone)) return true;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
    knownTimeZones.add(timeZone);
    return true;
  } catch {
    return false;
  }
}

export function assertTimeZone(timeZone: string): void {
  if (!isValidTimeZone(timeZone)) throw new RangeError(`unknown time zone: ${timeZone}`);
}

/** Calendar arithmetic, independent of any time zone. */
export function addDays(date: string, days: number): string {
  const [y, m, d] = parts(date);
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** Unix seconds of local midnight starting `date` in `timeZone` (a 23- or 25-hour day is fine). */
export function shopDayStart(date: string, timeZone: string): number {
  assertTimeZone(timeZone);
  const [y, m, d] = parts(date);
  return Math.floor(new TZDate(y, m - 1, d, timeZone).getTime() / 1000);
}

/** Unix seconds of the last second of `date` in `timeZone` (23:59:59 local). */
export function shopDayEnd(date: string, timeZone: string): number {
  return shopDayStart(addDays(date, 1), timeZone) - 1;
}

/** The calendar date in `timeZone` at `unix` seconds. */
export function shopLocalDate(unix: number, timeZone: string): string {
  assertTimeZone(timeZone);
  return format(new TZDate(unix * 1000, timeZone), 'yyyy-MM-dd');
}

/** "2025-03-09 03:15" as the shop's wall clock shows it (the UI shows the zone next to it). */
export function formatShopDateTime(
  unix: number,
  timeZone: string,
  { seconds = false }: { seconds?: boolean } = {},
): string {
  assertTimeZone(timeZone);
  return format(new TZDate(unix * 1000, timeZone), seconds ? 'yyyy-MM-dd HH:mm:ss' : 'yyyy-MM-dd HH:mm');
}

/** Every calendar day from `from` to `to`, inclusive (the x-axis of a daily chart). */
export function eachShopDay(from: string, to: string): string[] {
  const days: string[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) days.push(day);
  return days;
}
