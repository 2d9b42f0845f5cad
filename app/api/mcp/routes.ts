import type { Route } from '@/lib/server/endpoint';
import { GET as shops } from '@/app/api/dashboard/shops/route';
import { GET as overview } from '@/app/api/dashboard/shops/[shopId]/reports/overview/route';
import { GET as periods } from '@/app/api/dashboard/shops/[shopId]/reports/periods/route';
import { GET as skuProfit } from '@/app/api/dashboard/shops/[shopId]/reports/sku-profit/route';
import { GET as orders } from '@/app/api/dashboard/shops/[shopId]/orders/route';
import { GET as refunds } from '@/app/api/dashboard/shops/[shopId]/refunds/route';
import { GET as pnlByMonth } from '@/app/api/dashboard/shops/[shopId]/reports/pnl-by-month/route';
import { GET as settlement } from '@/app/api/dashboard/shops/[shopId]/reports/settlement/route';
import { GET as pricing } from '@/app/api/dashboard/shops/[shopId]/reports/pricing/route';

// The dashboard API's routes the MCP server's tools call (lib/mcp/tools.ts names each by its
// endpoint): the route modules themselves, so a tool runs the route's own access check, parse and
// redaction. tests/integration/mcp/mcp-routes.test.ts holds this list to the tools and ENDPOINTS.

export const MCP_ROUTES: readonly Route[] = [
  shops,
  overview,
  periods,
  skuProfit,
  orders,
  refunds,
  pnlByMonth,
  settlement,
  pricing,
];
