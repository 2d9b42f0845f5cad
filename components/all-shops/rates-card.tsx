'use client';

import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ErrorState } from '@/components/states/error-state';
import { LoadingSkeleton } from '@/components/states/loading-skeleton';
import { callApi } from '@/lib/endpoints/client';
import { useClosedMonthsWrite } from '@/lib/queries/closed-months';
import { dashboardKeys } from '@/lib/queries/keys';
import { fxRatesQueryOptions } from '@/lib/queries/options';
import { errorCopy } from '@/components/states/error-copy';
import { RateForm, type RateDraft } from './rate-form';
import { undoLabel } from '@/lib/costs/undo-label';
import { formatHistory } from '@/lib/format/history';
import { say } from './messages';

/** A rate's parts as a sentence's values: "1 {currency} = {rate} {target} from {day}". */
const rateValues = (r: RateDraft) => ({
  currency: { text: r.currency },
  rate: { text: r.rate },
  target: { text: r.target },
  day: { day: r.fromDay },
});

/** One write of the rates, sent with the headers a confirmation of closed months adds. */
type Send = (headers?: Record<string, string>) => Promise<unknown>;

export interface RatesCardProps {
  /** The page's target currency: the default "into" of a new rate. */
  target: string;
  demoRateIds: string[];
}

/** The seller's exchange rates (every shop shares them): list, add, edit, delete, undo the last change. */
export function RatesCard({ target, demoRateIds }: RatesCardProps) {
  const client = useQueryClient();
  const query = useQuery(fxRatesQueryOptions());
  const [editing, setEditing] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const refresh = () =>
    Promise.all([
      client.invalidateQueries({ queryKey: dashboardKeys.fxRates() }),
      client.invalidateQueries({ queryKey: [...dashboardKeys.all, 'all-shops'] }),
    ]);
  // A rate that converts days of a closed month's journal asks the person first (lib/queries/closed-months).
  // A rate books no adjustment: it changes the closed months' journals in the books currency.
  const guarded = useClosedMonthsWrite('Save and change their journals');
  const change = useMutation({
    mutationFn: (run: Send) => guarded(run),
    onSuccess: refresh,
  });
  const save = async (run: Send, done: string) => {
    setNotice(null);
    await change.mutateAsync(run);
    setNotice(done);
  };
  const act = (run: Send, done: string) =>
    save(run, done).catch((error: unknown) => setNotice(errorCopy(error).message));

  const rates = query.data?.rates ?? [];
  const undoable = query.data?.undoable ?? null;
  return (
    <section className="card page-card" aria-labelledby="fx-rates-title">
      <div className="page-heading">
        <div>
          <h2 id="fx-rates-title">Exchange rates</h2>
          <p className="muted page-summary">
            Your rates, shared by every shop. Each day is converted at the rate in effect on that day: a new rate counts
            from the day it starts.
          </p>
        </div>
        <div className="page-actions">
          <button
            type="button"
            className="btn"
            disabled={!undoable || change.isPending}
            onClick={() =>
              void act(
                (headers) => callApi('POST fx-rates/undo', { body: {} }, { headers }),
                `Undone: ${undoable ? formatHistory(undoable.detail, null) : ''}`,
              )
            }
          >
            {undoable ? undoLabel(undoable, formatHistory(undoable.detail, null)) : 'Nothing to undo'}
          </button>
        </div>
      </div>
      {notice ? (
        <p className="muted note" role="status">
          {notice}
        </p>
      ) : null}
      {query.isError && !query.data ? (
        <ErrorState error={query.error} onRetry={() => void query.refetch()} />
      ) : !query.data ? (
        <LoadingSkeleton label="Loading exchange rates…" rows={2} />
      ) : rates.length === 0 ? (
        <p className="muted note">
          No rate yet: shops in another currency are left out of the totals until you add one.
        </p>
      ) : (
        <ul className="rate-list" aria-label="Exchange rates">
          {rates.map((r) => (
            <li key={r.id} className="rate-item">
              {editing === r.id ? (
                <RateForm
                  initial={r}
                  submitLabel={`Save ${r.currency}→${r.target} rate`}
                  onCancel={() => setEditing(null)}
                  onSubmit={async (draft: RateDraft) => {
                    await save(
                      (headers) => callApi('PUT fx-rates/[id]', { params: { id: r.id }, body: draft }, { headers }),
                      say('rateSaved', rateValues(draft)),
                    );
                    setEditing(null);
                  }}
                />
              ) : (
                <>
                  <span className="rate-text">
                    <strong>
                      1 {r.currency} = {r.rate} {r.target}
                    </strong>{' '}
                    <span className="muted">{say('rateFrom', { day: { day: r.fromDay } })}</span>
                    {demoRateIds.includes(r.id) ? <span className="badge badge-info">demo rate</span> : null}
                  </span>
                  <span className="rate-actions">
                    <button
                      type="button"
                      className="btn"
                      aria-label={`Edit ${r.currency}→${r.target} from ${r.fromDay}`}
                      onClick={() => setEditing(r.id)}
                    >
                      Edit
                    </button>
                    <button
                      type="button"
                      className="btn"
                      aria-label={`Delete ${r.currency}→${r.target} from ${r.fromDay}`}
                      disabled={change.isPending}
                      onClick={() =>
                        void act(
                          (headers) => callApi('DELETE fx-rates/[id]', { params: { id: r.id } }, { headers }),
                          say('rateDeleted', rateValues(r)),
                        )
                      }
                    >
                      Delete
                    </button>
                  </span>
                </>
              )}
            </li>
          ))}
        </ul>
      )}
      <h3 className="subheading">Add a rate</h3>
      <RateForm
        initial={{ currency: '', target, fromDay: '', rate: '' }}
        submitLabel="Add rate"
        onSubmit={(draft) =>
          save((headers) => callApi('POST fx-rates', { body: draft }, { headers }), say('rateAdded', rateValues(draft)))
        }
      />
    </section>
  );
}
