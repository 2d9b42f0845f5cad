import { z } from 'zod';

// The "All shops" view beside the shared range, the report switches (cancelled, samples) and the
// cost view (costs=mine|service, lib/reports/query-params): the target currency and how SKUs are
// ranked across shops. Client-safe: the page builds its API URL with the same names.

import { DEFAULT_PORTFOLIO_CURRENCY, PORTFOLIO_MERGES } from './portfolio-view';

export { DEFAULT_PORTFOLIO_CURRENCY, PORTFOLIO_MERGES };

export const portfolioQuerySchema = z.object({
  currency: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{3}$/, { error: 'must be a 3-letter currency code such as USD' })
    .default(DEFAULT_PORTFOLIO_CURRENCY),
  merge: z.enum(PORTFOLIO_MERGES, { error: 'must be sellerSku or none' }).default('sellerSku'),
});

export type PortfolioQuery = z.output<typeof portfolioQuerySchema>;
