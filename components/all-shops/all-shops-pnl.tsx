'use client';

import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ExportButton } from '@/components/export-button/export-button';
import { PnlTable } from '@/components/pnl-by-month/pnl-table';
import { ErrorState } from '@/components/states/error-state';
import { LoadingSkeleton } from '@/components/states/loading-skeleton';
import type { AllShopsApiQuery } from '@/lib/queries/keys';
import { allShopsPnlQueryOptions } from '@/lib/queries/options';
import { BOTTOM_LINE_MEANS } from '@/lib/reports/bridge';
import { apiPath } from '@/lib/endpoints/client';
import { leftOutShops } from './left-out';
import { sayNodes } from './messages';

/**
 * Every shop's P&L by month in the All shops currency: the shops' statements, each day converted at
 * the rate in effect on it. The All shops card above asks each shop's sync; this one follows.
 */
export function AllShopsPnl({ query }: { query: AllShopsApiQuery }) {
  const { merge: _merge, ...statementQuery } = query;
  const result = useQuery({
    ...allShopsPnlQueryOptions(statementQuery),
    placeholderData: (previous) => previous,
    refetchInterval: (q) => (q.state.data?.partial ? 2_000 : false),
  });
  const data = result.data;
  // A way of reading the same figures, not a different statement: kept on the page, not in the query.
  const [share, setShare] = useState(false);
  return (
    <section className="card page-card" aria-labelledby="all-shops-pnl-title">
      <div className="page-heading">
        <h2 id="all-shops-pnl-title">P&L by month, all shops{data ? ` in ${data.currency}` : ''}</h2>
        <div className="page-actions">
          <ExportButton
            href={apiPath('GET exports/all-shops/pnl-by-month', undefined, statementQuery)}
            label="Export P&L CSV"
            excel
            disabled={!data || data.partial}
          />
        </div>
      </div>
      <p className="muted note">
        Each shop’s statement, as on its P&L by month page, with each day converted at the rate in effect on that day; a
        month adds up the shops’ days of that month on their own calendars. The bottom line is {BOTTOM_LINE_MEANS}.
      </p>
      <label className="inline-field">
        <input type="checkbox" checked={share} onChange={(e) => setShare(e.target.checked)} />
        Show each figure as a share of net sales
      </label>
      {result.isError && !data ? (
        <ErrorState error={result.error} onRetry={() => void result.refetch()} />
      ) : !data ? (
        <LoadingSkeleton label="Loading the P&L by month of every shop…" />
      ) : (
        <>
          {data.partial ? (
            <p className="alert alert-info" role="note">
              <strong>Partial figures:</strong>{' '}
              {data.shops
                .filter((s) => s.partial)
                .map((s) => s.name)
                .join(', ')}{' '}
              {data.shops.filter((s) => s.partial).length === 1 ? 'is' : 'are'} still being read; the months count only
              the orders read so far.
            </p>
          ) : null}
          {data.leftOut.length > 0 ? (
            <p className="alert alert-warning" role="note">
              {sayNodes(
                'pnlLeftOut',
                { shops: { text: leftOutShops(data.leftOut, data.currency) } },
                { label: <strong>Left out:</strong> },
              )}
            </p>
          ) : null}
          {data.months.length > 0 ? <PnlTable report={data} currency={data.currency} share={share} /> : null}
        </>
      )}
    </section>
  );
}
