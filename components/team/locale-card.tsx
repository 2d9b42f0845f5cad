'use client';

import { useState, type FormEvent } from 'react';
import { callApi } from '@/lib/endpoints/client';
import { errorCopy } from '@/components/states/error-copy';
import { LOCALE_LABELS, LOCALES, isLocale } from '@/lib/format/locale';
import { Notice, type NoticeMessage } from './notice';
import { say } from './messages';

// The Account page's "Numbers and dates": the locale every figure, chart, e-mail and Excel file of
// this person is written in (docs/ARCHITECTURE.md#the-persons-locale).

const BROWSER = 'browser';

export function LocaleCard({ choice }: { choice: string | null }) {
  const [message, setMessage] = useState<NoticeMessage | null>(null);
  const [pending, setPending] = useState(false);

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const value = String(new FormData(event.currentTarget).get('locale') ?? BROWSER);
    setMessage(null);
    setPending(true);
    try {
      await callApi('PUT account/locale', { body: { locale: isLocale(value) ? value : null } });
      // A full load on purpose: every page, chart and cached figure is written again in the new locale.
      window.location.reload();
    } catch (error) {
      setMessage({ kind: 'error', text: errorCopy(error).message });
      setPending(false);
    }
  }

  return (
    <section className="card page-card" aria-labelledby="locale-title">
      <h2 id="locale-title">Numbers and dates</h2>
      <p className="muted">
        How your amounts, percentages and dates are written on every page, chart, e-mail and Excel file. Amounts stay in
        each shop&apos;s currency and times on its clock.{' '}
        {say('localeSample', { amount: { money: 123456, currency: 'EUR' }, day: { day: '2026-11-26' } })}
      </p>
      <Notice message={message} />
      <form onSubmit={(e) => void save(e)} className="cost-form">
        {/* min-width 0: the select's longest sample must not widen the form past a phone's screen. */}
        <div className="field" style={{ minWidth: 0 }}>
          <label htmlFor="account-locale">Write numbers and dates as</label>
          <select
            id="account-locale"
            name="locale"
            className="select"
            style={{ maxWidth: '100%' }}
            defaultValue={isLocale(choice) ? choice : BROWSER}
          >
            <option value={BROWSER}>As my browser (its language settings)</option>
            {LOCALES.map((locale) => (
              <option key={locale} value={locale}>
                {LOCALE_LABELS[locale]}
              </option>
            ))}
          </select>
        </div>
        <div className="form-actions">
          <button type="submit" className="btn" disabled={pending}>
            Save numbers and dates
          </button>
        </div>
      </form>
    </section>
  );
}
