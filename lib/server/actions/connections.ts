import 'server-only';
import { serverConfig } from '@/lib/config/env';
import { DashboardError } from '@/lib/api/dashboard-error';
import type { ConnectionBody, ConnectionChangeBody, ConnectionTestBody } from '@/lib/api/connection-schemas';
import {
  addConnection,
  getConnection,
  openCredentials,
  removeConnection,
  updateConnection,
} from '@/lib/connections/store';
import { testConnection, type ConnectionTestResult } from '@/lib/connections/test-connection';
import { forgetConnectionRoutes } from '@/lib/connections/upstream';
import { getOrderStore } from '@/lib/store';
import type { Person } from '@/lib/team/people';
import { EMBEDDED_BASE_URL, fetchFor, getUpstreamScheduler } from '@/lib/upstream';
import { forgetConnectedShops } from '../loaders/shops';

// The Connections page's changes (owner only): a key is tested before it is stored (the Test button
// tests without storing), each change is in the Team history, and the shop list is read again at
// once. The list itself: ../loaders/connections.

const actorOf = (person: Person) => ({ id: person.id, name: person.name });

/** Under the demo's published key only the embedded service may be connected: a real secret needs SECRETS_KEY. */
function checkSealable(baseUrl: string): void {
  if (serverConfig().demoSecretsKey && baseUrl.replace(/\/+$/, '') !== EMBEDDED_BASE_URL)
    throw new DashboardError(
      'SECRETS_UNAVAILABLE',
      'Set SECRETS_KEY (32 random bytes, e.g. `openssl rand -base64 32`) and restart before connecting a real Reporting Service: its secret is sealed with that key. Without it, only the demo service can be connected.',
    );
}

/** Reads the shop list once with these credentials (the key's own budget when it is connected already). */
function tryCredentials(credentials: ConnectionTestBody): Promise<ConnectionTestResult> {
  return testConnection(credentials, {
    fetch: fetchFor(credentials.baseUrl.replace(/\/+$/, '')),
    scheduler: getUpstreamScheduler(credentials.appKey),
  });
}

export function testNewConnection(body: ConnectionTestBody): Promise<ConnectionTestResult> {
  return tryCredentials(body);
}

export async function testStoredConnection(id: string): Promise<ConnectionTestResult> {
  const store = await getOrderStore();
  return tryCredentials(await openCredentials(store.db, id));
}

/** Credentials that do not read the shop list are not stored: the sentence says what went wrong. */
async function requireWorking(credentials: ConnectionTestBody): Promise<ConnectionTestResult> {
  const test = await tryCredentials(credentials);
  if (test.outcome !== 'ok') throw new DashboardError('INVALID_REQUEST', `Not saved: ${test.message}`);
  return test;
}

/** The shop list and the routes are read again: the new connection's shops appear at once. */
function connectionsChanged(): void {
  forgetConnectionRoutes();
  forgetConnectedShops();
}

export async function addNewConnection(person: Person, body: ConnectionBody) {
  checkSealable(body.baseUrl);
  const test = await requireWorking(body);
  const store = await getOrderStore();
  const connection = await addConnection(store.db, body, actorOf(person));
  connectionsChanged();
  return { connection, test };
}

export async function changeConnection(person: Person, id: string, body: ConnectionChangeBody) {
  const store = await getOrderStore();
  const credentialsChange = body.baseUrl !== undefined || body.appKey !== undefined || body.appSecret !== undefined;
  let test: ConnectionTestResult | null = null;
  if (credentialsChange) {
    const current = await openCredentials(store.db, id);
    const next = { ...current, ...withoutUndefined(body) };
    checkSealable(next.baseUrl);
    test = await requireWorking(next);
  }
  const connection = await updateConnection(store.db, id, body, actorOf(person));
  connectionsChanged();
  return { connection, test };
}

export async function deleteConnection(person: Person, id: string) {
  const store = await getOrderStore();
  if (!(await getConnection(store.db, id)))
    throw new DashboardError('NOT_FOUND', 'This connection no longer exists (it was removed). Reload to see the list.');
  const connection = await removeConnection(store.db, id, actorOf(person));
  // Its shops leave the list; their stored orders stay (connecting the key again shows them again).
  connectionsChanged();
  return { connection };
}

function withoutUndefined<T extends object>(value: T): { [K in keyof T]: Exclude<T[K], undefined> } {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as never;
}
