// The person's locale: how every number, amount, percentage and date is written
// (docs/ARCHITECTURE.md#the-persons-locale). The words stay English; the shop's currency and time
// zone never change with it. Client-safe and dependency-free.

export const LOCALES = ['en-US', 'en-GB', 'de-DE', 'fr-FR'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en-US';

/** The Account page's choices, each with a sample of what it writes. */
export const LOCALE_LABELS: Record<Locale, string> = {
  'en-US': 'English (US): 1,234.56 · Nov 26, 2026',
  'en-GB': 'English (UK): 1,234.56 · 26 Nov 2026',
  'de-DE': 'Deutsch: 1.234,56 · 26. Nov. 2026',
  'fr-FR': 'Français: 1 234,56 · 26 nov. 2026',
};

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/**
 * The supported locale an Accept-Language header prefers ("de-AT,de;q=0.9,en;q=0.5" → de-DE):
 * an exact tag first, else the first supported locale of its language; en-US when none fits.
 */
export function localeFromAcceptLanguage(header: string | null | undefined): Locale {
  const wanted = (header ?? '')
    .split(',')
    .map((part, i) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return { tag: tag.trim().toLowerCase(), q: q ? Number(q.slice(2)) || 0 : 1, i };
    })
    .filter((w) => w.tag !== '' && w.tag !== '*' && w.q > 0)
    .sort((a, b) => b.q - a.q || a.i - b.i);
  for (const { tag } of wanted) {
    const exact = LOCALES.find((l) => l.toLowerCase() === tag);
    if (exact) return exact;
    const language = tag.split('-')[0];
    const same = LOCALES.find((l) => l.slice(0, 2).toLowerCase() === language);
    if (same) return same;
  }
  return DEFAULT_LOCALE;
}

/** The locale a person reads in: their choice, or (null: "As my browser") their browser's. */
export function resolveLocale(choice: string | null | undefined, acceptLanguage: string | null | undefined): Locale {
  return isLocale(choice) ? choice : localeFromAcceptLanguage(acceptLanguage);
}

// Where the formatters find the locale. In the browser one person reads one tab: the provider
// (components/app-shell/locale-provider.tsx) sets it before its children render. On the server many
// requests render at once, so the server installs a source keyed to the request's async context
// (lib/startup/locale.ts) and the provider enters its locale there instead.

interface LocaleSource {
  get(): Locale | undefined;
  enter(locale: Locale): void;
}
const SOURCE = Symbol.for('profit-dashboard.locale-source');
type WithSource = typeof globalThis & { [SOURCE]?: LocaleSource };

let browserLocale: Locale = DEFAULT_LOCALE;
/** Set by withLocale for the synchronous work it runs (an e-mail, an export's file). */
let pinned: Locale | null = null;

export function installLocaleSource(source: LocaleSource): void {
  (globalThis as WithSource)[SOURCE] = source;
}

/** The locale the formatters write in now. */
export function currentLocale(): Locale {
  if (pinned) return pinned;
  const source = (globalThis as WithSource)[SOURCE];
  return source ? (source.get() ?? DEFAULT_LOCALE) : browserLocale;
}

/** Makes `locale` the current one for the render that follows (the provider's call). */
export function enterLocale(locale: Locale): void {
  const source = (globalThis as WithSource)[SOURCE];
  if (source) source.enter(locale);
  else browserLocale = locale;
}

/** One value per locale, made when first asked for in it (an Intl formatter: four locales at most). */
export function perLocale<T>(make: (locale: Locale) => T): () => T {
  const made = new Map<Locale, T>();
  return () => {
    const locale = currentLocale();
    let value = made.get(locale);
    if (value === undefined) made.set(locale, (value = make(locale)));
    return value;
  };
}

/**
 * Runs synchronous formatting work in `locale` (a recipient's e-mail, a person's export): the
 * explicit way for the server's paths that are not a React render.
 */
export function withLocale<T>(locale: Locale, work: () => T): T {
  const before = pinned;
  pinned = locale;
  try {
    return work();
  } finally {
    pinned = before;
  }
}

/** The locale's group and decimal separators: "," and "." in en-US, "." and "," in de-DE. */
export function separatorsOf(locale: Locale = currentLocale()): { group: string; decimal: string } {
  const parts = new Intl.NumberFormat(locale).formatToParts(12345.6);
  return {
    group: parts.find((p) => p.type === 'group')?.value ?? ',',
    decimal: parts.find((p) => p.type === 'decimal')?.value ?? '.',
  };
}

/** Whether the locale writes a decimal comma (its Excel then expects `;` between CSV fields). */
export function usesDecimalComma(locale: Locale = currentLocale()): boolean {
  return separatorsOf(locale).decimal === ',';
}

/**
 * The CSV export a locale's Excel opens as numbers: semicolons and decimal commas where the locale
 * writes "1.234,56" (`csv-excel-de`), none where the plain comma CSV already does (en-US, en-GB).
 */
export const EXCEL_CSV_FORMATS = { 'csv-excel-de': 'de-DE', 'csv-excel-fr': 'fr-FR' } as const satisfies Record<
  string,
  Locale
>;
export type ExcelCsvFormat = keyof typeof EXCEL_CSV_FORMATS;

export function excelCsvFormatFor(locale: Locale): ExcelCsvFormat | null {
  if (!usesDecimalComma(locale)) return null;
  return (Object.keys(EXCEL_CSV_FORMATS) as ExcelCsvFormat[]).find((f) => EXCEL_CSV_FORMATS[f] === locale) ?? null;
}
