import type { AppCredential, ServiceStore } from './store/types';
import { verifySecret } from './secret-hash';
import { ServiceError } from './errors';

// docs/reporting-service.md (Shape of every call, Errors): absent header → MISSING_CREDENTIALS; wrong key or secret →
// INVALID_CREDENTIALS, with the same message either way so a caller cannot tell which was wrong.
// verifySecret compares in constant time and memoises verdicts, so a known pair costs one SHA-256.

/**
 * An unknown key still pays for one hash (against this throw-away salt and a hash of the real
 * length) so that the response time does not reveal which keys exist.
 */
const DUMMY_SALT = '0123456789abcdef0123456789abcdef';
const DUMMY_HASH = 'f'.repeat(64);

const invalidCredentials = () => new ServiceError('INVALID_CREDENTIALS', 'The app key or app secret is wrong.');

export type Authenticator = (headers: Pick<Headers, 'get'>) => Promise<AppCredential>;

export function createAuthenticator(store: Pick<ServiceStore, 'findCredential'>): Authenticator {
  return async function authenticate(headers) {
    const appKey = headers.get('x-app-key')?.trim();
    const secret = headers.get('x-app-secret')?.trim();
    if (!appKey || !secret) {
      throw new ServiceError('MISSING_CREDENTIALS', 'The X-App-Key and X-App-Secret headers are required.');
    }
    const credential = await store.findCredential(appKey);
    if (!credential) {
      await verifySecret(secret, DUMMY_HASH, DUMMY_SALT);
      throw invalidCredentials();
    }
    if (!(await verifySecret(secret, credential.secretHash, credential.salt))) throw invalidCredentials();
    return credential;
  };
}
