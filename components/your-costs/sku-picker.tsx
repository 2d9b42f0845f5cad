'use client';

import { useMemo, useState } from 'react';
import type { CostSku } from '@/lib/costs/data';
import { searchSkus, skuLabel, type SkuIndex } from './cost-rows';
import { FieldError } from './form-field';

/** `''` (the whole shop, or no SKU yet), `sku:<id>` or `product:<id>`. */
export type TargetValue = string;

export function targetValue(entry: { skuId?: string | null; productId?: string | null }): TargetValue {
  if (entry.skuId) return `sku:${entry.skuId}`;
  if (entry.productId) return `product:${entry.productId}`;
  return '';
}

export function targetIds(value: TargetValue): { skuId?: string; productId?: string } {
  if (value.startsWith('sku:')) return { skuId: value.slice(4) };
  if (value.startsWith('product:')) return { productId: value.slice(8) };
  return {};
}

export interface SkuPickerProps {
  id: string;
  label: string;
  skus: readonly CostSku[];
  index: SkuIndex;
  value: TargetValue;
  onChange: (value: TargetValue) => void;
  /** `target`: the whole shop, a product or a SKU (ad spend); `sku`: one SKU (cost of goods). */
  mode: 'target' | 'sku';
  error?: string;
  /** The empty choice's words (default: "Choose a SKU…", or "Whole shop" for a target), e.g. "Every SKU". */
  blank?: string;
}

const SHOWN = 40;

/**
 * Search by product name, SKU name or seller SKU, then choose from the matches. A shop can have
 * thousands of SKUs: the list holds the first matches and always the current choice, so a choice
 * never disappears while the seller types.
 */
export function SkuPicker({ id, label, skus, index, value, onChange, mode, error, blank }: SkuPickerProps) {
  const [search, setSearch] = useState('');
  const matches = useMemo(() => searchSkus(skus, search, SHOWN), [skus, search]);
  const products = useMemo(() => {
    if (mode !== 'target') return [];
    const seen = new Map<string, string>();
    for (const sku of matches) if (!seen.has(sku.productId)) seen.set(sku.productId, sku.productName);
    return [...seen];
  }, [matches, mode]);
  const { skuId, productId } = targetIds(value);
  const chosenSku = skuId && !matches.some((s) => s.skuId === skuId) ? index.bySku.get(skuId) : undefined;
  const chosenProduct = productId && !products.some(([p]) => p === productId) ? productId : undefined;
  const errorId = `${id}-error`;

  return (
    <div className="sku-picker">
      <div className="field">
        <label htmlFor={`${id}-search`}>Find {mode === 'sku' ? 'a SKU' : 'a SKU or product'}</label>
        <input
          id={`${id}-search`}
          className="input"
          type="search"
          value={search}
          placeholder="Name or seller SKU"
          onChange={(event) => setSearch(event.target.value)}
        />
      </div>
      <div className="field">
        <label htmlFor={id}>{label}</label>
        <select
          id={id}
          className="select"
          value={value}
          onChange={(event) => onChange(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
        >
          <option value="">{blank ?? (mode === 'sku' ? 'Choose a SKU…' : 'Whole shop')}</option>
          {chosenSku ? <option value={`sku:${chosenSku.skuId}`}>{optionText(chosenSku)}</option> : null}
          {chosenProduct ? (
            <option value={`product:${chosenProduct}`}>
              All SKUs of {index.products.get(chosenProduct) ?? chosenProduct}
            </option>
          ) : null}
          {products.length > 0 ? (
            <optgroup label="Products (all their SKUs)">
              {products.map(([pid, name]) => (
                <option key={pid} value={`product:${pid}`}>
                  All SKUs of {name}
                </option>
              ))}
            </optgroup>
          ) : null}
          <optgroup
            label={
              skus.length === 0
                ? 'No SKUs yet: the catalog is not synced'
                : matches.length === 0
                  ? 'No SKU matches this search'
                  : 'SKUs'
            }
          >
            {matches.map((sku) => (
              <option key={sku.skuId} value={`sku:${sku.skuId}`}>
                {optionText(sku)}
              </option>
            ))}
          </optgroup>
        </select>
        <FieldError id={errorId} error={error} />
      </div>
    </div>
  );
}

function optionText(sku: CostSku): string {
  return sku.sellerSku ? `${skuLabel(sku)} (${sku.sellerSku})` : skuLabel(sku);
}
