// The "All shops" view's values, zod-free: the page's URL parsers (browser bundle) and the API's
// query schema (portfolio-query-params.ts) share them.

export const PORTFOLIO_MERGES = ['sellerSku', 'none'] as const;
export const DEFAULT_PORTFOLIO_CURRENCY = 'USD';
