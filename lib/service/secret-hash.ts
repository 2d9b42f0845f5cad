import { createHash, randomBytes, scrypt, scryptSync, timingSafeEqual } from 'node:crypto';
import { ENTRY_BYTES } from '@/lib/config/cache-limits';
import { boundedCache } from '@/lib/config/caches';

// App secrets are stored as scrypt hashes (the secret is the caller's; the service never
// keeps it in clear) and compared in constant time.

const KEY_LENGTH = 32;
// N = 2^14 (about 30 ms): a real cost per guess for an attacker. Every request carries the secret,
// so verdicts are memoised below; a request with a known key/secret pair costs a hash lookup.
const SCRYPT_OPTIONS = { N: 16384, r: 8, p: 1 } as const;
/** Verdicts, or the verification in flight (concurrent first requests share one scrypt); oldest out first. */
const memo = boundedCache<string, Promise<boolean>>('secretVerdicts', {
  size: (_, key) => ENTRY_BYTES.small + key.length,
});

export function hashSecret(
  secret: string,
  salt: string = randomBytes(16).toString('hex'),
): { hash: string; salt: string } {
  const hash = scryptSync(secret, salt, KEY_LENGTH, SCRYPT_OPTIONS).toString('hex');
  return { hash, salt };
}

/** On the thread pool: a guess costs the caller ~30 ms without blocking other requests meanwhile. */
function scryptMatches(secret: string, hash: string, salt: string): Promise<boolean> {
  const expected = Buffer.from(hash, 'hex');
  return new Promise((resolve, reject) => {
    scrypt(secret, salt, KEY_LENGTH, SCRYPT_OPTIONS, (error, derived) => {
      if (error) reject(error);
      else resolve(expected.length === KEY_LENGTH && timingSafeEqual(derived, expected));
    });
  });
}

/**
 * True when `secret` hashes to `hash` with `salt`. The verdict is memoised under a SHA-256 of
 * (hash, salt, secret), so the clear secret is never kept, and a changed stored hash misses the memo.
 */
export function verifySecret(secret: string, hash: string, salt: string): Promise<boolean> {
  const key = createHash('sha256').update(hash).update('\0').update(salt).update('\0').update(secret).digest('base64');
  const known = memo.peek(key);
  if (known !== undefined) return known;
  const verdict = scryptMatches(secret, hash, salt);
  memo.set(key, verdict);
  // A failure (e.g. out of memory) is not a verdict: the next request computes it again.
  verdict.catch(() => memo.delete(key));
  return verdict;
}
