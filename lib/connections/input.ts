import 'server-only';

// The rules of a connection's fields (docs/ARCHITECTURE.md#connections), shared by the store and
// the Test button: a refusal is a sentence naming the field, never echoing a key or a secret.

export type ConnectionErrorCode = 'INVALID' | 'NAME_TAKEN' | 'KEY_TAKEN' | 'NOT_FOUND';
export type ConnectionField = 'name' | 'baseUrl' | 'appKey' | 'appSecret';

/** An expected refusal: INVALID → 400, NAME_TAKEN / KEY_TAKEN → 409, NOT_FOUND → 404. */
export class ConnectionError extends Error {
  override name = 'ConnectionError';
  readonly code: ConnectionErrorCode;
  readonly field: ConnectionField | undefined;

  constructor(code: ConnectionErrorCode, message: string, field?: ConnectionField) {
    super(message);
    this.code = code;
    this.field = field;
  }
}

export const NAME_MAX = 80;
const KEY_MAX = 200;
const SECRET_MAX = 500;
/** Visible ASCII: what an HTTP header carries safely (no spaces, no line breaks). */
const HEADER_TEXT = /^[\x21-\x7e]+$/;

/** 1–80 characters once trimmed. */
export function connectionName(raw: string): string {
  const name = raw.trim().replace(/\s+/g, ' ');
  if (name.length === 0 || name.length > NAME_MAX)
    throw new ConnectionError('INVALID', `A connection's name is 1 to ${NAME_MAX} characters.`, 'name');
  return name;
}

/** An http(s) address without credentials, query or fragment; trailing slashes trimmed. */
export function connectionBaseUrl(raw: string): string {
  const refuse = (why: string) =>
    new ConnectionError(
      'INVALID',
      `The base URL ${why}: write the service's address, like https://reporting.example.com (without /api/v1).`,
      'baseUrl',
    );
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    throw refuse('is not an address');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw refuse('must start with http:// or https://');
  if (url.username !== '' || url.password !== '') throw refuse('must not hold a user name or a password');
  if (url.search !== '' || url.hash !== '') throw refuse('must not hold a query (?…) or a fragment (#…)');
  const address = `${url.protocol}//${url.host}${url.pathname}`.replace(/\/+$/, '');
  if (address.length > 2_000) throw refuse('is too long');
  return address;
}

function headerValue(raw: string, field: 'appKey' | 'appSecret', label: string, max: number): string {
  const value = raw.trim();
  if (value.length === 0 || value.length > max || !HEADER_TEXT.test(value))
    throw new ConnectionError(
      'INVALID',
      `The ${label} is 1 to ${max} visible characters without spaces, as the service's REST API settings show it.`,
      field,
    );
  return value;
}

export const connectionAppKey = (raw: string) => headerValue(raw, 'appKey', 'app key', KEY_MAX);
export const connectionAppSecret = (raw: string) => headerValue(raw, 'appSecret', 'app secret', SECRET_MAX);

export interface Credentials {
  baseUrl: string;
  appKey: string;
  appSecret: string;
}

/** Base URL, app key and app secret, each checked and normalised. */
export function credentialsInput(input: Credentials): Credentials {
  return {
    baseUrl: connectionBaseUrl(input.baseUrl),
    appKey: connectionAppKey(input.appKey),
    appSecret: connectionAppSecret(input.appSecret),
  };
}
