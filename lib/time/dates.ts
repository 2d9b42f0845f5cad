import { ENTRY_BYTES } from '@/lib/config/cache-limits';
import { boundedCache } from '@/lib/config/caches';

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

/** The last day of a month: `2026-02` → `2026-02-28`. */
export function lastDayOfMonth(month: string): string {
  const [y, m] = month.split('-').map(Number);
  return new Date(Date.UTC(y!, m!, 0)).toISOString().slice(0, 10);
}

/** The month after: `2025-12` → `2026-01`. */
export function monthAfter(month: string): string {
  return addDays(lastDayOfMonth(month), 1).slice(0, 7);
}

/** Unix seconds of local midnight starting `date` in `timeZone` (a 23- or 25-hour day is fine). */
export function shopDayStart(date: string, timeZone: string): number {
  assertTimeZone(timeZone);
  const [y, m, d] = parts(date);
  // The wall clock's midnight read as UTC, less the zone's offset there; where midnight does not
  // exist (a clock that jumps forward at 00:00) the day starts at the first instant after the jump.
  const wall = Date.UTC(y, m - 1, d) / 1000;
  const before = offsetSeconds(wall - offsetSeconds(wall, timeZone), timeZone);
  const first = wall - before;
  const after = offsetSeconds(first, timeZone);
  return after === before ? first : wall - after;
}

/** Unix seconds of the last second of `date` in `timeZone` (23:59:59 local). */
export function shopDayEnd(date: string, timeZone: string): number {
  return shopDayStart(addDays(date, 1), timeZone) - 1;
}

/** The calendar date in `timeZone` at `unix` seconds. */
export function shopLocalDate(unix: number, timeZone: string): string {
  return formatShopDateTime(unix, timeZone).slice(0, 10);
}

/** "2025-03-09 03:15" as the shop's wall clock shows it (the UI shows the zone next to it). */
export function formatShopDateTime(
  unix: number,
  timeZone: string,
  { seconds = false }: { seconds?: boolean } = {},
): string {
  assertTimeZone(timeZone);
  // A year's orders export formats ~70,000 times: the zone's offset is looked up once per quarter
  // hour (every offset change since 1970 falls on one), and only where it is the same at both ends
  // of that quarter; anywhere else the exact conversion runs.
  const bucket = Math.floor(unix / OFFSET_BUCKET_SECONDS);
  const key = `${timeZone}\u0000${bucket}`;
  let offset = zoneOffsets.get(key);
  if (offset === undefined) {
    const start = offsetSeconds(bucket * OFFSET_BUCKET_SECONDS, timeZone);
    const end = offsetSeconds((bucket + 1) * OFFSET_BUCKET_SECONDS - 1, timeZone);
    offset = start === end ? start : NaN;
    remember(key, offset);
  }
  const wall = new Date((unix + (Number.isNaN(offset) ? offsetSeconds(unix, timeZone) : offset)) * 1000);
  const two = (n: number) => String(n).padStart(2, '0');
  const text = `${String(wall.getUTCFullYear()).padStart(4, '0')}-${two(wall.getUTCMonth() + 1)}-${two(wall.getUTCDate())} ${two(wall.getUTCHours())}:${two(wall.getUTCMinutes())}`;
  return seconds ? `${text}:${two(wall.getUTCSeconds())}` : text;
}

const OFFSET_BUCKET_SECONDS = 900;
/** A zone's UTC offset (seconds) per quarter hour; NaN where it changes within that quarter. */
const zoneOffsets = boundedCache<string, number>('zoneOffsets', { size: () => ENTRY_BYTES.small });
const remember = (key: string, offset: number) => zoneOffsets.set(key, offset);

/** One formatter per zone that reads its wall clock (Intl: no date library in the browser's bundle). */
const wallClocks = boundedCache<string, Intl.DateTimeFormat>('zoneClocks', { size: () => ENTRY_BYTES.zoneClock });
/** Seconds to add to UTC for the zone's wall clock at `unix` (read from Intl, to the second). */
function offsetSeconds(unix: number, timeZone: string): number {
  let clock = wallClocks.get(timeZone);
  if (!clock) {
    clock = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    wallClocks.set(timeZone, clock);
  }
  const f: Record<string, number> = {};
  for (const part of clock.formatToParts(unix * 1000)) f[part.type] = Number(part.value);
  return Date.UTC(f.year!, f.month! - 1, f.day!, f.hour!, f.minute!, f.second!) / 1000 - unix;
}

/** Every calendar day from `from` to `to`, inclusive (the x-axis of a daily chart). */
export function eachShopDay(from: string, to: string): string[] {
  const days: string[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) days.push(day);
  return days;
}

/** The zone's UTC offset in minutes at `unix` (e.g. 60 for CET, -210 for Newfoundland). */
export function zoneOffsetMinutes(unix: number, timeZone: string): number {
  assertTimeZone(timeZone);
  return Math.round(offsetSeconds(unix, timeZone) / 60);
}
