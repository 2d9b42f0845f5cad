import { exclusiveTransaction } from '@/lib/db/sql-helpers';
import { hashSecret, verifySecret } from '@/lib/service/secret-hash';
import type { SqlServiceStore } from '@/lib/service/store/sql-store';
import { analyze } from '@/lib/service/store/writer';
import { DEMO_ACCOUNTS } from './accounts';
import { planDemoData, writeDemoData, type DemoDataOptions } from './generate';

export interface EnsureDemoOptions extends Pick<DemoDataOptions, 'now' | 'seed'> {
  /** SERVICE_DEMO_APP_SECRET: the demo key's secret becomes this value (a test's distinctive secret). */
  demoAppSecret?: string;
  /** SERVICE_OTHER_APP_SECRET: the same for the second account's key (`other-app-key`). */
  otherAppSecret?: string;
}

/**
 * Generates the demo data set when the store is empty; returns true when this call generated it.
 * Two processes starting at once serialise on an exclusive lock: one generates in a single
 * transaction, the other waits and then finds the data.
 */
export async function ensureDemoData(store: SqlServiceStore, options: EnsureDemoOptions = {}): Promise<boolean> {
  let generated = false;
  if (await store.isEmpty()) {
    generated = await exclusiveTransaction(store.db, store.dialect, 'svc_demo_data', async (trx) => {
      const empty = (await trx.selectFrom('svc_account').select('id').limit(1).executeTakeFirst()) === undefined;
      if (!empty) return false;
      await writeDemoData((work) => work(trx), planDemoData({ now: options.now, seed: options.seed }), {
        sqlite: store.sqlite,
      });
      await analyze(trx, store.dialect);
      return true;
    });
  }
  if (options.demoAppSecret) await setSecret(store, DEMO_ACCOUNTS[0]!.appKey, options.demoAppSecret);
  if (options.otherAppSecret) await setSecret(store, OTHER_KEY, options.otherAppSecret);
  store.invalidateCaches();
  return generated;
}

const OTHER_KEY = 'other-app-key';

async function setSecret(store: SqlServiceStore, appKey: string, secret: string): Promise<void> {
  const current = await store.findCredential(appKey);
  if (!current || (await verifySecret(secret, current.secretHash, current.salt))) return;
  const { hash, salt } = hashSecret(secret);
  await store.db.updateTable('svc_app_key').set({ secret_hash: hash, salt }).where('app_key', '=', appKey).execute();
}
