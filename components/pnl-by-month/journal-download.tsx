'use client';

import Link from 'next/link';
import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { saveBlob } from '@/components/export-button/download-csv';
import { errorCopy } from '@/components/states/error-copy';
import { ApiError, readApiError } from '@/lib/api/api-error';
import { apiPath } from '@/lib/endpoints/client';
import { formatMonth } from '@/lib/format/time';
import { dashboardKeys } from '@/lib/queries/keys';
import type { PnlMonth } from '@/lib/reports/pnl-by-month';
import type { JournalFormat } from '@/lib/reports/journal-files';
import { say } from './messages';

export interface JournalDownloadProps {
  shopId: string;
  months: readonly PnlMonth[];
}

const FORMAT_WORDS: Record<JournalFormat, string> = { xero: 'Xero', quickbooks: 'QuickBooks' };

/** The journal accounts page of a shop. */
export const accountsHref = (shopId: string) => `/pnl-by-month/accounts?shop=${encodeURIComponent(shopId)}`;

type State =
  | { phase: 'idle' }
  | { phase: 'running' }
  | { phase: 'done'; format: JournalFormat; month: string; parts: number; saved: number[] }
  | { phase: 'failed'; message: string; unmapped: boolean };

/**
 * A month's journal for the seller's books, one file a part (a journal longer than 300 rows comes in
 * parts, each balanced): the first part downloads at once and says how many there are.
 */
export function JournalDownload({ shopId, months }: JournalDownloadProps) {
  const [month, setMonth] = useState(months.at(-1)?.month ?? '');
  const [state, setState] = useState<State>({ phase: 'idle' });
  const client = useQueryClient();

  async function download(format: JournalFormat, part: number) {
    setState((s) => (part === 1 ? { phase: 'running' } : s));
    try {
      const url = apiPath('GET shops/[shopId]/exports/journal', { shopId }, { month, format, part });
      const response = await fetch(url, { credentials: 'same-origin', cache: 'no-store' });
      if (!response.ok)
        throw await readApiError(response, () => say('journalFailed', { status: { text: String(response.status) } }));
      const name = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1];
      saveBlob(await response.blob(), name ?? `journal-${format}-${month}.csv`);
      // The download is recorded: a reopening of this month now names it, to be reversed in the books.
      void client.invalidateQueries({ queryKey: dashboardKeys.books(shopId) });
      const parts = Number(response.headers.get('x-journal-parts') ?? '1');
      setState((s) => ({
        phase: 'done',
        format,
        month,
        parts,
        saved: s.phase === 'done' && part > 1 ? [...s.saved, part] : [part],
      }));
    } catch (error) {
      const unmapped = error instanceof ApiError && error.code === 'ACCOUNTS_UNMAPPED';
      setState({ phase: 'failed', message: errorCopy(error).message, unmapped });
    }
  }

  const running = state.phase === 'running';
  return (
    <section className="journal-download" aria-labelledby="journal-title">
      <h2 id="journal-title">Journal for your books</h2>
      <p className="muted note">
        One balanced journal of the whole month (whatever the range above), dated its last day: each line of the
        statement posted to its account, the other side to marketplace clearing (cost of goods against inventory).
        Months not closed are marked DRAFT. <Link href={accountsHref(shopId)}>Accounts the lines post to</Link>
      </p>
      <div className="journal-actions">
        <label className="inline-field">
          Month
          <select
            className="select"
            value={month}
            onChange={(e) => {
              setMonth(e.target.value);
              setState({ phase: 'idle' });
            }}
          >
            {months.map((m) => (
              <option key={m.month} value={m.month}>
                {formatMonth(m.month)}
              </option>
            ))}
          </select>
        </label>
        {(['xero', 'quickbooks'] as const).map((format) => (
          <button
            key={format}
            type="button"
            className="btn"
            disabled={running || !month}
            onClick={() => void download(format, 1)}
          >
            Journal for {FORMAT_WORDS[format]}
          </button>
        ))}
      </div>
      <p className="muted note" role="status" aria-live="polite">
        {running
          ? 'Building the journal…'
          : state.phase === 'done'
            ? say(state.parts > 1 ? 'journalSavedParts' : 'journalSaved', {
                format: { text: FORMAT_WORDS[state.format] },
                month: { month: state.month },
                saved: { count: state.saved.length },
                parts: { count: state.parts },
              })
            : null}
      </p>
      {state.phase === 'done' && state.parts > 1 ? (
        <ul className="journal-parts" aria-label="Parts of the journal">
          {Array.from({ length: state.parts - 1 }, (_, i) => i + 2).map((part) => (
            <li key={part}>
              <button type="button" className="btn" onClick={() => void download(state.format, part)}>
                {say('journalPart', {
                  part: { count: part },
                  parts: { count: state.parts },
                  saved: { text: state.saved.includes(part) ? 'yes' : 'no' },
                })}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {state.phase === 'failed' ? (
        <p role="alert" className="export-error negative">
          {state.message}
          {state.unmapped ? (
            <>
              {' '}
              <Link href={accountsHref(shopId)}>Set the accounts</Link>
            </>
          ) : null}
        </p>
      ) : null}
    </section>
  );
}
