import 'server-only';
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { serverConfig, type ServerConfig } from '@/lib/config/env';

// Secrets at rest (docs/ARCHITECTURE.md#connections): AES-256-GCM under SECRETS_KEY, in a text
// that names the key it was sealed with:
//
//   v1.<key id>.<iv>.<tag>.<ciphertext>      (base64url; key id = 8 characters of a SHA-256 of the key)
//
// A random 12-byte IV per seal; the 16-byte tag authenticates the ciphertext together with the
// header and the caller's context (a connection's id), so a value edited, moved to another row or
// sealed under another key fails to open with a sentence instead of decrypting into garbage.
// SECRETS_KEY_PREVIOUS keys still open what they sealed; new seals always use SECRETS_KEY.

const FORMAT = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;
const MAKE_A_KEY = 'openssl rand -base64 32';

export interface SecretsKey {
  /** A short hash of the key: names it in sealed values and in messages, reveals nothing of it. */
  id: string;
  bytes: Uint8Array;
}

/** The key that seals (null: SECRETS_KEY unset) and the older keys that still open. */
export interface Keyring {
  current: SecretsKey | null;
  previous: SecretsKey[];
}

export type SecretsErrorCode = 'NO_KEY' | 'UNKNOWN_KEY' | 'TAMPERED' | 'MALFORMED';

/** A secret that cannot be sealed or opened, with a sentence saying why and what to do. */
export class SecretsError extends Error {
  override name = 'SecretsError';
  readonly code: SecretsErrorCode;
  /** The key id the value names (UNKNOWN_KEY, TAMPERED). */
  readonly keyId: string | undefined;

  constructor(code: SecretsErrorCode, message: string, keyId?: string) {
    super(message);
    this.code = code;
    this.keyId = keyId;
  }
}

export function keyIdOf(bytes: Uint8Array): string {
  return createHash('sha256').update('spd-secrets-key-id\0').update(bytes).digest('base64url').slice(0, 8);
}

const keyOf = (bytes: Uint8Array): SecretsKey => ({ id: keyIdOf(bytes), bytes });

/** The keyring of a configuration's SECRETS_KEY and SECRETS_KEY_PREVIOUS. */
export function keyringOf(keys: ServerConfig['secretsKeys']): Keyring {
  const current = keys.current ? keyOf(keys.current) : null;
  const previous = keys.previous.map(keyOf).filter((key, i, all) => {
    const first = all.findIndex((other) => other.id === key.id) === i;
    return first && key.id !== current?.id;
  });
  return { current, previous };
}

/** The process's keyring (SECRETS_KEY, SECRETS_KEY_PREVIOUS). */
export function currentKeyring(): Keyring {
  return keyringOf(serverConfig().secretsKeys);
}

const aad = (keyId: string, context: string) => Buffer.from(`${FORMAT}.${keyId}.${context}`, 'utf8');

function noKey(subject: string, doing: string): SecretsError {
  const what = subject.charAt(0).toLowerCase() + subject.slice(1);
  return new SecretsError(
    'NO_KEY',
    `SECRETS_KEY is not set, so ${what} cannot be ${doing}. Set SECRETS_KEY to 32 random bytes (make one with \`${MAKE_A_KEY}\`), keep it safe and restart.`,
  );
}

/** Seals `plain` with the current key, bound to `context` (which opening must name again). */
export function sealSecret(plain: string, keyring: Keyring, context: string, subject = 'The secret'): string {
  const key = keyring.current;
  if (!key) throw noKey(subject, 'stored');
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key.bytes, iv, { authTagLength: TAG_BYTES });
  cipher.setAAD(aad(key.id, context));
  const ciphertext = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  const tag = cipher.getAuthTag();
  return [FORMAT, key.id, iv.toString('base64url'), tag.toString('base64url'), ciphertext.toString('base64url')].join(
    '.',
  );
}

const BASE64URL = /^[A-Za-z0-9_-]*$/;

interface SealedParts {
  keyId: string;
  iv: Buffer;
  tag: Buffer;
  ciphertext: Buffer;
}

function parseSealed(sealed: string): SealedParts | null {
  const parts = sealed.split('.');
  if (parts.length !== 5 || parts[0] !== FORMAT || !parts.every((part) => BASE64URL.test(part))) return null;
  const [, keyId, iv, tag, ciphertext] = parts as [string, string, string, string, string];
  const out = {
    keyId,
    iv: Buffer.from(iv, 'base64url'),
    tag: Buffer.from(tag, 'base64url'),
    ciphertext: Buffer.from(ciphertext, 'base64url'),
  };
  return keyId.length === 8 && out.iv.length === IV_BYTES && out.tag.length === TAG_BYTES ? out : null;
}

/** The id of the key a sealed value names, or null when it is not a sealed value. */
export function sealedKeyId(sealed: string): string | null {
  return parseSealed(sealed)?.keyId ?? null;
}

/**
 * Opens what sealSecret sealed with any key of the ring, for the same `context`. Throws a
 * SecretsError (never returns garbage) when the key is not in the ring or the value was changed.
 * `subject` names the secret in the sentence ("The secret of connection "Shop EU"").
 */
export function openSecret(sealed: string, keyring: Keyring, context: string, subject = 'The secret'): string {
  const parts = parseSealed(sealed);
  if (!parts)
    throw new SecretsError(
      'MALFORMED',
      `${subject} is not a value this dashboard sealed (expected ${FORMAT}.<key id>.<iv>.<tag>.<ciphertext>); enter the secret again.`,
    );
  const key = [keyring.current, ...keyring.previous].find((k) => k?.id === parts.keyId);
  if (!key) {
    if (!keyring.current) throw noKey(subject, 'read');
    const known = [keyring.current, ...keyring.previous].map((k) => k!.id).join(', ');
    throw new SecretsError(
      'UNKNOWN_KEY',
      `${subject} was sealed with another SECRETS_KEY (key id ${parts.keyId}) than this server's (key id ${known}). Set SECRETS_KEY_PREVIOUS to the key it was sealed with (or SECRETS_KEY back to it), or enter the secret again.`,
      parts.keyId,
    );
  }
  try {
    const decipher = createDecipheriv('aes-256-gcm', key.bytes, parts.iv, { authTagLength: TAG_BYTES });
    decipher.setAAD(aad(key.id, context));
    decipher.setAuthTag(parts.tag);
    return Buffer.concat([decipher.update(parts.ciphertext), decipher.final()]).toString('utf8');
  } catch {
    throw new SecretsError(
      'TAMPERED',
      `${subject} does not open with the SECRETS_KEY it names (key id ${key.id}): the stored value was changed or damaged. Enter the secret again.`,
      key.id,
    );
  }
}
