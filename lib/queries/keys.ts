import type { ViewQuery } from '@/lib/views/view';
import type { ordersView } from '@/lib/views/orders';
import type { skuCostsView } from '@/lib/views/sku-costs';
import type { refundsView } from '@/lib/views/refunds';
import type { skuProfitView } from '@/lib/views/sku-profit';
import type { overviewView } from '@/lib/views/overview';
import type { allShopsView } from '@/lib/views/all-shops';
import type { settlementView } from '@/lib/views/settlement';
import type { pnlByMonthView } from '@/lib/views/pnl-by-month';
import type { pricingView } from '@/lib/views/pricing';

// The one query-key factory: every key starts with the endpoint family, then the shop, then the
// view's query (lib/views: a plain object without defaults, one form per view), so two views asking
// the same question share one cache entry, and the key is the request's query.

export type OrdersApiQuery = ViewQuery<typeof ordersView.fields>;
export type ProductsApiQuery = ViewQuery<typeof skuCostsView.fields>;
export type RefundsApiQuery = ViewQuery<typeof refundsView.fields>;
export type ReportApiQuery =
  | ViewQuery<typeof skuProfitView.fields>
  | ViewQuery<typeof overviewView.fields>
  | ViewQuery<typeof settlementView.fields>
  | ViewQuery<typeof pnlByMonthView.fields>
  | ViewQuery<typeof pricingView.fields>;
export type AllShopsApiQuery = ViewQuery<typeof allShopsView.fields>;

export const dashboardKeys = {
  all: ['dashboard'] as const,
  shops: () => [...dashboardKeys.all, 'shops'] as const,
  /** The Team page: people, pending links, history. */
  team: () => [...dashboardKeys.all, 'team'] as const,
  /** Access tokens and live links: the person's own (Account) or everyone's (Team). */
  accessTokens: (scope: 'account' | 'team') => [...dashboardKeys.all, 'access-tokens', scope] as const,
  /** The Connections page: the upstream keys (owner only). */
  connections: () => [...dashboardKeys.all, 'connections'] as const,
  shop: (shopId: string) => [...dashboardKeys.all, 'shop', shopId] as const,
  orders: (shopId: string, query: OrdersApiQuery) => [...dashboardKeys.shop(shopId), 'orders', query] as const,
  /** Every page of a shop's catalog (the SKU costs page, with the seller's unit costs). */
  productPages: (shopId: string) => [...dashboardKeys.shop(shopId), 'products'] as const,
  products: (shopId: string, query: ProductsApiQuery) => [...dashboardKeys.productPages(shopId), query] as const,
  refunds: (shopId: string, query: RefundsApiQuery) => [...dashboardKeys.shop(shopId), 'refunds', query] as const,
  reports: (shopId: string) => [...dashboardKeys.shop(shopId), 'reports'] as const,
  /** The shop's closed months and the adjustments to them (the P&L by month's close). */
  books: (shopId: string) => [...dashboardKeys.shop(shopId), 'books'] as const,
  /** The shop's saved pricing scenarios (the Pricing page). */
  pricingScenarios: (shopId: string) => [...dashboardKeys.shop(shopId), 'pricing-scenarios'] as const,
  report: (shopId: string, kind: string, query: ReportApiQuery) =>
    [...dashboardKeys.reports(shopId), kind, query] as const,
  /** The seller's own cost inputs of a shop (every range: the page filters ad spend itself). */
  yourCosts: (shopId: string) => [...dashboardKeys.shop(shopId), 'your-costs'] as const,
  /** The account each P&L line posts to in the shop's journal (the journal accounts page). */
  journalAccounts: (shopId: string) => [...dashboardKeys.shop(shopId), 'books', 'accounts'] as const,
  /** Every shop at once (the "All shops" page); seller-level, so not under a shop. */
  allShops: (query: AllShopsApiQuery) => [...dashboardKeys.all, 'all-shops', query] as const,
  /** Every shop's P&L by month in one currency (the All shops page's statement). */
  allShopsPnl: (query: AllShopsApiQuery) => [...dashboardKeys.all, 'all-shops', 'pnl-by-month', query] as const,
  /** The jump-to's SKUs and orders of a shop for what was typed (and the range, for the orders' days). */
  jump: (shopId: string, query: { q: string; range?: string; from?: string; to?: string }) =>
    [...dashboardKeys.shop(shopId), 'jump', query] as const,
  fxRates: () => [...dashboardKeys.all, 'fx-rates'] as const,
  /** The person's alerts (the inbox; the header's bell asks for the unread ones alone). */
  alerts: () => [...dashboardKeys.all, 'alerts'] as const,
  alertInbox: (unreadOnly: boolean) => [...dashboardKeys.alerts(), 'inbox', { unreadOnly }] as const,
  alertRules: () => [...dashboardKeys.alerts(), 'rules'] as const,
  /** Where alerts go and the delivery log (owners and admins). */
  alertChannels: () => [...dashboardKeys.alerts(), 'channels'] as const,
  alertDeliveries: () => [...dashboardKeys.alerts(), 'deliveries'] as const,
  /** The person's digest choices (the Account page). */
  digest: () => [...dashboardKeys.all, 'digest'] as const,
};
