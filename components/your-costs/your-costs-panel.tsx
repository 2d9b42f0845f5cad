'use client';

import { useCallback, useMemo, useState } from 'react';
import { PageHeading } from '@/components/app-shell/page-heading';
import { describeRange } from '@/components/date-range-picker/describe-range';
import { ErrorState } from '@/components/states/error-state';
import { LoadingSkeleton } from '@/components/states/loading-skeleton';
import type { ConnectedShop } from '@/lib/api/schemas';
import { useCostsQuery } from '@/lib/queries/use-costs-query';
import { shopLocalDate } from '@/lib/time/dates';
import { useFrameState } from '@/lib/views/hooks';
import { AdSpendSection } from './ad-spend-section';
import { BackupSection } from './backup-section';
import { CogsSection } from './cogs-section';
import { indexSkus } from './cost-rows';
import { ExpensesSection } from './expenses-section';
import { HistorySection } from './history-section';
import { SaveNotice } from './save-notice';

const SECTIONS = [
  { id: 'ad-spend', label: 'Ad spend' },
  { id: 'expenses', label: 'Other expenses' },
  { id: 'cogs', label: 'Cost of goods' },
  { id: 'history', label: 'History' },
  { id: 'backup', label: 'Backup' },
] as const;

/** The seller's own costs of one shop: what the Reporting Service cannot see, entered, imported and undone here. */
export function YourCostsPanel({ shop }: { shop: ConnectedShop }) {
  const { frame } = useFrameState();
  const query = useCostsQuery(shop.id);
  const [notice, setNotice] = useState<string | null>(null);
  // The shop's today, once per visit: the default day of new entries and the fallback range.
  const [today] = useState(() => shopLocalDate(Math.floor(Date.now() / 1000), shop.timezone));
  const resolved = describeRange(frame, shop.timezone);
  const range = resolved ? { from: resolved.from, to: resolved.to } : { from: today, to: today };
  const index = useMemo(() => indexSkus(query.data?.skus ?? []), [query.data?.skus]);
  const onSaved = useCallback((summary: string) => setNotice(summary), []);

  return (
    <>
      <section className="card page-card" aria-labelledby="your-costs-title">
        <PageHeading
          id="your-costs-title"
          title="Your costs"
          summary={
            <>
              Costs the Reporting Service cannot see: ad spend, other expenses and your own cost of goods. They count in
              net profit on every page of {shop.shopName}. Amounts in {shop.currency}, days in the shop&apos;s time zone
              ({shop.timezone}).
            </>
          }
        />
        <nav aria-label="Sections of your costs" className="section-nav">
          <ul>
            {SECTIONS.map((s) => (
              <li key={s.id}>
                <a href={`#${s.id}`}>{s.label}</a>
              </li>
            ))}
          </ul>
        </nav>
        <SaveNotice notice={notice} currency={shop.currency} onDismiss={() => setNotice(null)} />
        {query.isError ? <ErrorState error={query.error} onRetry={() => void query.refetch()} /> : null}
        {query.isPending ? <LoadingSkeleton label="Loading your costs…" /> : null}
      </section>
      {query.data ? (
        <>
          <AdSpendSection
            shopId={shop.id}
            currency={shop.currency}
            today={today}
            range={range}
            data={query.data}
            index={index}
            onSaved={onSaved}
          />
          <ExpensesSection
            shopId={shop.id}
            currency={shop.currency}
            today={today}
            expenses={query.data.inputs.expenses}
            onSaved={onSaved}
          />
          <CogsSection
            shopId={shop.id}
            currency={shop.currency}
            today={today}
            entries={query.data.inputs.cogs}
            skus={query.data.skus}
            index={index}
            onSaved={onSaved}
          />
          <HistorySection
            shopId={shop.id}
            timeZone={shop.timezone}
            currency={shop.currency}
            audit={query.data.audit}
            undoable={query.data.undoable}
            onSaved={onSaved}
          />
          <BackupSection shopId={shop.id} onSaved={onSaved} />
        </>
      ) : null}
    </>
  );
}
