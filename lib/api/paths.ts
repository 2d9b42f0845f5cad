// Paths of the dashboard's shop-scoped API, built in one place for hooks, export buttons and tests.

/** `/api/dashboard/shops/{shopId}/{resource}?{query}`; `resource` may have segments (`exports/orders`). */
export function shopApiPath(shopId: string, resource: string, query?: string): string {
  const path = `/api/dashboard/shops/${encodeURIComponent(shopId)}/${resource}`;
  return query ? `${path}?${query}` : path;
}
