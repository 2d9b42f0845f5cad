import { DATE_PATTERN, isCalendarDate, MAX_DATE, MIN_DATE } from '@/lib/time/dates';

// The field kit of the view contracts (docs/ARCHITECTURE.md#view-contracts). A field says, once, how
// one query parameter is read from text and written back, its default, and the sentence for a value
// it refuses. Zod-free on purpose: the browser reads the URL with these (nuqs parsers are derived from
// them in ./view.ts) and the route handlers' zod schema is derived from the same fields (./schema.ts).

/** What reading one text gives: a value, or the reason it is not one. */
export type Read<T> = { value: T } | { problem: string };

export interface Field<T, D extends T | null = T | null> {
  /** Reads a parameter's text; `null` means "not given" (an empty text box sends ""). */
  read(text: string): Read<T> | null;
  write(value: T): string;
  /** The value when the parameter is absent (or, in a URL, unreadable); null for "no value". */
  fallback: D;
  /** The texts it accepts, where a list or a pattern says them: for the API's description (lib/server/openapi). */
  accepts?: { enum?: readonly string[]; pattern?: string };
}

/** A view's fields by parameter name (each its own value type). */
export type Fields = Record<string, Field<any, any>>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** The value type a field gives a view: `T`, or `T | null` for a field without a default. */
export type ValueOf<F> = F extends Field<infer T, infer D> ? (null extends D ? T | null : T) : never;

/** One of a fixed list of words. */
export function oneOf<const V extends string>(values: readonly V[], problem: string): Field<V, null>;
export function oneOf<const V extends string>(values: readonly V[], problem: string, fallback: V): Field<V, V>;
export function oneOf<const V extends string>(values: readonly V[], problem: string, fallback: V | null = null) {
  return {
    read: (text: string) => ((values as readonly string[]).includes(text) ? { value: text as V } : { problem }),
    write: (value: V) => value,
    fallback,
    accepts: { enum: values },
  };
}

/** A free-text filter: trimmed, at most 200 characters; empty means "no filter". */
export function text(): Field<string, null> {
  return {
    read(raw) {
      const value = raw.trim();
      if (value === '') return null;
      return value.length > 200 ? { problem: 'must be at most 200 characters' } : { value };
    },
    write: (value) => value,
    fallback: null,
  };
}

/** A day on the shop's calendar, `YYYY-MM-DD` (not an instant). */
export const day: Field<string, null> = {
  read(value) {
    if (!DATE_PATTERN.test(value)) return { problem: 'must be a date written YYYY-MM-DD' };
    if (!isCalendarDate(value)) return { problem: 'is not a calendar date' };
    if (value < MIN_DATE || value > MAX_DATE) return { problem: `must be between ${MIN_DATE} and ${MAX_DATE}` };
    return { value };
  },
  write: (value) => value,
  fallback: null,
  accepts: { pattern: '^\\d{4}-\\d{2}-\\d{2}$' },
};

/** A page number, from 1. */
export const page: Field<number, number> = {
  read(value) {
    if (!/^\d+$/.test(value)) return { problem: 'must be a positive integer' };
    const n = Number(value);
    if (n < 1) return { problem: 'must be at least 1' };
    return n > 10_000_000 ? { problem: 'is too large' } : { value: n };
  },
  write: String,
  fallback: 1,
  accepts: { pattern: '^\\d+$' },
};

/** One of a fixed list of numbers (page sizes). */
export function numberOf<const V extends number>(values: readonly V[], fallback: V): Field<V, V> {
  const problem = `must be one of ${values.join(', ')}`;
  return {
    read: (text) => {
      const n = values.find((v) => String(v) === text);
      return n === undefined ? { problem } : { value: n };
    },
    write: String,
    fallback,
    accepts: { enum: values.map(String) },
  };
}

/** A 3-letter currency code, upper-cased. */
export function currency(fallback: string): Field<string, string> {
  return {
    read(raw) {
      const value = raw.trim().toUpperCase();
      return /^[A-Z]{3}$/.test(value) ? { value } : { problem: 'must be a 3-letter currency code such as USD' };
    },
    write: (value) => value,
    fallback,
    accepts: { pattern: '^\\s*[A-Za-z]{3}\\s*$' },
  };
}

/** The shop a page shows (the header's picker; any id the shop list has). */
export const shop: Field<string, null> = {
  read: (text) => (text ? { value: text } : null),
  write: (value) => value,
  fallback: null,
};

/** The value a text gives, or null when the text is absent or refused (how a URL is read: leniently). */
export function leniently<T>(field: Field<T>, text: string): T | null {
  const read = field.read(text);
  return read && 'value' in read ? read.value : null;
}

/**
 * The values of `params` that their fields refuse, each with its sentence: what a lenient reading
 * of a hand-edited or shared link replaced by its default, which a page must say rather than show
 * the default as if it were asked for.
 */
export function refusedValues(
  fields: Fields,
  params: URLSearchParams,
  names: readonly string[],
): { name: string; value: string; problem: string }[] {
  const out: { name: string; value: string; problem: string }[] = [];
  for (const name of names) {
    const value = params.get(name);
    const read = value === null ? null : fields[name]?.read(value);
    if (value !== null && read && 'problem' in read) out.push({ name, value, problem: read.problem });
  }
  return out;
}
