import { implement } from '@/lib/server/endpoint';
import { SHOP_ENDPOINTS } from '@/lib/endpoints/shops';
import { buildDashboardOpenApi } from '@/lib/server/openapi/document';

export const dynamic = 'force-dynamic';

let document: string | undefined;

/**
 * The dashboard API's OpenAPI 3.1 description (docs/ARCHITECTURE.md#the-dashboard-apis-description),
 * as it is (not in the envelope). Public, as the upstream's is: it describes endpoints, not data.
 */
export const GET = implement(SHOP_ENDPOINTS['GET openapi.json'], async () => {
  document ??= JSON.stringify(buildDashboardOpenApi());
  return new Response(document, {
    headers: { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-cache' },
  });
});
