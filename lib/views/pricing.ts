import { parseChanges } from '@/lib/pricing/scenario';
import { oneOf, text, type Field } from './field';
import { rangeFields } from './range';
import type { ParsedView } from './schema';
import { costsField } from './switches';
import { defineView, type ViewState } from './view';

// The Pricing page (`/pricing`, docs/ARCHITECTURE.md#pricing): the lookback the model learns from
// (the header's range; the page opens on the last 90 days), the seller's target margin, the cost view, whether estimates are
// moved by their expected settlement drift, a SKU search and sort, and the what-if's scenario
// (`changes`, `elasticity`), so a copied URL reopens the same scenario
// (`GET /api/dashboard/shops/{id}/reports/pricing`).

export const PRICING_SORT_KEYS = ['gap', 'netProfit', 'margin', 'breakEvenPrice', 'sku'] as const;

/** A percent, `20` (%), 0–95 with up to 2 decimals: the target margin. */
const targetField: Field<number, number> = {
  read(raw) {
    const m = /^\s*(\d{1,2}(?:\.\d{1,2})?)\s*%?\s*$/.exec(raw);
    if (!m) return raw.trim() === '' ? null : { problem: 'must be a percent between 0 and 95, like 20' };
    const v = Number(m[1]);
    return v > 95 ? { problem: 'must be at most 95 (%)' } : { value: v };
  },
  write: String,
  fallback: 20,
  accepts: { pattern: '^\\s*\\d{1,2}(\\.\\d{1,2})?\\s*%?\\s*$' },
};

/** The what-if's changes (lib/pricing/scenario), checked once here. */
const changesField: Field<string, null> = {
  read(raw) {
    const value = raw.trim();
    if (value === '') return null;
    if (value.length > 4000) return { problem: 'must be at most 4,000 characters' };
    const parsed = parseChanges(value);
    return typeof parsed === 'string' ? { problem: parsed } : { value };
  },
  write: (v) => v,
  fallback: null,
};

/** Units move by (new price / old)^elasticity: an assumption the seller sets, −10 to 0. */
const elasticityField: Field<number, null> = {
  read(raw) {
    const value = raw.trim();
    if (value === '') return null;
    if (!/^-?\d{1,2}(\.\d{1,2})?$/.test(value)) return { problem: 'must be a number between -10 and 0, like -1.5' };
    const v = Number(value);
    return v < -10 || v > 0 ? { problem: 'must be between -10 and 0' } : { value: v === 0 ? 0 : v };
  },
  write: String,
  fallback: null,
  accepts: { pattern: '^-?\\d{1,2}(\\.\\d{1,2})?$' },
};

export const pricingView = defineView({
  ...rangeFields,
  q: text(),
  sort: oneOf(PRICING_SORT_KEYS, `must be one of ${PRICING_SORT_KEYS.join(', ')}`, 'gap'),
  dir: oneOf(['asc', 'desc'] as const, 'must be asc or desc', 'asc'),
  target: targetField,
  costs: costsField,
  settlement: oneOf(['expected', 'reported'] as const, 'must be expected or reported', 'expected'),
  changes: changesField,
  elasticity: elasticityField,
});

export type PricingQuery = ParsedView<typeof pricingView.fields>;

/** The page's view as the browser holds it (null: a field left to its default). */
export type PricingState = ViewState<typeof pricingView.fields>;
