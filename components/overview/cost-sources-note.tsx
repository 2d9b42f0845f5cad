import { useCostKindWords } from '@/components/app-shell/cost-kind-words';
import { formatMoney } from '@/lib/format/money';
import type { CostsView } from '@/lib/costs/types';
import type { CostSources } from '@/lib/reports/period-figures';

/**
 * Where the bottom line comes from: the service's figures, then each of the seller's
 * inputs that changes it. The parts add up to the figure.
 */
export function CostSourcesNote({
  sources,
  costs,
  currency,
}: {
  sources: CostSources;
  costs: CostsView;
  currency: string;
}) {
  const { counted, charged } = useCostKindWords();
  if (costs === 'service') {
    return (
      <p className="muted note cost-sources">
        Showing the service’s figures only: your costs ({counted}) are not counted.
      </p>
    );
  }
  const yours = [
    sources.cogsChange !== 0
      ? `your COGS ${formatMoney(sources.cogsChange, currency, { signAlways: true })} (${sources.recostedLines} of ${sources.lines} lines re-costed)`
      : null,
    sources.adSpend !== 0 ? `your ad spend ${formatMoney(sources.adSpend, currency, { signAlways: true })}` : null,
    sources.expenses !== 0 ? `your expenses ${formatMoney(sources.expenses, currency, { signAlways: true })}` : null,
    // Each kind charged per unit or order line, in its P&L words (lib/costs/charges, from the frame).
    ...charged.map((k) => {
      const cents = sources.chargedCosts[k.id] ?? 0;
      return cents !== 0 ? `${k.label} ${formatMoney(cents, currency, { signAlways: true })}` : null;
    }),
  ].filter(Boolean);
  return (
    <p className="muted note cost-sources" data-testid="cost-sources">
      Bottom line = from the service {formatMoney(sources.serviceProfit, currency)}
      {yours.length > 0 ? ` ${yours.map((y) => `· ${y}`).join(' ')}` : ' · none of your costs fall in this range'}.
      {sources.allocated ? ' Whole-shop ad spend and expenses are allocated to SKUs by net sales share.' : ''}
    </p>
  );
}
