import type { CostSource } from '@/lib/reports/sku-report';

const TEXT: Record<Exclude<CostSource, 'service'>, { short: string; title: string }> = {
  input: { short: 'yours', title: 'Your input (Your costs page), not the service’s figure' },
  mixed: { short: 'partly yours', title: 'Partly your input (Your costs page), partly the service’s figure' },
};

/** Says a figure comes (partly) from the seller's own inputs; figures from the service carry no mark. */
export function SourceMark({ source }: { source: CostSource }) {
  if (source === 'service') return null;
  const t = TEXT[source];
  return (
    <span className="source-mark" title={t.title}>
      {t.short}
    </span>
  );
}
