import { describe, expect, it } from 'vitest';
import { hashSecret, verifySecret } from '@/lib/service/secret-hash';

// Secrets are scrypt hashes compared in constant time; verifying a new secret must not stall the
// other requests (scrypt runs on the thread pool), and verdicts are remembered.

describe('verifySecret', () => {
  const stored = hashSecret('right-secret', 'salt-for-tests');

  it('accepts the secret and refuses anything else', async () => {
    expect(await verifySecret('right-secret', stored.hash, stored.salt)).toBe(true);
    expect(await verifySecret('right-secret ', stored.hash, stored.salt)).toBe(false);
    expect(await verifySecret('right-secret', stored.hash, 'another-salt')).toBe(false);
    expect(await verifySecret('right-secret', 'abcd', stored.salt)).toBe(false);
  });

  it('keeps the event loop free while a new secret is hashed', async () => {
    let ticked = false;
    setImmediate(() => (ticked = true));
    const verdict = verifySecret(`wrong-${Math.random()}`, stored.hash, stored.salt);
    await new Promise((resolve) => setImmediate(resolve));
    expect(ticked).toBe(true);
    expect(await verdict).toBe(false);
  });

  it('shares one verification between concurrent checks of the same pair, and remembers it', async () => {
    const secret = `concurrent-${Math.random()}`;
    const first = verifySecret(secret, stored.hash, stored.salt);
    expect(verifySecret(secret, stored.hash, stored.salt)).toBe(first);
    expect(await first).toBe(false);
    const started = performance.now();
    expect(await verifySecret(secret, stored.hash, stored.salt)).toBe(false);
    expect(performance.now() - started).toBeLessThan(5);
  });
});
