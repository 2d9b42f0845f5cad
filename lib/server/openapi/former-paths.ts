import type { RouteDocs } from './operation';

// Former paths kept for one release (each route file re-exports the handlers of the path that
// replaced it): described as the same operations, marked deprecated. When a former path's route
// file is removed, remove it here too (the description test names it).

const COST_PATHS = ['', '/ad-spend', '/ad-spend/[id]', '/ad-spend/import', '/backup', '/cogs', '/cogs/[id]'];
const MORE_COST_PATHS = ['/expenses', '/expenses/[id]', '/undo'];

/** Former path → the path that replaced it. */
const FORMER_PATHS: Record<string, string> = {
  portfolio: 'all-shops',
  ...Object.fromEntries(
    [...COST_PATHS, ...MORE_COST_PATHS].map((rest) => [
      `shops/[shopId]/costs${rest}`,
      `shops/[shopId]/your-costs${rest}`,
    ]),
  ),
};

/** The former paths' descriptions: each the operations of its replacement (a replacement not described is left out). */
export function formerPaths(current: RouteDocs): RouteDocs {
  const out: RouteDocs = {};
  for (const [former, now] of Object.entries(FORMER_PATHS)) {
    const methods = current[now];
    if (!methods) continue;
    out[former] = Object.fromEntries(
      Object.entries(methods).map(([method, operation]) => [method, { ...operation, formerPathOf: now }]),
    );
  }
  return out;
}
