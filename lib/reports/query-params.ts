import { z } from 'zod';
import { CANCELLED_CHOICES, DEFAULT_SWITCHES, SAMPLES_CHOICES, type ProfitSwitches } from '@/lib/profit/switches';
import type { CostsView } from '@/lib/costs/types';

// Query parameters of the SKU and overview reports beside the shared range fields. Client-safe:
// the pages build their API URLs from the same names.

import { SKU_SORT_KEYS } from './sort-keys';

export { type SkuSortKey } from './sort-keys';

/** `cancelled=include` counts cancelled orders; `samples=include` counts samples as ordinary orders. */
export const switchesQuerySchema = z
  .object({
    cancelled: z.enum(CANCELLED_CHOICES, { error: 'must be exclude or include' }).optional(),
    samples: z.enum(SAMPLES_CHOICES, { error: 'must be separate or include' }).optional(),
  })
  .transform((q): ProfitSwitches => ({
    includeCancelled: q.cancelled ? q.cancelled === 'include' : DEFAULT_SWITCHES.includeCancelled,
    includeSamples: q.samples ? q.samples === 'include' : DEFAULT_SWITCHES.includeSamples,
  }));

export const skuViewQuerySchema = z.object({
  q: z.string().trim().max(200, { error: 'must be at most 200 characters' }).optional(),
  sort: z.enum(SKU_SORT_KEYS, { error: `must be one of ${SKU_SORT_KEYS.join(', ')}` }).default('netProfit'),
  dir: z.enum(['asc', 'desc'], { error: 'must be asc or desc' }).default('desc'),
});

export type SkuViewQuery = z.output<typeof skuViewQuerySchema>;

/**
 * Which costs the figures count: `costs=mine` (default) adds the seller's inputs (dated COGS, ad
 * spend, expenses), `costs=service` shows the service's figures only; `allocate=on` spreads the
 * shop-level ad spend and expenses over the SKUs by net sales share.
 */
export const costViewQuerySchema = z
  .object({
    costs: z.enum(['mine', 'service'], { error: 'must be mine or service' }).optional(),
    allocate: z.enum(['off', 'on'], { error: 'must be off or on' }).optional(),
  })
  .transform((q): CostViewOptions => ({ costs: q.costs ?? 'mine', allocate: q.allocate === 'on' }));

export interface CostViewOptions {
  costs: CostsView;
  allocate: boolean;
}

export const DEFAULT_COST_VIEW: CostViewOptions = { costs: 'mine', allocate: false };
