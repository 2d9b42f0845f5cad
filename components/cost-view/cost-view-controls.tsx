'use client';

import Link from 'next/link';
import { useCostKindWords } from '@/components/app-shell/cost-kind-words';
import { useCostViewState } from '@/lib/views/hooks';

/**
 * The switch between the seller's true profit (the service's figures plus the seller's own costs,
 * every kind of lib/costs/kinds) and the service's figures alone, and the labelled allocation
 * of whole-shop costs to SKUs. State in the URL (`costs`, `allocate`), so a shared link shows the same view.
 */
export function CostViewControls({ allocation = false }: { allocation?: boolean }) {
  const [view, setView] = useCostViewState();
  const { counted } = useCostKindWords();
  return (
    <div className="filters filters-center cost-view">
      <label className="inline-field">
        <input
          type="checkbox"
          checked={view.costs === 'mine'}
          onChange={(e) => void setView({ costs: e.target.checked ? 'mine' : 'service' })}
        />
        Count your costs ({counted})
      </label>
      {allocation ? (
        <label className="inline-field">
          <input
            type="checkbox"
            checked={view.allocate === 'on'}
            disabled={view.costs === 'service'}
            onChange={(e) => void setView({ allocate: e.target.checked ? 'on' : 'off' })}
          />
          Allocate whole-shop costs to SKUs by net sales share
        </label>
      ) : null}
      <Link href="/your-costs" className="muted">
        Your costs →
      </Link>
    </div>
  );
}
