'use client';

import { ProfitSwitches } from '@/components/cost-view/profit-switches';
import type { AllShopsViewState } from '@/lib/views/all-shops';

export interface AllShopsControlsProps {
  view: AllShopsViewState;
  /** Currencies to offer: the shops' and the rates' (the current one always included). */
  currencies: string[];
  onChange: (change: Partial<AllShopsViewState>) => void;
}

/** Target currency, how SKUs merge, and the switches of the SKU profit page, applied to every shop. */
export function AllShopsControls({ view, currencies, onChange }: AllShopsControlsProps) {
  const options = [...new Set([...currencies, view.currency])].sort();
  return (
    <div className="filters filters-center">
      <div className="field">
        <label htmlFor="all-shops-currency">Show in</label>
        <select
          id="all-shops-currency"
          className="select"
          value={view.currency}
          onChange={(e) => onChange({ currency: e.target.value })}
        >
          {options.map((c) => (
            <option key={c} value={c}>
              {c}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor="all-shops-merge">SKUs across shops</label>
        <select
          id="all-shops-merge"
          className="select"
          value={view.merge}
          onChange={(e) => onChange({ merge: e.target.value as AllShopsViewState['merge'] })}
        >
          <option value="sellerSku">By seller SKU</option>
          <option value="none">Per shop</option>
        </select>
      </div>
      <ProfitSwitches cancelled={view.cancelled} samples={view.samples} onSwitch={onChange} />
    </div>
  );
}
