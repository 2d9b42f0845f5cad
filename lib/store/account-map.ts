import 'server-only';
import type { Kysely } from 'kysely';
import type { StoreDatabase } from './schema';

// The account each P&L line posts to in a journal (st_account_map, migration v17), as the seller
// saved it: for one shop, or for every shop (shop_id ''). Defaults are not stored
// (lib/reports/journal-accounts); a row removed falls back to every shop's, then to the default.

export const EVERY_SHOP = '';

export interface AccountRow {
  shopId: string;
  key: string;
  /** Null: not posted (the seller's choice). */
  code: string | null;
  name: string | null;
  taxRate: string | null;
  updatedAt: number;
  updatedBy: string;
}

/** A change: `clear` removes the saved row (back to every shop's or the default). */
export type AccountChange =
  | { shopId: string; key: string; clear: true }
  | { shopId: string; key: string; clear?: false; code: string | null; name: string | null; taxRate: string | null };

/** The rows of one shop and of every shop. */
export async function readAccountRows(db: Kysely<StoreDatabase>, shopId: string): Promise<AccountRow[]> {
  const rows = await db.selectFrom('st_account_map').selectAll().where('shop_id', 'in', [EVERY_SHOP, shopId]).execute();
  return rows.map((r) => ({
    shopId: r.shop_id,
    key: r.line_key,
    code: r.account_code,
    name: r.account_name,
    taxRate: r.tax_rate,
    updatedAt: Number(r.updated_at),
    updatedBy: r.updated_by,
  }));
}

/** Applies every change in one transaction: a mapping is saved whole or not at all. */
export async function writeAccountRows(
  db: Kysely<StoreDatabase>,
  changes: readonly AccountChange[],
  person: string,
  now: number,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    for (const c of changes) {
      if (c.clear) {
        await trx.deleteFrom('st_account_map').where('shop_id', '=', c.shopId).where('line_key', '=', c.key).execute();
        continue;
      }
      const values = {
        account_code: c.code,
        account_name: c.name,
        tax_rate: c.taxRate,
        updated_at: now,
        updated_by: person,
      };
      await trx
        .insertInto('st_account_map')
        .values({ shop_id: c.shopId, line_key: c.key, ...values })
        .onConflict((oc) => oc.columns(['shop_id', 'line_key']).doUpdateSet(values))
        .execute();
    }
  });
}
