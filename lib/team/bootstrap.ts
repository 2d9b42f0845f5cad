import 'server-only';
import type { Kysely } from 'kysely';
import { serverConfig } from '@/lib/config/env';
import type { StoreDatabase } from '@/lib/store';
import { logger } from '@/lib/log';
import { hashPassword } from './passwords';
import { countPeople, insertPerson, recordTeamChange } from './people';
import { endSetupTokens } from './setup-token';

// The first owner (docs/ARCHITECTURE.md#team-access). With an empty store, the owner comes from
// OWNER_EMAIL / OWNER_PASSWORD (or the demo owner with the embedded service); without those, the
// sign-in page asks for the owner, with the set-up token the server printed at start (setup-token.ts).

const SYSTEM = { id: null, name: 'Set-up' };

/** 'ready' when someone can sign in; 'needs-setup' when the store has nobody and no owner is configured. */
export async function ensureOwner(db: Kysely<StoreDatabase>): Promise<'ready' | 'needs-setup'> {
  if ((await countPeople(db)) > 0) return 'ready';
  const owner = serverConfig().initialOwner;
  if (!owner) return 'needs-setup';
  const created = await createFirstOwner(db, { email: owner.email, name: 'Owner', password: owner.password });
  if (created) logger().info({ scope: 'team' }, 'created the owner from the configuration');
  return 'ready';
}

/**
 * Creates the owner when the store has nobody yet; false when someone else got there first (two
 * instances starting, two set-up forms sent at once): the unique email or the count decides.
 */
export async function createFirstOwner(
  db: Kysely<StoreDatabase>,
  input: { email: string; name: string; password: string },
): Promise<boolean> {
  const passwordHash = await hashPassword(input.password);
  try {
    return await db.transaction().execute(async (trx) => {
      if ((await countPeople(trx)) > 0) return false;
      await insertPerson(trx, {
        email: input.email,
        name: input.name,
        role: 'owner',
        seesProfit: true,
        shops: [],
        passwordHash,
      });
      await recordTeamChange(trx, SYSTEM, 'setup', `${input.email} became the owner`);
      await endSetupTokens(trx);
      return true;
    });
  } catch (error) {
    if ((await countPeople(db)) > 0) return false;
    throw error;
  }
}
