import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { csvLine, SEMICOLON_CSV } from '@/lib/csv';
import { localAmount, parseAmount, plainAmount } from '@/lib/costs/amount';
import {
  currentLocale,
  excelCsvFormatFor,
  LOCALES,
  localeFromAcceptLanguage,
  resolveLocale,
  separatorsOf,
  withLocale,
  type Locale,
} from '@/lib/format/locale';
import { formatCount, formatDecimal, formatMoney, formatPercent } from '@/lib/format/money';
import { formatDay, formatDayRange, formatMonth, formatShopTime } from '@/lib/format/time';

// The person's locale (docs/ARCHITECTURE.md#the-persons-locale): every formatter writes in it, the
// shop's currency and clock unchanged; an amount written in a locale reads back, with that
// locale's separators, as the cents it came from.

/** An amount as a reader of `locale` reads it: its group separators dropped, its decimal separator a point. */
function readBack(text: string, locale: Locale): number {
  const { group, decimal } = separatorsOf(locale);
  const negative = /^[-−]/.test(text.trim());
  const digits = text
    .replaceAll(group, '')
    .replaceAll(decimal, '.')
    .replace(/[^\d.]/g, '');
  const cents = Math.round(Number(digits) * 100);
  return negative ? -cents : cents;
}

describe('formatting in a locale', () => {
  it('writes amounts in the shop currency as the locale writes them', () => {
    expect(withLocale('de-DE', () => formatMoney(123456, 'EUR'))).toBe('1.234,56\u00a0€');
    expect(withLocale('en-GB', () => formatMoney(123456, 'GBP'))).toBe('£1,234.56');
    expect(withLocale('fr-FR', () => formatMoney(-123456, 'EUR'))).toBe('-1\u202f234,56\u00a0€');
    expect(withLocale('en-US', () => formatMoney(123456, 'USD'))).toBe('$1,234.56');
    // The currency stays the shop's whatever the locale: a USD shop read in de-DE is in dollars.
    expect(withLocale('de-DE', () => formatMoney(123456, 'USD'))).toBe('1.234,56\u00a0$');
  });

  it('writes counts, percentages, decimals and dates in the locale', () => {
    withLocale('de-DE', () => {
      expect(formatCount(12345)).toBe('12.345');
      expect(formatPercent(0.1234)).toBe('12,3\u00a0%');
      expect(formatDecimal(2.345, 2)).toBe('2,35');
      expect(formatDay('2026-03-09')).toBe('9. März 2026');
      expect(formatMonth('2026-03')).toBe('März 2026');
    });
    withLocale('en-GB', () => {
      expect(formatDay('2026-11-26')).toBe('26 Nov 2026');
      expect(formatDayRange('2026-03-01', '2026-03-30')).toBe('1 Mar – 30 Mar 2026');
    });
    expect(formatDay('2026-11-26')).toBe('Nov 26, 2026');
  });

  it("keeps the shop's clock: a time is the same wall-clock time in every locale", () => {
    const unix = Date.UTC(2026, 10, 26, 21, 45) / 1000;
    expect(withLocale('en-US', () => formatShopTime(unix, 'Europe/Berlin'))).toBe('Nov 26, 2026, 22:45');
    expect(withLocale('de-DE', () => formatShopTime(unix, 'Europe/Berlin'))).toBe('26. Nov. 2026, 22:45');
  });

  it('restores the locale after withLocale, also when its work throws', () => {
    expect(currentLocale()).toBe('en-US');
    expect(() =>
      withLocale('fr-FR', () => {
        throw new Error('x');
      }),
    ).toThrow();
    expect(currentLocale()).toBe('en-US');
  });

  it('reads every amount back to its cents with the locale’s separators (property)', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...LOCALES),
        fc.constantFrom('EUR', 'USD', 'GBP'),
        fc.integer({ min: -100_000_000_00, max: 100_000_000_00 }),
        (locale, currency, cents) => {
          const text = withLocale(locale, () => formatMoney(cents, currency));
          expect(readBack(text, locale)).toBe(cents);
        },
      ),
      { numRuns: 400 },
    );
  });

  it('reads a money field typed in the locale as the cents it means (property)', () => {
    fc.assert(
      fc.property(fc.constantFrom(...LOCALES), fc.integer({ min: 0, max: 99_999_999_99 }), (locale, cents) => {
        const { decimal } = separatorsOf(locale);
        // As a person types it: the locale's own formatting, group separators included, no currency.
        const typed = new Intl.NumberFormat(locale, { minimumFractionDigits: 2 }).format(cents / 100);
        expect(parseAmount(plainAmount(typed, decimal))).toEqual({ ok: true, cents });
        // And as the field shows an amount it is editing.
        const plain = `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
        expect(parseAmount(plainAmount(localAmount(plain, decimal), decimal))).toEqual({ ok: true, cents });
      }),
      { numRuns: 300 },
    );
  });

  it('takes a point typed in a decimal-comma locale as a decimal point unless it groups thousands', () => {
    expect(plainAmount('12.50', ',')).toBe('12.50');
    expect(plainAmount('1.234', ',')).toBe('1234');
    expect(plainAmount('4,1', ',')).toBe('4.1');
    expect(plainAmount('1,234.56', '.')).toBe('1,234.56');
  });
});

describe('the locale a person reads in', () => {
  it('follows the browser when the person chose none', () => {
    expect(localeFromAcceptLanguage('en-US,en;q=0.9')).toBe('en-US');
    expect(localeFromAcceptLanguage('de-AT,de;q=0.9,en;q=0.5')).toBe('de-DE');
    expect(localeFromAcceptLanguage('fr-CA;q=0.5,en-GB;q=0.8')).toBe('en-GB');
    expect(localeFromAcceptLanguage('ja,zh;q=0.5')).toBe('en-US');
    expect(localeFromAcceptLanguage(null)).toBe('en-US');
    expect(resolveLocale(null, 'de-DE')).toBe('de-DE');
    expect(resolveLocale('en-GB', 'de-DE')).toBe('en-GB');
    expect(resolveLocale('xx-YY', 'fr')).toBe('fr-FR');
  });

  it('offers a CSV for Excel where the locale writes a decimal comma', () => {
    expect(excelCsvFormatFor('de-DE')).toBe('csv-excel-de');
    expect(excelCsvFormatFor('fr-FR')).toBe('csv-excel-fr');
    expect(excelCsvFormatFor('en-US')).toBeNull();
    expect(excelCsvFormatFor('en-GB')).toBeNull();
  });

  it('writes the semicolon CSV with decimal commas, quoting text that holds a separator', () => {
    expect(csvLine(['Mug; blue', 1234.5, -0.01, 3, null], SEMICOLON_CSV)).toBe('"Mug; blue";1234,5;-0,01;3;\r\n');
    expect(csvLine(['Mug, blue', 1234.5])).toBe('"Mug, blue",1234.5\r\n');
  });
});
