import 'server-only';
import { serverConfig } from '@/lib/config/env';
import { logger, logWarning, redactAlso } from '@/lib/log';
import { getOrderStore } from '@/lib/store';
import { createKeyClient, getUpstreamClient } from '@/lib/upstream';
import type { UpstreamClient } from '@/lib/upstream/types';
import { RoutedClient, type Route } from './routing';
import { currentKeyring } from '@/lib/secrets';
import { openCredentials, listConnections, rotateSecrets, type Connection } from './store';

// The process's upstream over every connection: the environment's key first (its shops keep their
// ids), then each stored connection with its own client and budget. The list of connections is
// read from the store at most every ROUTES_TTL_MS (another instance's change shows within that),
// and at once after a change made here.

const ROUTES_TTL_MS = 5_000;

/** The name the environment's key goes by in the shop list and on the Connections page. */
export function environmentConnectionName(): string {
  return serverConfig().upstream.baseUrl === null ? 'Demo service' : 'From the environment';
}

interface ConnectionGlobals {
  client?: RoutedClient;
  routes?: { at: number; value: Promise<Route[]> };
  /** One client per connection and version: a change of its key, secret or address makes a new one. */
  clients?: Map<string, { version: number; client: UpstreamClient }>;
  /** SECRETS_KEY_PREVIOUS set: every secret is re-sealed with SECRETS_KEY once per process. */
  rotated?: boolean;
}
const state = ((globalThis as typeof globalThis & { __spdConnections?: ConnectionGlobals }).__spdConnections ??= {});

/** A client that fails every call with `error` (a connection whose secret does not open). */
function failing(error: Error): UpstreamClient {
  const fail = () => Promise.reject(error);
  return { shops: fail, products: fail, orders: fail, refunds: fail };
}

async function clientOf(connection: Connection): Promise<UpstreamClient> {
  const clients = (state.clients ??= new Map());
  const known = clients.get(connection.id);
  if (known && known.version === connection.updatedAt) return known.client;
  const store = await getOrderStore();
  let client: UpstreamClient;
  try {
    const credentials = await openCredentials(store.db, connection.id);
    redactAlso(credentials.appSecret);
    redactAlso(credentials.appKey);
    client = createKeyClient(credentials);
  } catch (error) {
    logWarning('connections', `connection "${connection.name}": its secret does not open`, error);
    return failing(error instanceof Error ? error : new Error(String(error)));
  }
  clients.set(connection.id, { version: connection.updatedAt, client });
  return client;
}

async function readRoutes(): Promise<Route[]> {
  const first: Route = {
    connectionId: null,
    name: environmentConnectionName(),
    prefix: '',
    client: getUpstreamClient(),
  };
  const store = await getOrderStore();
  if (!state.rotated && currentKeyring().previous.length > 0) {
    const { resealed } = await rotateSecrets(store.db);
    state.rotated = true;
    if (resealed > 0)
      logger().info(
        { scope: 'connections' },
        `re-sealed ${resealed} stored secrets with SECRETS_KEY: SECRETS_KEY_PREVIOUS can go`,
      );
  }
  const connections = await listConnections(store.db);
  const stored = await Promise.all(
    connections.map(async (c): Promise<Route> => ({
      connectionId: c.id,
      name: c.name,
      prefix: c.prefix,
      client: await clientOf(c),
    })),
  );
  for (const id of state.clients?.keys() ?? []) if (!connections.some((c) => c.id === id)) state.clients?.delete(id);
  return [first, ...stored];
}

function currentRoutes(now = Date.now()): Promise<Route[]> {
  if (!state.routes || now - state.routes.at >= ROUTES_TTL_MS) {
    const value = readRoutes();
    state.routes = { at: now, value };
    // A store that cannot be read now is read again on the next call, not in 5 s.
    value.catch(() => {
      if (state.routes?.value === value) state.routes = undefined;
    });
  }
  return state.routes.value;
}

/** The dashboard's one upstream client: every connection's shops, each call on its shop's connection. */
export function getRoutedClient(): RoutedClient {
  state.client ??= new RoutedClient(currentRoutes, getUpstreamClient());
  return state.client;
}

/** After a change of the connections here: the next call reads them again. */
export function forgetConnectionRoutes(): void {
  state.routes = undefined;
}
