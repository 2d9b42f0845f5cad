'use client';

import { useState, type FormEvent } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { DigestPrefs, DigestSent } from '@/lib/alerts/schemas';
import { callApi } from '@/lib/endpoints/client';
import { digestQueryOptions } from '@/lib/queries/options';
import { errorCopy } from '@/components/states/error-copy';
import { ErrorState } from '@/components/states/error-state';
import { LoadingSkeleton } from '@/components/states/loading-skeleton';
import { Notice, type NoticeMessage } from './notice';
import { say } from './messages';
import { useViewer } from '@/components/app-shell/viewer';

// The Account page's "Daily digest": yesterday's figures of the person's shops by email, daily
// and/or weekly, at an hour of each shop's own clock, with the SKU profit view as Excel if asked.

const HOURS = Array.from({ length: 24 }, (_, h) => h);

/** The latest digest's outcome, e.g. "Last digest: Lumen & Co. UK, Nov 25, 2026, sent Nov 26, 2026, 08:00 UTC." */
function LastDigest({ last }: { last: DigestSent }) {
  const digest = {
    shop: { text: last.shopName },
    period: { text: last.period.startsWith('week:') ? 'week' : 'day' },
    day: { day: last.period.replace(/^(day|week):/, '') },
  };
  if (last.state === 'retry')
    return (
      <p className="alert alert-warning" style={{ margin: 0 }}>
        {say('digestRetry', { ...digest, error: { text: last.error ?? '' } })}
      </p>
    );
  if (last.state === 'failed')
    return (
      <p className="alert alert-warning" style={{ margin: 0 }}>
        {say('digestFailed', {
          ...digest,
          reason: { text: last.error === null ? 'unknown' : 'given' },
          error: { text: last.error ?? '' },
        })}
      </p>
    );
  // The digest belongs to no one shop's clock here: UTC, named.
  return (
    <p className="muted" style={{ margin: 0 }}>
      {say('digestSent', { ...digest, state: { text: last.state }, at: { time: last.at, timeZone: 'UTC' } })}
    </p>
  );
}

function DigestForm({ prefs }: { prefs: DigestPrefs }) {
  const queryClient = useQueryClient();
  const [message, setMessage] = useState<NoticeMessage | null>(null);
  const [pending, setPending] = useState(false);
  const { seesProfit } = useViewer();

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const body = {
      daily: data.get('daily') === 'on',
      weekly: data.get('weekly') === 'on',
      hour: Number(data.get('hour')),
      attachXlsx: data.get('attachXlsx') === 'on',
    };
    setMessage(null);
    setPending(true);
    try {
      const saved = await callApi('PUT account/digest', { body });
      queryClient.setQueryData(digestQueryOptions().queryKey, saved);
      setMessage({ kind: 'info', text: 'Your digest choices are saved.' });
    } catch (error) {
      setMessage({ kind: 'error', text: errorCopy(error).message });
    } finally {
      setPending(false);
    }
  }

  return (
    <form onSubmit={(e) => void save(e)} className="cost-form">
      {prefs.emailEnabled ? null : (
        <p className="alert alert-warning" style={{ margin: 0 }}>
          This server has no email configured (<code>SMTP_URL</code>), so digests are not sent. Your choices are kept
          for when it has.
        </p>
      )}
      <label className="check">
        <input type="checkbox" name="daily" defaultChecked={prefs.daily} /> Daily: yesterday&rsquo;s figures
      </label>
      <label className="check">
        <input type="checkbox" name="weekly" defaultChecked={prefs.weekly} /> Weekly: last week&rsquo;s figures, on
        Mondays
      </label>
      <div className="field">
        <label htmlFor="digest-hour">Send at (in each shop&rsquo;s time zone)</label>
        <select id="digest-hour" name="hour" className="select" defaultValue={prefs.hour}>
          {HOURS.map((h) => (
            <option key={h} value={h}>
              {String(h).padStart(2, '0')}:00
            </option>
          ))}
        </select>
      </div>
      {/* The attachment is the SKU profit view: only for people who see it (the digest sends it to no one else). */}
      {seesProfit ? (
        <label className="check check-wrap">
          <input type="checkbox" name="attachXlsx" defaultChecked={prefs.attachXlsx} /> Attach the SKU profit view as
          Excel
        </label>
      ) : null}
      {prefs.last ? <LastDigest last={prefs.last} /> : null}
      <Notice message={message} />
      <div className="form-actions">
        <button type="submit" className="btn" disabled={pending}>
          Save digest
        </button>
      </div>
    </form>
  );
}

export function DigestCard() {
  const query = useQuery(digestQueryOptions());
  return (
    <section className="card page-card" aria-labelledby="digest-title">
      <h2 id="digest-title">Daily digest</h2>
      <p className="muted" style={{ margin: 0 }}>
        Your shops&rsquo; figures by email.
      </p>
      {query.isError ? (
        <ErrorState error={query.error} onRetry={() => void query.refetch()} />
      ) : query.data ? (
        <DigestForm prefs={query.data} />
      ) : (
        <LoadingSkeleton label="Loading your digest choices…" rows={2} />
      )}
    </section>
  );
}
