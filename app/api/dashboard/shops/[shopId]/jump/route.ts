import { implement } from '@/lib/server/endpoint';
import { JUMP_ENDPOINTS } from '@/lib/endpoints/jump';
import { loadJump } from '@/lib/server/loaders/jump';
import { withShop } from '@/lib/server/loaders/shops';

export const dynamic = 'force-dynamic';

/** The jump-to's finds in the shop's store: { stored, skus, orders }. */
export const GET = implement(JUMP_ENDPOINTS['GET shops/[shopId]/jump'], async ({ params, query }) => {
  const { shopId } = params;
  return await withShop(shopId, (shop) => loadJump(shop, query));
});
