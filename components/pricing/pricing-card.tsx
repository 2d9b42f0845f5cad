'use client';

import { useState } from 'react';
import { useSearchParams } from 'next/navigation';
import { PageHeading } from '@/components/app-shell/page-heading';
import { ExportButton, partialExportNote } from '@/components/export-button/export-button';
import { ReportFrame } from '@/components/sync/report-frame';
import { useReportQuery } from '@/components/sync/use-report-query';
import { apiPath } from '@/lib/endpoints/client';
import type { ConnectedShop } from '@/lib/api/schemas';
import type { PricingReport } from '@/lib/pricing/report';
import { ApiError } from '@/lib/api/api-error';
import { refusedValues } from '@/lib/views/field';
import { useViewState } from '@/lib/views/hooks';
import { pricingView } from '@/lib/views/pricing';
import { viewQuery } from '@/lib/views/view';
import { PricingControls } from './pricing-controls';
import { PricingTable } from './pricing-table';
import { WhatIfForm } from './what-if-form';
import { WhatIfResults } from './what-if-results';
import { ModelSummary } from './model-summary';
import { SavedScenarios } from './saved-scenarios';
import { say } from './messages';

/** From report to decision: each SKU's break-even and target prices, and a what-if over the real orders. */
export function PricingCard({ shop }: { shop: ConnectedShop }) {
  const [view, setView] = useViewState(pricingView);
  // A link's what-if the server refuses (a SKU the shop does not have): said, and the page shown
  // without it, never dropped in silence.
  const [refusedChanges, setRefusedChanges] = useState<{ changes: string; message: string } | null>(null);
  const withoutChanges = refusedChanges !== null && refusedChanges.changes === view.changes;
  // The page opens on the last 90 days when its address names no range (app/(dashboard)/pricing/page.tsx
  // redirects there); any range chosen after that, the last 30 days included, is the seller's.
  const apiQuery = viewQuery(pricingView, withoutChanges ? { ...view, changes: null } : view);
  const query = useReportQuery<PricingReport>('pricing', shop.id, apiQuery);
  const data = query.data;
  const error = query.error;
  // Kept from the refused answer, so the next ask leaves the what-if out (state set while rendering:
  // React's way to derive state from what was just rendered, without an effect's extra pass).
  if (view.changes && !withoutChanges && error instanceof ApiError && error.message.startsWith('changes:'))
    setRefusedChanges({ changes: view.changes, message: error.message.slice('changes:'.length).trim() });
  // The URL's values its fields refuse (read leniently, they became their defaults).
  const params = useSearchParams();
  const refusals = [
    ...refusedValues(pricingView.fields, new URLSearchParams(params.toString()), ['changes', 'elasticity']).map((r) =>
      r.name === 'elasticity' ? `elasticity "${r.value}" ${r.problem}` : r.problem,
    ),
    ...(withoutChanges ? [refusedChanges.message] : []),
  ];
  const refusal =
    refusals.length > 0
      ? `This link’s what-if could not be applied, so it shows no change: ${refusals.join(' ')}`
      : null;
  return (
    <section className="card page-card" aria-labelledby="pricing-title">
      <PageHeading
        id="pricing-title"
        title="Pricing"
        summary={
          data
            ? say('learnedFrom', {
                range: { days: { from: data.range.from, to: data.range.to } },
                zone: { text: data.range.timeZone },
              })
            : undefined
        }
        actions={
          <ExportButton
            href={apiPath('GET shops/[shopId]/exports/pricing-what-if', { shopId: shop.id }, apiQuery)}
            label="Export what-if"
            disabled={!data?.report}
            unavailable={partialExportNote(data)}
          />
        }
      />
      <p className="muted note">
        Each SKU’s unit economics are learned from its real orders of the date range: the price it sold at, promos, each
        platform fee, shipping, commission and cost of goods. From them: the price that breaks even, the price for your
        target margin, and how deep a promo or a creator’s commission can go. The what-if replays the same orders with
        your changes; it never changes a reported figure.
      </p>
      <PricingControls view={view} onChange={(change) => void setView(change)} />
      {refusal ? (
        <div className="alert alert-warning note" role="alert">
          {refusal}{' '}
          <button
            type="button"
            className="link-button"
            onClick={() => void setView({ changes: null, elasticity: null })}
          >
            Remove it from the link
          </button>
        </div>
      ) : null}
      <ReportFrame query={query} what="pricing" isEmpty={(r) => r.rows.length === 0 && !view.q}>
        {(report) => (
          <>
            <ModelSummary report={report} />
            <PricingTable report={report} currency={shop.currency} />
            <WhatIfForm
              report={report}
              refused={refusal !== null}
              changes={withoutChanges ? null : view.changes}
              elasticity={view.elasticity}
              currency={shop.currency}
              onChange={(change) => void setView(change)}
            />
            <WhatIfResults report={report} range={data!.range} currency={shop.currency} />
            <SavedScenarios
              shopId={shop.id}
              timezone={shop.timezone}
              currency={shop.currency}
              report={report}
              changes={view.changes}
              elasticity={view.elasticity}
              onOpen={(change) => void setView(change)}
            />
          </>
        )}
      </ReportFrame>
    </section>
  );
}
