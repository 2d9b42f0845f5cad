'use client';

import { useCallback, useMemo, useState, type ComponentType } from 'react';
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
import { KindSection, type KindSectionProps } from './kind-section';
import { SaveNotice } from './save-notice';
import type { HistoryDetail } from '@/lib/costs/history';
import { KINDS, type CostKindId } from '@/lib/costs/kinds';

// One section per cost kind of the registry (lib/costs/kinds), in its order: a kind with a UI of
// its own is mapped here; any other is the generic section its `form` describes.
const OWN_SECTIONS: Partial<Record<CostKindId, ComponentType<KindSectionProps>>> = {
  adSpend: AdSpendSection,
  expenses: (p) => <ExpensesSection {...p} expenses={p.data.inputs.expenses} />,
  cogs: (p) => <CogsSection {...p} entries={p.data.inputs.cogs} skus={p.data.skus} />,
};

/** "ad spend, other expenses, cost of goods, and fulfilment and packaging". */
const KIND_WORDS = KINDS.map((k) => k.labels.title.toLowerCase())
  .join(', ')
  .replace(/, (?=[^,]*$)/, ', and ');

const SECTIONS = [
  ...KINDS.map((k) => ({ id: k.path, label: k.labels.title })),
  { id: 'history', label: 'History' },
  { id: 'backup', label: 'Backup' },
];

/** The seller's own costs of one shop: what the Reporting Service cannot see, entered, imported and undone here. */
export function YourCostsPanel({ shop }: { shop: ConnectedShop }) {
  const { frame } = useFrameState();
  const query = useCostsQuery(shop.id);
  const [notice, setNotice] = useState<HistoryDetail | null>(null);
  // The shop's today, once per visit: the default day of new entries and the fallback range.
  const [today] = useState(() => shopLocalDate(Math.floor(Date.now() / 1000), shop.timezone));
  const resolved = describeRange(frame, shop.timezone);
  const range = resolved ? { from: resolved.from, to: resolved.to } : { from: today, to: today };
  const index = useMemo(() => indexSkus(query.data?.skus ?? []), [query.data?.skus]);
  const onSaved = useCallback((detail: HistoryDetail) => setNotice(detail), []);

  return (
    <>
      <section className="card page-card" aria-labelledby="your-costs-title">
        <PageHeading
          id="your-costs-title"
          title="Your costs"
          summary={
            <>
              Costs the Reporting Service cannot see: {KIND_WORDS}. They count in net profit on every page of{' '}
              {shop.shopName}. Amounts in {shop.currency}, days in the shop&apos;s time zone ({shop.timezone}).
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
          {KINDS.map((kind) => {
            const props = {
              shopId: shop.id,
              currency: shop.currency,
              today,
              range,
              data: query.data,
              index,
              onSaved,
            };
            const Own = OWN_SECTIONS[kind.id];
            if (Own) return <Own key={kind.id} {...props} />;
            return kind.form ? <KindSection key={kind.id} kind={kind} {...props} /> : null;
          })}
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
