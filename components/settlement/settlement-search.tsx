'use client';

import type { FormEvent } from 'react';

export interface SettlementSearchProps {
  search: string | null;
  onSearch: (q: string | null) => void;
}

/** Narrows the SKU-based parts (per SKU, moved orders, forecast, backtest) to the SKUs that match. */
export function SettlementSearch({ search, onSearch }: SettlementSearchProps) {
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const q = String(new FormData(event.currentTarget).get('q') ?? '').trim();
    onSearch(q === '' ? null : q);
  }
  return (
    <form role="search" onSubmit={submit} key={search ?? ''} className="sku-search" aria-label="Search SKUs">
      <div className="field">
        <label htmlFor="settlement-search">Search</label>
        <input
          id="settlement-search"
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
  );
}
