import type { Kysely } from 'kysely';
import type { StoreDatabase } from './schema';

// When a person last looked at each shop, shared by every instance through the store: the refresh
// policy (lib/sync/refresh) reads the shops people are looking at first.

export async function saveShopView(db: Kysely<StoreDatabase>, shopId: string, at: number): Promise<void> {
  await db
    .insertInto('st_shop_view')
    .values({ shop_id: shopId, viewed_at: at })
    .onConflict((oc) => oc.column('shop_id').doUpdateSet((eb) => ({ viewed_at: eb.ref('excluded.viewed_at') })))
    .execute();
}

/** The shops viewed since `since` (ms), with the time of their last view. */
export async function shopViewsSince(db: Kysely<StoreDatabase>, since: number): Promise<Map<string, number>> {
  const rows = await db.selectFrom('st_shop_view').selectAll().where('viewed_at', '>=', since).execute();
  return new Map(rows.map((r) => [r.shop_id, Number(r.viewed_at)]));
}
