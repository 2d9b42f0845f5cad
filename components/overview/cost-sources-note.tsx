import { useCostKindWords } from '@/components/app-shell/cost-kind-words';
import type { CostsView } from '@/lib/costs/types';
import type { CostSources } from '@/lib/reports/period-figures';
import { say } from './messages';

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
  const amount = (cents: number) => ({ money: cents, currency, signed: true });
  const yours = [
    sources.cogsChange !== 0
      ? say('yourCogs', {
          amount: amount(sources.cogsChange),
          recosted: { count: sources.recostedLines },
          lines: { count: sources.lines },
        })
      : null,
    sources.adSpend !== 0 ? say('yourAdSpend', { amount: amount(sources.adSpend) }) : null,
    sources.expenses !== 0 ? say('yourExpenses', { amount: amount(sources.expenses) }) : null,
    // Each kind charged per unit or order line, in its P&L words (lib/costs/charges, from the frame).
    ...charged.map((k) => {
      const cents = sources.chargedCosts[k.id] ?? 0;
      return cents !== 0 ? say('yourCharged', { kind: { text: k.label }, amount: amount(cents) }) : null;
    }),
  ].filter((part) => part !== null);
  // The parts are a list, one clause each: " · " between them, as on every page's summary line.
  const parts = yours.length > 0 ? yours.map((y) => ` · ${y}`).join('') : ` · ${say('noneOfYours')}`;
  return (
    <p className="muted note cost-sources" data-testid="cost-sources">
      {say('bottomLine', { service: { money: sources.serviceProfit, currency }, yours: { text: parts } })}
      {sources.allocated ? ' Whole-shop ad spend and expenses are allocated to SKUs by net sales share.' : ''}
    </p>
  );
}
