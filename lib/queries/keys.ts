// The one query-key factory: every key starts with the endpoint family, then the shop, then the
// exact API query string, so two views asking the same question share one cache entry.

export const dashboardKeys = {
  all: ['dashboard'] as const,
  shops: () => [...dashboardKeys.all, 'shops'] as const,
  /** The Team page: people, pending links, history. */
  team: () => [...dashboardKeys.all, 'team'] as const,
  shop: (shopId: string) => [...dashboardKeys.all, 'shop', shopId] as const,
  orders: (shopId: string, query: string) => [...dashboardKeys.shop(shopId), 'orders', query] as const,
  products: (shopId: string, query: string) => [...dashboardKeys.shop(shopId), 'products', query] as const,
  refunds: (shopId: string, query: string) => [...dashboardKeys.shop(shopId), 'refunds', query] as const,
  reports: (shopId: string) => [...dashboardKeys.shop(shopId), 'reports'] as const,
  report: (shopId: string, kind: string, query: string) => [...dashboardKeys.reports(shopId), kind, query] as const,
  /** The seller's own cost inputs of a shop (every range: the page filters ad spend itself). */
  yourCosts: (shopId: string) => [...dashboardKeys.shop(shopId), 'your-costs'] as const,
  /** Every shop at once (the "All shops" page); seller-level, so not under a shop. */
  allShops: (query: string) => [...dashboardKeys.all, 'all-shops', query] as const,
  fxRates: () => [...dashboardKeys.all, 'fx-rates'] as const,
};
