import 'server-only';
import { storeDb } from '@/lib/server/store-db';
import type {
  AccountMapBody,
  AccountMapData,
  BooksCurrencyBody,
  BooksCurrencyData,
} from '@/lib/reports/journal-schemas';
import { EVERY_SHOP, writeAccountRows, type AccountChange } from '@/lib/store/account-map';
import { readBooksCurrency, writeBooksCurrency } from '@/lib/store/books-records';
import { servingPerson } from '../access';
import { loadAccountMap } from '../loaders/journal';
import type { ConnectedShop } from '../loaders/shops';

// The journal accounts' changes (docs/ARCHITECTURE.md#journals): saved whole, for this shop or for
// every shop, each row stamped with who changed it; the answer is the mapping as read next.

export async function saveAccountMap(shop: ConnectedShop, body: AccountMapBody): Promise<AccountMapData> {
  const person = servingPerson();
  const changes = body.accounts.map((a): AccountChange => {
    const shopId = a.scope === 'shop' ? shop.id : EVERY_SHOP;
    if (a.choice === 'inherit') return { shopId, key: a.key, clear: true };
    if (a.choice === 'not-posted') return { shopId, key: a.key, code: null, name: null, taxRate: null };
    return { shopId, key: a.key, code: a.code!, name: a.name, taxRate: a.taxRate };
  });
  await writeAccountRows(await storeDb(), changes, person.email, Date.now());
  return loadAccountMap(shop);
}

/**
 * Sets the books currency every shop's journal is converted into (null: each shop's own currency).
 * A journal is converted when it is downloaded, so nothing else changes here.
 */
export async function saveBooksCurrency(body: BooksCurrencyBody): Promise<BooksCurrencyData> {
  const db = await storeDb();
  await writeBooksCurrency(db, body.currency, servingPerson().email, Date.now());
  return { currency: (await readBooksCurrency(db))?.currency ?? null };
}
