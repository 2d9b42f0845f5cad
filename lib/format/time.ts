import { formatShopDateTime, zoneOffsetMinutes } from '@/lib/time/dates';
import { perLocale } from './locale';

// Dates as the shop's wall clock shows them, written in the person's locale ("Mar 9, 2026",
// "9 Mar 2026", "9. März 2026"); the conversion itself lives in lib/time.

/** One formatter per locale and style (four locales, three styles); calendar days, so UTC. */
const dayStyle = (options: Intl.DateTimeFormatOptions) =>
  perLocale((locale) => new Intl.DateTimeFormat(locale, { ...options, timeZone: 'UTC' }));

const dayFormat = dayStyle({ month: 'short', day: 'numeric', year: 'numeric' });
const shortDayFormat = dayStyle({ month: 'short', day: 'numeric' });

/** "2026-03-09" → "Mar 9, 2026" (a calendar day, so no time zone shift may apply). */
export function formatDay(day: string, { short = false }: { short?: boolean } = {}): string {
  const date = new Date(`${day}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return day;
  return (short ? shortDayFormat : dayFormat)().format(date);
}

const monthFormat = dayStyle({ month: 'short', year: 'numeric' });

/** "2026-03" → "Mar 2026" (a calendar month). */
export function formatMonth(month: string): string {
  const date = new Date(`${month}-01T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? month : monthFormat().format(date);
}

/** "Mar 1 – Mar 30, 2026", or one day when from equals to. */
export function formatDayRange(from: string, to: string): string {
  if (from === to) return formatDay(from);
  const sameYear = from.slice(0, 4) === to.slice(0, 4);
  return `${formatDay(from, { short: sameYear })} – ${formatDay(to)}`;
}

/** A report's range as its heading says it: "Aug 30 – Nov 27, 2026 · America/Los_Angeles". */
export function formatRangeInZone(range: { from: string; to: string; timeZone: string }): string {
  return `${formatDayRange(range.from, range.to)} · ${range.timeZone}`;
}

/** "UTC+1", "UTC-3:30": the zone's offset at that instant (computed, so every ICU spells it alike). */
function shortOffset(unix: number, timeZone: string): string {
  const minutes = zoneOffsetMinutes(unix, timeZone);
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  return `UTC${sign}${Math.floor(abs / 60)}${abs % 60 ? `:${String(abs % 60).padStart(2, '0')}` : ''}`;
}

/** "2026-11-26 22:45" (the shop's wall clock) → "Nov 26, 2026, 22:45": the one way a page writes a time. */
function dayAndTime(wall: string): string {
  return `${formatDay(wall.slice(0, 10))}, ${wall.slice(11)}`;
}

/**
 * A time on the shop's clock, "Nov 26, 2026, 22:45" (the page names the zone). When clocks go back,
 * one wall-clock hour happens twice ("01:46" BST comes before "01:20" GMT): such a time carries its
 * offset, so a list sorted by time never looks out of order and no two instants read the same.
 */
export function formatShopTime(unix: number, timeZone: string): string {
  const text = formatShopDateTime(unix, timeZone);
  const repeated =
    formatShopDateTime(unix - 3600, timeZone) === text || formatShopDateTime(unix + 3600, timeZone) === text;
  return repeated ? `${dayAndTime(text)} (${shortOffset(unix, timeZone)})` : dayAndTime(text);
}

/** A time given in milliseconds (the dashboard's own events: sign-ins, links, changes), as formatShopTime. */
export function formatTimeMs(ms: number | null, timeZone: string, never = 'never'): string {
  return ms === null ? never : formatShopTime(Math.floor(ms / 1000), timeZone);
}

/**
 * When stored data was read, on the shop's clock: "as of 14:02" today, "as of Nov 23, 14:02" on
 * an earlier day, and how long ago ("3 min ago"), so a figure always says how fresh it is. Without
 * `now` (a page still hydrating) it names the day and time only.
 */
export function formatAsOf(ms: number, timeZone: string, now: number | null = Date.now()): string {
  const at = formatShopDateTime(Math.floor(ms / 1000), timeZone);
  const time = at.slice(11);
  if (now === null) return `as of ${formatDay(at.slice(0, 10), { short: true })}, ${time}`;
  const today = formatShopDateTime(Math.floor(now / 1000), timeZone).slice(0, 10);
  const when = at.slice(0, 10) === today ? time : `${formatDay(at.slice(0, 10), { short: true })}, ${time}`;
  const minutes = Math.max(0, Math.round((now - ms) / 60_000));
  const ago = minutes < 1 ? 'just now' : minutes < 60 ? `${minutes} min ago` : `${Math.round(minutes / 60)} h ago`;
  return `as of ${when} (${ago})`;
}
