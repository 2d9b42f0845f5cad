'use client';

import type { FormEvent } from 'react';
import { SkuSearch } from '@/components/sku-profit/sku-search';
import type { PricingState } from '@/lib/views/pricing';

type Change = Partial<Pick<PricingState, 'q' | 'target' | 'settlement' | 'costs' | 'sort' | 'dir'>>;

export interface PricingControlsProps {
  view: Pick<PricingState, 'q' | 'target' | 'settlement' | 'costs' | 'sort' | 'dir'>;
  onChange: (change: Change) => void;
}

const SORTS: { value: string; label: string; sort: PricingState['sort']; dir: PricingState['dir'] }[] = [
  { value: 'gap-asc', label: 'Furthest below target first', sort: 'gap', dir: 'asc' },
  { value: 'gap-desc', label: 'Furthest above target first', sort: 'gap', dir: 'desc' },
  { value: 'netProfit-asc', label: 'Least net profit first', sort: 'netProfit', dir: 'asc' },
  { value: 'netProfit-desc', label: 'Most net profit first', sort: 'netProfit', dir: 'desc' },
  { value: 'margin-asc', label: 'Lowest margin first', sort: 'margin', dir: 'asc' },
  { value: 'sku-asc', label: 'SKU A–Z', sort: 'sku', dir: 'asc' },
];

/** Search, sort, the target margin, and how estimates and costs are counted. */
export function PricingControls({ view, onChange }: PricingControlsProps) {
  function submitTarget(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const raw = String(new FormData(event.currentTarget).get('target') ?? '').trim();
    const n = Number(raw);
    if (raw !== '' && Number.isFinite(n) && n >= 0 && n <= 95) onChange({ target: Math.round(n * 100) / 100 });
  }
  const sortValue = `${view.sort}-${view.dir}`;
  return (
    <div className="filters filters-center pricing-controls">
      <SkuSearch id="pricing-search" search={view.q ?? null} onSearch={(q) => onChange({ q })} />
      <form className="field" onSubmit={submitTarget} key={view.target} aria-label="Target margin">
        <label htmlFor="pricing-target">Target margin (%)</label>
        <span className="field-row">
          <input
            id="pricing-target"
            name="target"
            className="input"
            inputMode="decimal"
            defaultValue={String(view.target)}
          />
          <button type="submit" className="btn">
            Set
          </button>
        </span>
      </form>
      <div className="field">
        <label htmlFor="pricing-sort">Sort</label>
        <select
          id="pricing-sort"
          className="select"
          value={SORTS.some((s) => s.value === sortValue) ? sortValue : 'gap-asc'}
          onChange={(e) => {
            const s = SORTS.find((x) => x.value === e.target.value)!;
            onChange({ sort: s.sort, dir: s.dir });
          }}
        >
          {SORTS.map((s) => (
            <option key={s.value} value={s.value}>
              {s.label}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor="pricing-settlement">Unsettled orders</label>
        <select
          id="pricing-settlement"
          className="select"
          value={view.settlement}
          onChange={(e) => onChange({ settlement: e.target.value as PricingState['settlement'] })}
        >
          <option value="expected">As expected to settle</option>
          <option value="reported">As estimated now</option>
        </select>
      </div>
      <div className="field">
        <label htmlFor="pricing-costs">Costs</label>
        <select
          id="pricing-costs"
          className="select"
          value={view.costs}
          onChange={(e) => onChange({ costs: e.target.value as PricingState['costs'] })}
        >
          <option value="mine">Yours and the service’s</option>
          <option value="service">The service’s only</option>
        </select>
      </div>
    </div>
  );
}
