'use client';

import type { FormEvent } from 'react';
import type { ProductFilters } from '@/lib/views/sku-costs';
import { FilterActions, TextFilterFields } from '@/components/data-table/filter-form-parts';

export interface ProductsFiltersProps {
  filters: ProductFilters;
  onApply: (filters: Partial<ProductFilters>) => void;
}

const FIELDS = [
  { name: 'name', label: 'Product name' },
  { name: 'productId', label: 'Product ID' },
  { name: 'skuId', label: 'SKU ID' },
  { name: 'skuName', label: 'Seller SKU' },
] as const;

/** The spec's product filters (partial, case-insensitive matches), applied together. */
export function ProductsFilters({ filters, onApply }: ProductsFiltersProps) {
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    onApply(Object.fromEntries(FIELDS.map((f) => [f.name, String(data.get(f.name) ?? '').trim() || null])));
  }
  const active = Object.values(filters).some((v) => v !== null);
  return (
    <form className="filters" onSubmit={submit} key={JSON.stringify(filters)} aria-label="Filter products">
      <TextFilterFields fields={FIELDS} values={filters} idPrefix="p" />
      <FilterActions active={active} onClear={() => onApply({})} />
    </form>
  );
}
