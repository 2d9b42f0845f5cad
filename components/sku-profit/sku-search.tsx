'use client';

import type { FormEvent } from 'react';

export interface SkuSearchProps {
  /** The input's id (one per page). */
  id: string;
  search: string | null;
  onSearch: (q: string | null) => void;
}

/** The `q` of a SKU-based view: product, SKU or seller SKU; empty clears it. */
export function SkuSearch({ id, search, onSearch }: SkuSearchProps) {
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const q = String(new FormData(event.currentTarget).get('q') ?? '').trim();
    onSearch(q === '' ? null : q);
  }
  return (
    <form role="search" onSubmit={submit} key={search ?? ''} className="sku-search" aria-label="Search SKUs">
      <div className="field">
        <label htmlFor={id}>Search</label>
        <input
          id={id}
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
