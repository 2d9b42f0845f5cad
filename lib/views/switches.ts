import { CANCELLED_CHOICES, SAMPLES_CHOICES, type ProfitSwitches } from '@/lib/profit/switches';
import type { CostsView } from '@/lib/costs/types';
import { oneOf } from './field';

// The report switches and the cost view, fields shared by several views.

/** `cancelled=include` counts cancelled orders; `samples=include` counts samples as ordinary orders. */
export const switchFields = {
  cancelled: oneOf(CANCELLED_CHOICES, 'must be exclude or include', 'exclude'),
  samples: oneOf(SAMPLES_CHOICES, 'must be separate or include', 'separate'),
};

/** Which costs count: the seller's inputs too (`mine`) or the service's figures only. */
export const costsField = oneOf(['mine', 'service'] as const, 'must be mine or service', 'mine');

/**
 * The cost view (docs/ARCHITECTURE.md#your-costs): `costs=mine` (default) adds the seller's inputs
 * (dated COGS, ad spend, expenses), `costs=service` shows the service's figures only; `allocate=on`
 * spreads the shop-level ad spend and expenses over the SKUs by net sales share.
 */
export const costViewFields = {
  costs: costsField,
  allocate: oneOf(['off', 'on'] as const, 'must be off or on', 'off'),
};

/**
 * `forecast=on` adds the expected settled figure of the range's open (unsettled or draft) orders
 * beside the estimate, labelled as a forecast (lib/reports/settlement-apply).
 */
export const forecastField = { forecast: oneOf(['off', 'on'] as const, 'must be off or on', 'off') };

export function switchesOf(view: {
  cancelled: (typeof CANCELLED_CHOICES)[number];
  samples: (typeof SAMPLES_CHOICES)[number];
}): ProfitSwitches {
  return { includeCancelled: view.cancelled === 'include', includeSamples: view.samples === 'include' };
}

export interface CostViewOptions {
  costs: CostsView;
  allocate: boolean;
}

export const DEFAULT_COST_VIEW: CostViewOptions = { costs: 'mine', allocate: false };

export function costViewOf(view: { costs: CostsView; allocate?: 'off' | 'on' }): CostViewOptions {
  return { costs: view.costs, allocate: view.allocate === 'on' };
}
