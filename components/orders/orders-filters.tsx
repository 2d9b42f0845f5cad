'use client';

import type { FormEvent } from 'react';
import type { OrderType, SampleOrder } from '@/lib/contract';
import { KNOWN_ORDER_STATUSES, ORDER_TYPES } from '@/lib/contract/constants';
import type { OrderFilters } from '@/lib/views/orders';
import { FilterActions, TextFilterFields } from '@/components/data-table/filter-form-parts';
import { statusLabel } from '@/lib/format/labels';

export interface OrdersFiltersProps {
  filters: OrderFilters;
  onApply: (filters: Partial<OrderFilters>) => void;
}

const TEXT_FIELDS = [
  // The service matches part of the order number (the spec's filters), so the label says so.
  { name: 'orderNumber', label: 'Order number contains', placeholder: 'e.g. 5781' },
  { name: 'name', label: 'Product name', placeholder: undefined },
  { name: 'productId', label: 'Product ID', placeholder: undefined },
  { name: 'skuId', label: 'SKU ID', placeholder: undefined },
  { name: 'skuName', label: 'SKU name or seller SKU', placeholder: undefined },
] as const;

function value(data: FormData, name: string): string | null {
  const v = String(data.get(name) ?? '').trim();
  return v === '' ? null : v;
}

/** Every order filter of the spec. Applied together (one history entry), so typing is not a fetch per key. */
export function OrdersFilters({ filters, onApply }: OrdersFiltersProps) {
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    onApply({
      status: value(data, 'status'),
      orderType: value(data, 'orderType') as OrderType | null,
      sampleOrder: value(data, 'sampleOrder') as SampleOrder | null,
      ...Object.fromEntries(TEXT_FIELDS.map((f) => [f.name, value(data, f.name)])),
    });
  }
  const active = Object.values(filters).some((v) => v !== null);
  return (
    // The key re-mounts the form when the URL changes (back button), so inputs show the URL's values.
    <form className="filters" onSubmit={submit} key={JSON.stringify(filters)} aria-label="Filter orders">
      <div className="field">
        <label htmlFor="f-status">Status</label>
        <select id="f-status" name="status" className="select" defaultValue={filters.status ?? ''}>
          <option value="">Any status</option>
          {KNOWN_ORDER_STATUSES.map((s) => (
            <option key={s} value={s}>
              {statusLabel(s)}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor="f-orderType">Settlement</label>
        <select id="f-orderType" name="orderType" className="select" defaultValue={filters.orderType ?? ''}>
          <option value="">Any</option>
          {ORDER_TYPES.map((t) => (
            <option key={t} value={t}>
              {statusLabel(t)}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor="f-sampleOrder">Sample orders</label>
        <select id="f-sampleOrder" name="sampleOrder" className="select" defaultValue={filters.sampleOrder ?? ''}>
          <option value="">Included</option>
          <option value="YES">Only samples</option>
          <option value="NO">Without samples</option>
        </select>
      </div>
      <TextFilterFields fields={TEXT_FIELDS} values={filters} idPrefix="f" />
      <FilterActions active={active} onClear={() => onApply({})} />
    </form>
  );
}
