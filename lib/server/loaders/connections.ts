import 'server-only';
import { serverConfig } from '@/lib/config/env';
import type { ConnectionItem, ConnectionsData } from '@/lib/api/connection-schemas';
import { keyHint, listConnections, type Connection } from '@/lib/connections/store';
import { budgetOfShop } from '@/lib/connections/routing';
import { environmentConnectionName } from '@/lib/connections/upstream';
import { getOrderStore } from '@/lib/store';
import { EMBEDDED_BASE_URL } from '@/lib/upstream';
import { connectedShops } from './shops';

// The Connections page (owner only): the upstream keys the dashboard reads, each with its own
// budget. Secrets go in and never come out: a connection is answered with a hint of its key.
// Testing, adding, changing and removing one: ../actions/connections.

async function shopCounts(): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  const shops = await connectedShops().catch(() => []);
  for (const shop of shops) counts.set(budgetOfShop(shop.id), (counts.get(budgetOfShop(shop.id)) ?? 0) + 1);
  return counts;
}

export async function loadConnections(): Promise<ConnectionsData> {
  const config = serverConfig();
  const store = await getOrderStore();
  const [stored, counts] = await Promise.all([listConnections(store.db), shopCounts()]);
  const environment: ConnectionItem = {
    id: null,
    name: environmentConnectionName(),
    baseUrl: config.upstream.baseUrl ?? EMBEDDED_BASE_URL,
    appKeyHint: keyHint(config.upstream.appKey),
    shops: counts.get('') ?? 0,
    createdAt: null,
  };
  const item = (c: Connection): ConnectionItem => ({
    id: c.id,
    name: c.name,
    baseUrl: c.baseUrl,
    appKeyHint: c.appKeyHint,
    shops: counts.get(c.prefix) ?? 0,
    createdAt: c.createdAt,
  });
  return {
    items: [environment, ...stored.map(item)],
    embeddedBaseUrl: config.upstream.baseUrl === null ? EMBEDDED_BASE_URL : null,
    demoSecretsKey: config.demoSecretsKey,
  };
}
