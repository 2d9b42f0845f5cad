import 'server-only';
import { hash, verify } from '@node-rs/argon2';

// Password hashing: Argon2id with OWASP's Password Storage Cheat Sheet parameters (19 MiB of
// memory, 2 iterations, 1 lane). The hash string carries its parameters, so stronger ones later
// still verify the hashes made now.

// algorithm 2 is Argon2id (the package's const enum cannot be imported under isolatedModules).
const PARAMETERS = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, PARAMETERS);
}

let dummy: Promise<string> | undefined;

/**
 * Whether `password` matches `stored`. With no stored hash (an unknown email, a person who has not
 * set a password yet) a dummy hash is verified instead, so the answer takes as long either way.
 */
export async function verifyPassword(stored: string | null, password: string): Promise<boolean> {
  if (!stored) {
    dummy ??= hashPassword('not a password of anyone: 8c1f0e');
    await verify(await dummy, password).catch(() => false);
    return false;
  }
  try {
    return await verify(stored, password);
  } catch {
    return false;
  }
}
