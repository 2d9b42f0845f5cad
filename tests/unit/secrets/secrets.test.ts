import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, parseServerConfig } from '@/lib/config/parse-env';
import { checkStartup } from '@/lib/startup/check';
import { keyIdOf, keyringOf, openSecret, sealedKeyId, sealSecret, SecretsError, type Keyring } from '@/lib/secrets';

// Secrets at rest: AES-256-GCM under SECRETS_KEY, a text naming its key, and a sentence (never
// garbage) for a value that was changed, moved, or sealed under a key this server does not hold.

const newKey = () => randomBytes(32);
const ring = (current: Buffer | null, ...previous: Buffer[]): Keyring => keyringOf({ current, previous });
const SECRET = 'app-secret-ÄÖ-🔑-0123456789';
const CONTEXT = 'st_connection:42';

function thrown(fn: () => unknown): SecretsError {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(SecretsError);
    return error as SecretsError;
  }
  throw new Error('expected a SecretsError');
}

describe('sealing and opening', () => {
  it('round-trips, in the versioned text that names its key, with a fresh IV each time', () => {
    const key = newKey();
    const keyring = ring(key);
    const sealed = sealSecret(SECRET, keyring, CONTEXT);
    expect(sealed).toMatch(/^v1\.[A-Za-z0-9_-]{8}\.[A-Za-z0-9_-]{16}\.[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]+$/);
    expect(sealedKeyId(sealed)).toBe(keyIdOf(key));
    expect(sealed).not.toContain(SECRET);
    expect(openSecret(sealed, keyring, CONTEXT)).toBe(SECRET);
    expect(sealSecret(SECRET, keyring, CONTEXT)).not.toBe(sealed);
    expect(openSecret(sealSecret('', keyring, CONTEXT), keyring, CONTEXT)).toBe('');
  });

  it('a changed ciphertext, tag, IV or key id fails to open with a sentence', () => {
    const keyring = ring(newKey());
    const sealed = sealSecret(SECRET, keyring, CONTEXT);
    const parts = sealed.split('.');
    const flip = (text: string) => (text[0] === 'A' ? 'B' : 'A') + text.slice(1);
    for (const index of [2, 3, 4]) {
      const tampered = parts.map((part, i) => (i === index ? flip(part) : part)).join('.');
      const error = thrown(() => openSecret(tampered, keyring, CONTEXT, "This connection's secret"));
      expect(error.code).toBe('TAMPERED');
      expect(error.message).toMatch(
        /^This connection's secret does not open with the SECRETS_KEY it names .*changed or damaged/,
      );
    }
    // The key id is authenticated too: renaming it to another key of the ring does not open.
    const other = newKey();
    const both = ring(other, keyring.current!.bytes as Buffer);
    const renamed = [parts[0], keyIdOf(other), ...parts.slice(2)].join('.');
    expect(thrown(() => openSecret(renamed, both, CONTEXT)).code).toBe('TAMPERED');
  });

  it('a value moved to another context (another connection row) does not open', () => {
    const keyring = ring(newKey());
    const sealed = sealSecret(SECRET, keyring, 'st_connection:1');
    expect(thrown(() => openSecret(sealed, keyring, 'st_connection:2')).code).toBe('TAMPERED');
  });

  it('a value sealed with another SECRETS_KEY is refused with a sentence naming both key ids', () => {
    const old = newKey();
    const sealed = sealSecret(SECRET, ring(old), CONTEXT);
    const current = newKey();
    const error = thrown(() => openSecret(sealed, ring(current), CONTEXT, "This connection's secret"));
    expect(error.code).toBe('UNKNOWN_KEY');
    expect(error.message).toBe(
      `This connection's secret was sealed with another SECRETS_KEY (key id ${keyIdOf(old)}) than this server's (key id ${keyIdOf(current)}). Set SECRETS_KEY_PREVIOUS to the key it was sealed with (or SECRETS_KEY back to it), or enter the secret again.`,
    );
    expect(error.message).not.toContain(SECRET);
  });

  it('without SECRETS_KEY nothing is sealed or opened, and the sentence says how to make a key', () => {
    const sealed = sealSecret(SECRET, ring(newKey()), CONTEXT);
    for (const fn of [() => sealSecret(SECRET, ring(null), CONTEXT), () => openSecret(sealed, ring(null), CONTEXT)]) {
      const error = thrown(fn);
      expect(error.code).toBe('NO_KEY');
      expect(error.message).toMatch(/SECRETS_KEY is not set, so .* cannot be (stored|read)\..*openssl rand -base64 32/);
    }
  });

  it('a value that is not a sealed text is MALFORMED, not decrypted', () => {
    const keyring = ring(newKey());
    for (const bad of ['', 'plain-secret', 'v2.abcdefgh.a.b.c', 'v1.abc.def', 'v1.abcdefgh.!!.??.%%'])
      expect(thrown(() => openSecret(bad, keyring, CONTEXT)).code).toBe('MALFORMED');
  });

  it('a previous key still opens what it sealed; new seals use the current key', () => {
    const old = newKey();
    const current = newKey();
    const sealed = sealSecret(SECRET, ring(old), CONTEXT);
    const rotated = ring(current, old);
    expect(openSecret(sealed, rotated, CONTEXT)).toBe(SECRET);
    expect(sealedKeyId(sealSecret(SECRET, rotated, CONTEXT))).toBe(keyIdOf(current));
  });
});

describe('SECRETS_KEY and SECRETS_KEY_PREVIOUS settings', () => {
  const key = newKey();
  const parse = (env: Record<string, string>) => parseServerConfig({ DATA_DIR: '/tmp/x', ...env });
  const refusal = (env: Record<string, string>) => {
    try {
      parse(env);
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      return (error as Error).message;
    }
    throw new Error('expected a ConfigError');
  };

  it('accepts 32 bytes as base64, URL-safe base64 or 64 hex digits, all the same key', () => {
    const ids = [
      key.toString('base64'),
      key.toString('base64url'),
      key.toString('hex'),
      key.toString('hex').toUpperCase(),
    ].map((text) => keyringOf(parse({ SECRETS_KEY: text }).secretsKeys).current!.id);
    expect(new Set(ids)).toEqual(new Set([keyIdOf(key)]));
    // With a real upstream and no SECRETS_KEY, nothing can be sealed; the demo seals with its published key.
    const real = {
      UPSTREAM_BASE_URL: 'https://reporting.example.com',
      UPSTREAM_APP_KEY: 'k',
      UPSTREAM_APP_SECRET: 's',
      SESSION_SECRET: 'x'.repeat(32),
    };
    expect(parse(real).secretsKeys).toEqual({ current: null, previous: [] });
    expect(parse(real).demoSecretsKey).toBe(false);
    expect(parse({}).demoSecretsKey).toBe(true);
    expect(parse({}).secretsKeys.current).toHaveLength(32);
  });

  it.each([
    ['too short', randomBytes(16).toString('base64'), /SECRETS_KEY must be 32 random bytes .*decodes to 16 bytes/],
    ['a passphrase', 'correct horse battery staple', /SECRETS_KEY must be 32 random bytes .*other characters/],
    ['hex of the wrong length', 'ab'.repeat(31), /SECRETS_KEY looks like hex but has 62 digits/],
  ])('refuses a key that is %s, with how to make one and without its value', (_, value, message) => {
    const text = refusal({ SECRETS_KEY: value });
    expect(text).toMatch(message);
    expect(text).toContain('openssl rand -base64 32');
    expect(text).not.toContain(value);
  });

  it('the start-up check refuses a malformed key with the sentence', async () => {
    const result = await checkStartup({
      DATA_DIR: join(tmpdir(), `spd-secrets-${process.pid}`),
      SECRETS_KEY: 'secret',
    });
    expect(result).toEqual({
      ok: false,
      problems: [expect.stringMatching(/^SECRETS_KEY must be 32 random bytes written as base64 or as 64 hex digits/)],
    });
  });

  it('SECRETS_KEY_PREVIOUS is a comma-separated list, each key checked, and needs SECRETS_KEY', () => {
    const a = newKey();
    const b = newKey();
    const config = parse({
      SECRETS_KEY: key.toString('base64'),
      SECRETS_KEY_PREVIOUS: ` ${a.toString('hex')} ,${b.toString('base64')}`,
    });
    expect(keyringOf(config.secretsKeys).previous.map((k) => k.id)).toEqual([keyIdOf(a), keyIdOf(b)]);
    expect(refusal({ SECRETS_KEY: key.toString('base64'), SECRETS_KEY_PREVIOUS: `${a.toString('hex')},nope` })).toMatch(
      /SECRETS_KEY_PREVIOUS \(key 2\) must be 32 random bytes/,
    );
    expect(refusal({ SECRETS_KEY_PREVIOUS: a.toString('hex') })).toMatch(
      /SECRETS_KEY_PREVIOUS is set but SECRETS_KEY is not/,
    );
  });
});
