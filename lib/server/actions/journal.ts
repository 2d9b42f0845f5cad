import 'server-only';
import type { AccountMapBody, AccountMapData } from '@/lib/reports/journal-schemas';
import { getOrderStore } from '@/lib/store';
import { EVERY_SHOP, writeAccountRows, type AccountChange } from '@/lib/store/account-map';
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
  await writeAccountRows((await getOrderStore()).db, changes, person.email, Date.now());
  return loadAccountMap(shop);
}
