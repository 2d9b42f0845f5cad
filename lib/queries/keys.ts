// The one query-key factory: every key starts with the endpoint family, then the shop, then the
// exact API query string, so two views asking the same question share one cache entry.

export const dashboardKeys = {
  all: ['dashboard'] as const,
  shops: () => [...dashboardKeys.all, 'shops'] as const,
  shop: (shopId: string) => [...dashboardKeys.all, 'shop', shopId] as const,
  orders: (shopId: string, query: string) => [...dashboardKeys.shop(shopId), 'orders', query] as const,
  products: (shopId: string, query: string) => [...dashboardKeys.shop(shopId), 'products', query] as const,
  refunds: (shopId: string, query: string) => [...dashboardKeys.shop(shopId), 'refunds', query] as const,
  report: (shopId: string, kind: string, query: string) => [...dashboardKeys.shop(shopId), 'reports', kind, query] as const,
};
