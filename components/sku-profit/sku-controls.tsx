'use client';

import type { FormEvent } from 'react';
import { ForecastSwitch } from '@/components/forecast/forecast-switch';

type SwitchChange = {
  cancelled?: 'exclude' | 'include';
  samples?: 'separate' | 'include';
  forecast?: 'off' | 'on';
};

export interface SkuControlsProps {
  search: string | null;
  cancelled: 'exclude' | 'include';
  samples: 'separate' | 'include';
  forecast?: 'off' | 'on';
  onSearch: (q: string | null) => void;
  onSwitch: (change: SwitchChange) => void;
}

/**
 * Search, the two profit switches (docs/ARCHITECTURE.md#profit: cancelled out, samples as a
 * separate cost) and the settlement forecast.
 */
export function SkuControls({ search, cancelled, samples, forecast = 'off', onSearch, onSwitch }: SkuControlsProps) {
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const q = String(new FormData(event.currentTarget).get('q') ?? '').trim();
    onSearch(q === '' ? null : q);
  }
  return (
    <div className="filters filters-center">
      <form role="search" onSubmit={submit} key={search ?? ''} className="sku-search" aria-label="Search SKUs">
        <div className="field">
          <label htmlFor="sku-search">Search</label>
          <input
            id="sku-search"
            name="q"
            type="search"
            className="input"
            defaultValue={search ?? ''}
            placeholder="Product, SKU or seller SKU"
          />
        </div>
        <button type="submit" className="btn">
          Search
        </button>
        {search ? (
          <button type="button" className="btn" onClick={() => onSearch(null)}>
            Clear
          </button>
        ) : null}
      </form>
      <label className="inline-field">
        <input
          type="checkbox"
          checked={cancelled === 'include'}
          onChange={(e) => onSwitch({ cancelled: e.target.checked ? 'include' : 'exclude' })}
        />
        Include cancelled orders
      </label>
      <label className="inline-field">
        <input
          type="checkbox"
          checked={samples === 'include'}
          onChange={(e) => onSwitch({ samples: e.target.checked ? 'include' : 'separate' })}
        />
        Count sample orders as sales
      </label>
      <ForecastSwitch on={forecast === 'on'} onChange={(on) => onSwitch({ forecast: on ? 'on' : 'off' })} />
    </div>
  );
}
