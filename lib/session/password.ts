import 'server-only';
import { createHash, timingSafeEqual } from 'node:crypto';

/**
 * Compares a submitted password with the configured one in constant time. Both sides are hashed
 * first so the comparison takes the same time whatever their lengths (timingSafeEqual needs equal
 * lengths, and an early length check would leak the password's length).
 */
export function passwordMatches(candidate: string, expected: string): boolean {
  const a = createHash('sha256').update(candidate, 'utf8').digest();
  const b = createHash('sha256').update(expected, 'utf8').digest();
  return timingSafeEqual(a, b);
}
