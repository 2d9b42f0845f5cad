import 'server-only';
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Db } from './people';

// The one-time set-up token (docs/ARCHITECTURE.md#team-access). While the store has no owner and
// none is configured, whoever holds a token printed in the server's output may create the owner;
// a stranger who merely reaches a freshly deployed server may not. Each instance that starts in
// that state issues its own random token and stores only its SHA-256, so every instance (one
// PostgreSQL store behind several) accepts the token any of them printed. The tokens are deleted in
// the transaction that creates the owner.

const digest = (token: string) => createHash('sha256').update(token, 'utf8').digest();

/** Issues a token (32 random bytes, base64url) and stores its hash; the token itself is returned to print. */
export async function issueSetupToken(db: Db, now = Date.now()): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db
    .insertInto('st_setup_token')
    .values({ token_hash: digest(token).toString('hex'), created_at: now })
    .execute();
  return token;
}

/** Whether `token` is one that was issued and not yet ended, each stored hash compared in constant time. */
export async function isSetupToken(db: Db, token: string): Promise<boolean> {
  const rows = await db.selectFrom('st_setup_token').select('token_hash').execute();
  const given = digest(token);
  let found = false;
  for (const row of rows) {
    const stored = Buffer.from(row.token_hash, 'hex');
    // No early exit: the answer takes as long whichever row matches.
    if (stored.length === given.length && timingSafeEqual(stored, given)) found = true;
  }
  return found;
}

/** Ends every set-up token: the owner exists. */
export async function endSetupTokens(db: Db): Promise<void> {
  await db.deleteFrom('st_setup_token').execute();
}
