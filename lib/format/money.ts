import type { Cents } from '@/lib/profit';
import { currentLocale, perLocale } from './locale';

// Money is kept in integer cents everywhere and turned into text only here, once, with the
// shop's currency in the person's locale (docs/ARCHITECTURE.md#profit: "rounded once at the edge";
// docs/ARCHITECTURE.md#the-persons-locale).

/** Bound: two per currency in use and locale (with and without a forced sign); ISO 4217 has under 200 codes. */
const moneyFormats = new Map<string, Intl.NumberFormat>();

function moneyFormat(currency: string, signAlways: boolean): Intl.NumberFormat {
  const locale = currentLocale();
  const key = `${locale}|${currency}|${signAlways}`;
  let format = moneyFormats.get(key);
  if (!format) {
    try {
      format = new Intl.NumberFormat(locale, {
        style: 'currency',
        currency,
        signDisplay: signAlways ? 'exceptZero' : 'auto',
      });
    } catch {
      // An unknown currency code must not break a page: fall back to a plain number.
      format = new Intl.NumberFormat(locale, {
        minimumFractionDigits: 2,
        maximumFractionDigits: 2,
        signDisplay: signAlways ? 'exceptZero' : 'auto',
      });
    }
    moneyFormats.set(key, format);
  }
  return format;
}

export interface MoneyOptions {
  /** Show "+" on gains too, e.g. in an explanation's terms. */
  signAlways?: boolean;
}

/** What a figure that is not there reads as: never "$NaN". */
const MISSING = '—';

/** A figure to show: a finite number; anything else (left out, undefined, NaN) is shown as missing. */
function present(n: number | null | undefined): n is number {
  return typeof n === 'number' && Number.isFinite(n);
}

/**
 * `-1234` cents in USD → "-$12.34". Losses keep their sign so they never read as gains. A figure
 * that is missing (null, undefined, NaN: a part the server left out) is "—".
 */
export function formatMoney(cents: Cents | null | undefined, currency: string, options: MoneyOptions = {}): string {
  if (!present(cents)) return MISSING;
  const value = (cents === 0 ? 0 : cents) / 100;
  return moneyFormat(currency, options.signAlways ?? false).format(value);
}

/** One formatter per locale and style (four locales, a handful of styles). */
const numberFormat = (options: Intl.NumberFormatOptions) =>
  perLocale((locale) => new Intl.NumberFormat(locale, options));

const percentFormat = numberFormat({ style: 'percent', minimumFractionDigits: 1, maximumFractionDigits: 1 });

/** 0.1234 → "12.3%"; null (no net sales, so no margin) → "—". */
export function formatPercent(ratio: number | null | undefined): string {
  return present(ratio) ? percentFormat().format(ratio) : MISSING;
}

const changeFormat = numberFormat({
  style: 'percent',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
  signDisplay: 'exceptZero',
});

/** A small change as a share, signed: 0.0042 → "+0.42%", −0.012 → "-1.20%"; null → "—". */
export function formatPercentChange(ratio: number | null | undefined): string {
  return present(ratio) ? changeFormat().format(ratio) : MISSING;
}

const countFormat = numberFormat({});
const decimalFormat = numberFormat({ maximumFractionDigits: 1 });
const fixedFormats = [0, 1, 2].map((digits) =>
  numberFormat({ minimumFractionDigits: digits, maximumFractionDigits: digits }),
);

/**
 * A measure in the person's locale: to one decimal at most (12.35 → "12.4", "12,4" in de-DE), or
 * to exactly `fixed` decimals (0–2) where a column's figures line up.
 */
export function formatDecimal(n: number | null | undefined, fixed?: 0 | 1 | 2): string {
  if (!present(n)) return MISSING;
  return (fixed === undefined ? decimalFormat() : fixedFormats[fixed]!()).format(n);
}

export function formatCount(n: number | null | undefined): string {
  return present(n) ? countFormat().format(n) : MISSING;
}

// The words are English: their plural follows English rules whatever the locale writes numbers in.
const plurals = new Intl.PluralRules('en-US');

/** 1 → "1 product", 2086 → "2,086 products" (en-US): the count formatted, the noun agreeing with it. */
export function formatCountOf(n: number, one: string, other = `${one}s`): string {
  return `${countFormat().format(n)} ${plurals.select(n) === 'one' ? one : other}`;
}

/**
 * CSS class for a profit figure: losses stand out in red. Gains stay in the text colour on
 * purpose: a table of green numbers would hide the few red ones a seller must see.
 */
export function toneOf(value: number): 'negative' | undefined {
  return value < 0 ? 'negative' : undefined;
}

/** Amount in major units for CSV cells: a number with two decimals, from cents. */
export function centsToDecimal(cents: Cents): number {
  return Math.round(cents) / 100;
}
