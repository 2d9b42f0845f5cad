import { fillMessage, type MessagePart } from '@/lib/costs/message';
import { formatCount, formatDecimal, formatMoney, formatPercent } from './money';
import { formatDay, formatDayRange, formatMonth, formatTimeMs } from './time';

// A sentence the server composes for a person to read later, perhaps in another locale than the
// one it was composed in (an alert, read by each member of a team in theirs): its whole template
// in the ICU message subset of lib/costs/message (`{name}`, `select`, `plural`), so a translator can
// reorder it, and its values as data. It is written in words only where it is shown, in the
// current locale (docs/ARCHITECTURE.md#the-persons-locale).

export type SentenceValue =
  | { text: string }
  | { count: number }
  /** `signed`: "+" on a gain too, as a change is written. */
  | { money: number; currency: string; signed?: boolean }
  | { day: string }
  | { days: { from: string; to: string } }
  | { month: string }
  | { months: readonly string[] }
  /** A ratio: 0.123 → "12.3%" ("+12.3%" when `signed`; "—" when there is none). */
  | { percent: number | null; signed?: boolean }
  /** An instant (ms) on a clock: "Nov 26, 2026, 22:45" in en-US ("never" when there is none). */
  | { time: number | null; timeZone: string }
  /** A measure, to one decimal at most, or to exactly `fixed` decimals ("+1.5" when `signed`). */
  | { decimal: number; fixed?: 0 | 1 | 2; signed?: boolean };

export interface Sentence {
  template: string;
  values: Record<string, SentenceValue>;
}

export const sentence = (template: string, values: Record<string, SentenceValue> = {}): Sentence => ({
  template,
  values,
});

/** One value as the current locale writes it. */
function words(value: SentenceValue): string {
  if ('text' in value) return value.text;
  if ('count' in value) return formatCount(value.count);
  if ('money' in value) return formatMoney(value.money, value.currency, { signAlways: value.signed });
  if ('day' in value) return formatDay(value.day);
  if ('days' in value) return formatDayRange(value.days.from, value.days.to);
  if ('month' in value) return formatMonth(value.month);
  if ('months' in value) return value.months.map(formatMonth).join(', ');
  if ('percent' in value) return plus(value.signed && (value.percent ?? 0) > 0) + formatPercent(value.percent);
  if ('time' in value) return formatTimeMs(value.time, value.timeZone);
  return plus(value.signed && value.decimal > 0) + formatDecimal(value.decimal, value.fixed);
}

const plus = (gain: boolean | undefined) => (gain ? '+' : '');

function part(value: SentenceValue | undefined): MessagePart | undefined {
  if (value === undefined) return undefined;
  const text = words(value);
  if ('text' in value) return { text, key: value.text };
  if ('count' in value) return { text, key: 'other', count: value.count, countText: text };
  if ('months' in value) return { text, key: 'other', count: value.months.length };
  return { text, key: 'other' };
}

/** The sentence in words, in the current locale. */
export function formatSentence(s: Sentence): string {
  return fillMessage(s.template, (name) => part(s.values[name]));
}

/**
 * A page area's `say(key, values)` over its message module (components/<area>/messages.ts): the
 * sentence of that key, in words in the current locale. One helper, so every area writes alike.
 */
export function sayer<Key extends string>(messages: Readonly<Record<Key, string>>) {
  return (key: Key, values: Record<string, SentenceValue> = {}): string =>
    formatSentence(sentence(messages[key], values));
}

/** A sentence read back from storage, or null when the value is not one. */
export function asSentence(value: unknown): Sentence | null {
  if (typeof value !== 'object' || value === null) return null;
  const { template, values } = value as Partial<Sentence>;
  return typeof template === 'string' && typeof values === 'object' && values !== null ? { template, values } : null;
}
