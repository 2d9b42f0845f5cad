import 'server-only';
import { paginate, type Page, type Shop } from '@/lib/contract';
import { iteratePages, UpstreamError } from '@/lib/upstream';
import type { CallOptions, Priority, UpstreamClient, UpstreamHealth } from '@/lib/upstream/types';

// The dashboard's one upstream client over every connection (docs/ARCHITECTURE.md#connections).
// Each connection has its own client, so its own scheduler and budget (60 requests a minute per
// key): a backfill on one key queues on that key alone. Shops keep the id their own key gives them
// on the first connection (the environment's key, so stores, grants and links made before
// connections stay valid); a shop of another connection is `<prefix>~<id>`, the prefix a short hash
// of that connection's address and key, and a shop-scoped call goes to that connection with the
// shop's own id. Everything
// above (the sync, the loaders) sees one client and one list of shop ids.

/** Between a connection's prefix and the shop's own id. */
const PREFIX_SEPARATOR = '~';
/** A prefixed shop id: 8 hex digits (lib/connections/store's keyPrefix), the separator, the shop's own id. */
const PREFIXED = /^([0-9a-f]{8})~/;

export interface Route {
  /** null for the environment's key. */
  connectionId: string | null;
  name: string;
  /** '' for the first connection (its shops keep their own ids). */
  prefix: string;
  client: UpstreamClient;
}

/** A connection whose shops could not be listed, and why (a sentence). */
export interface ConnectionProblem {
  connectionId: string | null;
  name: string;
  reason: string;
}

/** A shop, its id as the dashboard knows it, and the connection it belongs to. */
export type RoutedShop = Shop & { connection: { id: string | null; name: string } };

/** Which connection's budget a shop's requests spend: its prefix, or '' for the first connection. */
export function budgetOfShop(shopId: string): string {
  return PREFIXED.exec(shopId)?.[1] ?? '';
}

export function routedShopId(prefix: string, shopId: string): string {
  return prefix ? `${prefix}${PREFIX_SEPARATOR}${shopId}` : shopId;
}

function problemOf(error: unknown): string {
  if (error instanceof UpstreamError) {
    if (error.code === 'INVALID_CREDENTIALS' || error.code === 'MISSING_CREDENTIALS')
      return 'the Reporting Service refuses its app key or app secret: enter them again under Connections';
    if (error.code === 'FEATURE_UNAVAILABLE') return "the key's plan does not include the REST interface";
    if (error.code === 'RATE_LIMITED') return "its key's budget is spent for now; its shops come back within a minute";
    return `its Reporting Service is not answering (${error.message.slice(0, 160)})`;
  }
  if (error instanceof Error && error.name === 'SecretsError') return error.message;
  return 'its shops could not be listed';
}

/**
 * A client over every connection. Structural, not `instanceof`: Next gives route bundles their own
 * copy of a class, and the process's one client (kept on globalThis) is an instance of one of them.
 */
export function isRoutedClient(client: UpstreamClient): client is RoutedClient {
  return typeof (client as Partial<RoutedClient>).allShops === 'function';
}

export class RoutedClient implements UpstreamClient {
  constructor(
    private readonly routes: () => Promise<Route[]>,
    /** The first connection's client: whether it answers is what "not responding" is about. */
    private readonly first: UpstreamClient,
  ) {}

  health(): UpstreamHealth {
    return this.first.health?.() ?? { unansweredForMs: null, lastAnswerAt: null };
  }

  /** The connection of a shop id and the shop's own id; a prefix of no connection is a shop nobody lists now. */
  private async route(shopId: string): Promise<[Route, string]> {
    const routes = await this.routes();
    const prefixed = PREFIXED.exec(shopId);
    const route = prefixed ? routes.find((r) => r.prefix === prefixed[1]) : routes.find((r) => r.prefix === '');
    if (route) return [route, prefixed ? shopId.slice(prefixed[0].length) : shopId];
    throw new UpstreamError({
      code: 'SHOP_NOT_FOUND',
      message: 'No connection lists this shop any more (its connection was removed).',
      requestPath: '/api/v1/shops',
    });
  }

  /** Whether a connection still answers for this shop id (the first connection's ids always). */
  async serves(shopId: string): Promise<boolean> {
    const prefixed = PREFIXED.exec(shopId);
    return !prefixed || (await this.routes()).some((r) => r.prefix === prefixed[1]);
  }

  /**
   * Every connection's shops (all pages of each), with their dashboard ids and connection; a
   * connection that cannot list its shops is a problem beside the others' shops, not a failure.
   */
  async allShops(priority: Priority): Promise<{ shops: RoutedShop[]; problems: ConnectionProblem[] }> {
    const routes = await this.routes();
    const lists = await Promise.all(
      routes.map(async (route) => {
        try {
          const shops: RoutedShop[] = [];
          const connection = { id: route.connectionId, name: route.name };
          for await (const page of iteratePages((page, limit) =>
            route.client.shops({ page, limit }, { priority, bypassCache: true }),
          ))
            for (const shop of page.items) shops.push({ ...shop, id: routedShopId(route.prefix, shop.id), connection });
          return { shops, problem: null };
        } catch (error) {
          // The first connection failing is the whole list failing, as before connections.
          if (route.prefix === '') throw error;
          const problem = { connectionId: route.connectionId, name: route.name, reason: problemOf(error) };
          return { shops: [], problem };
        }
      }),
    );
    return {
      shops: lists.flatMap((l) => l.shops),
      problems: lists.flatMap((l) => (l.problem ? [l.problem] : [])),
    };
  }

  async shops(query: { page?: number; limit?: number } = {}, options: CallOptions = {}): Promise<Page<Shop>> {
    const { shops } = await this.allShops(options.priority ?? 'interactive');
    const page = query.page ?? 1;
    const limit = query.limit ?? 20;
    const items = shops.slice((page - 1) * limit, page * limit).map(({ connection: _c, ...shop }) => shop);
    return { items, pagination: paginate(shops.length, page, limit) };
  }

  async products(...[shopId, query, options]: Parameters<UpstreamClient['products']>) {
    const [route, own] = await this.route(shopId);
    return route.client.products(own, query, options);
  }

  async orders(...[shopId, query, options]: Parameters<UpstreamClient['orders']>) {
    const [route, own] = await this.route(shopId);
    return route.client.orders(own, query, options);
  }

  async refunds(...[shopId, query, options]: Parameters<UpstreamClient['refunds']>) {
    const [route, own] = await this.route(shopId);
    return route.client.refunds(own, query, options);
  }
}
