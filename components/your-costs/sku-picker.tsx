'use client';

import { useMemo, useState } from 'react';
import { findSkus, indexSkus, skuLabel, type PickerSku } from './cost-rows';
import { FieldError } from './form-field';
import { say } from './messages';

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

/** The SKUs by id and the products' names, for the current choice when the search hides it. */
interface PickerIndex {
  bySku: ReadonlyMap<string, PickerSku>;
  products: ReadonlyMap<string, string>;
}

export interface SkuPickerProps {
  id: string;
  label: string;
  skus: readonly PickerSku[];
  /** The shop's SKUs indexed, when the caller keeps one (else the picker makes its own). */
  index?: PickerIndex;
  value: TargetValue;
  onChange: (value: TargetValue) => void;
  /** `target`: the whole shop, a product or a SKU (ad spend); `sku`: one SKU (cost of goods). */
  mode: 'target' | 'sku';
  error?: string;
  /** The empty choice's words (default: "Choose a SKU…", or "Whole shop" for a target), e.g. "Every SKU". */
  blank?: string;
}

const SHOWN = 40;

/** "40 of 78 SKUs shown — type to find the rest": the list is never mistaken for every SKU. */
function countText(search: string, shown: number, total: number): string | null {
  const counts = { shown: { count: shown }, total: { count: total } };
  if (search.trim() === '') return total > shown ? say('skusShown', counts) : null;
  if (total === 0) return null;
  return say(total > shown ? 'matchingShown' : 'skusMatch', counts);
}

/**
 * Search by product name, SKU name or seller SKU, then choose from the matches. A shop can have
 * thousands of SKUs: the search reaches all of them, the list holds the first matches (and says how
 * many there are) and always the current choice. Typing picks the first match unless the current
 * choice is among the matches, so what the form saves is what the seller typed, never a "Whole
 * shop" left selected above it.
 */
export function SkuPicker({ id, label, skus, index, value, onChange, mode, error, blank }: SkuPickerProps) {
  const [search, setSearch] = useState('');
  const own = useMemo(() => index ?? indexSkus(skus), [index, skus]);
  const found = useMemo(() => findSkus(skus, search, SHOWN), [skus, search]);
  const matches = found.shown;
  const products = useMemo(() => productsOf(matches, mode), [matches, mode]);
  const { skuId, productId } = targetIds(value);
  const chosenSku = skuId && !matches.some((s) => s.skuId === skuId) ? own.bySku.get(skuId) : undefined;
  const chosenProduct = productId && !products.some(([p]) => p === productId) ? productId : undefined;
  const errorId = `${id}-error`;
  const countId = `${id}-count`;
  const count = countText(search, matches.length, found.total);

  function onSearch(text: string) {
    setSearch(text);
    if (text.trim() === '') return;
    const next = findSkus(skus, text, SHOWN).shown;
    const kept = skuId
      ? next.some((s) => s.skuId === skuId)
      : productId
        ? productsOf(next, mode).some(([p]) => p === productId)
        : false;
    if (!kept && next.length > 0) onChange(`sku:${next[0]!.skuId}`);
  }

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
          onChange={(event) => onSearch(event.target.value)}
          aria-describedby={count ? countId : undefined}
        />
        {count ? (
          <small id={countId} className="muted" aria-live="polite">
            {count}
          </small>
        ) : null}
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
              All SKUs of {own.products.get(chosenProduct) ?? chosenProduct}
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

function optionText(sku: PickerSku): string {
  return sku.sellerSku ? `${skuLabel(sku)} (${sku.sellerSku})` : skuLabel(sku);
}

/** The products of the matches, for ad spend on all of a product's SKUs (a target picker only). */
function productsOf(matches: readonly PickerSku[], mode: SkuPickerProps['mode']): [string, string][] {
  if (mode !== 'target') return [];
  const seen = new Map<string, string>();
  for (const sku of matches) if (!seen.has(sku.productId)) seen.set(sku.productId, sku.productName);
  return [...seen];
}
