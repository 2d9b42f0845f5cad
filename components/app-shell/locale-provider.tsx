'use client';

import { createContext, use, type ReactNode } from 'react';
import { DEFAULT_LOCALE, enterLocale, resolveLocale, type Locale } from '@/lib/format/locale';

// The person's locale for every figure below it (docs/ARCHITECTURE.md#the-persons-locale): the
// formatters of lib/format read it themselves, so a call site stays `formatMoney(cents, currency)`.

const LocaleContext = createContext<Locale>(DEFAULT_LOCALE);

export interface LocaleChoice {
  /** The person's choice on Account, or null: as the browser asks. */
  choice: string | null;
  /** The request's Accept-Language header (the server passes it, so server and browser agree). */
  acceptLanguage: string | null;
}

/** Enters the locale before its children render: the first HTML is already written in it. */
export function LocaleProvider({ choice, acceptLanguage, children }: LocaleChoice & { children: ReactNode }) {
  const locale = resolveLocale(choice, acceptLanguage);
  enterLocale(locale);
  return <LocaleContext value={locale}>{children}</LocaleContext>;
}

/** The person's locale, for a part that needs it by name (a number field's decimal separator). */
export function useLocale(): Locale {
  return use(LocaleContext);
}
