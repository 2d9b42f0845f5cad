'use client';

import { useState } from 'react';
import { callApi } from '@/lib/endpoints/client';
import { errorCopy } from '@/components/states/error-copy';

// "Copy a live link" beside an export (docs/ARCHITECTURE.md#access-tokens-and-live-links): a
// read-only, revocable address of this export's CSV with this view's filters, recomputed on each
// request, for Google Sheets' IMPORTDATA or Excel's "From Web". Shown once; listed on Account.

type State =
  | { phase: 'idle' }
  | { phase: 'making' }
  | { phase: 'made'; url: string; copied: boolean }
  | { phase: 'failed'; message: string };

export function LiveLinkButton({ href, disabled }: { href: string; disabled?: boolean }) {
  const [state, setState] = useState<State>({ phase: 'idle' });

  async function make() {
    setState({ phase: 'making' });
    try {
      // The CSV is what a spreadsheet reads: the link never carries the Excel format.
      const { url } = await callApi('POST account/live-links', {
        body: { href: href.replace(/[?&]format=xlsx\b/, '') },
      });
      let copied = false;
      try {
        await navigator.clipboard.writeText(url);
        copied = true;
      } catch {
        // No clipboard (an insecure origin, a refused permission): the address is shown to copy by hand.
      }
      setState({ phase: 'made', url, copied });
    } catch (error) {
      setState({ phase: 'failed', message: errorCopy(error).message });
    }
  }

  return (
    <>
      <button type="button" className="btn" onClick={() => void make()} disabled={disabled || state.phase === 'making'}>
        Copy a live link
      </button>
      {state.phase === 'made' ? (
        <span className="live-link" role="status">
          <span>
            {state.copied ? 'Live link copied' : 'Your live link'} (shown this once; revoke it on your Account page). In
            Google Sheets: <code>=IMPORTDATA(&quot;…&quot;)</code>; in Excel: Data › From Web.
          </span>
          <input
            className="input"
            readOnly
            value={state.url}
            aria-label="Live link of this export"
            onFocus={(e) => e.currentTarget.select()}
          />
        </span>
      ) : null}
      {state.phase === 'failed' ? (
        <span role="alert" className="export-error negative">
          {state.message}
        </span>
      ) : null}
    </>
  );
}
