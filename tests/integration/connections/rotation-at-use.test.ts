import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { OrderStore } from '@/lib/store/order-store';
import { freshStore, startService, type ServiceFixture, type StoreFixture } from '@/tests/support/sync/harness';
import { serveFromHolder } from '@/tests/support/api/routes-fixture';

// The README's key rotation as an operator does it: the server starts with SECRETS_KEY=<new> and
// SECRETS_KEY_PREVIOUS=<old> while a connection's secret is sealed with the old key. The first use
// of the connections re-seals it with the new key, and the connection's shops are listed (its
// secret opened); afterwards the old key is no longer needed.

const OLD = randomBytes(32);
const NEW = randomBytes(32);
process.env.SECRETS_KEY = NEW.toString('base64');
process.env.SECRETS_KEY_PREVIOUS = OLD.toString('base64');

const holder: { store?: OrderStore; svc?: ServiceFixture } = {};
serveFromHolder(holder, { engine: false });
vi.mock('@/lib/service', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  getEmbeddedService: async () => holder.svc!.handler,
}));

const { addConnection } = await import('@/lib/connections/store');
const { getRoutedClient } = await import('@/lib/connections/upstream');
const { keyIdOf, keyringOf, sealedKeyId } = await import('@/lib/secrets');

describe('SECRETS_KEY rotation at first use', () => {
  let fixture: StoreFixture;

  beforeAll(async () => {
    holder.svc = await startService({ orders: 50 });
    fixture = await freshStore(holder.svc.dir);
    holder.store = fixture.store;
  }, 120_000);
  afterAll(async () => {
    await fixture?.close();
    await holder.svc?.close();
  });

  it('re-seals a secret sealed with the previous key, then reads its shops', async () => {
    const db = holder.store!.db;
    await addConnection(
      db,
      { name: 'Client B', baseUrl: 'http://embedded.invalid', appKey: 'other-app-key', appSecret: 'other-app-secret' },
      { id: null, name: 'Owner' },
      { keyring: keyringOf({ current: OLD, previous: [] }) },
    );
    const before = await db.selectFrom('st_connection').select('secret_sealed').executeTakeFirstOrThrow();
    expect(sealedKeyId(before.secret_sealed)).toBe(keyIdOf(OLD));

    const { shops, problems } = await getRoutedClient().allShops('interactive');
    expect(problems).toEqual([]);
    expect(shops.filter((s) => s.connection.name === 'Client B').map((s) => s.shopName)).toEqual([
      'Other Seller Goods',
    ]);
    const after = await db.selectFrom('st_connection').select('secret_sealed').executeTakeFirstOrThrow();
    expect(sealedKeyId(after.secret_sealed)).toBe(keyIdOf(NEW));
  });
});
