import { queryOptions } from '@tanstack/react-query';
import { fetchJson } from '@/lib/api/fetch-json';
import { shopApiPath } from '@/lib/api/paths';
import type { OrdersData, ProductsData, RefundsData, ShopsData } from '@/lib/api/schemas';
import type { AllShops } from '@/lib/all-shops/all-shops';
import type { AllShopsPnl } from '@/lib/all-shops/pnl-by-month';
import type { AuditEntry, FxRate } from '@/lib/costs/types';
import type { CostsData } from '@/lib/costs/data';
import type { ReportEnvelope } from '@/lib/reports/envelope';
import type { AccountMapData } from '@/lib/reports/journal-schemas';
import type { AlertInbox, AlertRules, ChannelItem, DeliveryItem, DigestPrefs } from '@/lib/alerts/schemas';
import { toSearch } from '@/lib/views/view';
import {
  dashboardKeys,
  type AllShopsApiQuery,
  type OrdersApiQuery,
  type ProductsApiQuery,
  type RefundsApiQuery,
  type ReportApiQuery,
} from './keys';

// One definition per endpoint: its cache key, how the browser fetches it and how long an answer
// stays fresh. The hooks (use-*-query.ts) add what only a screen decides (enabled, placeholders,
// polling); the server prefetch fills the same keys through the loaders. Without a staleTime here,
// the query client's default applies (lib/queries/query-client.ts).

/** Shops change rarely; the picker filters this short list as the user types. */
const SHOPS_STALE_MS = 5 * 60_000;

export function shopsQueryOptions() {
  return queryOptions({
    queryKey: dashboardKeys.shops(),
    queryFn: ({ signal }) => fetchJson<ShopsData>('/api/dashboard/shops', { signal }),
    staleTime: SHOPS_STALE_MS,
  });
}

/** The Connections page's data (the owner); `T` is the page's own view of it. */
export function connectionsQueryOptions<T>() {
  return queryOptions({
    queryKey: dashboardKeys.connections(),
    queryFn: ({ signal }) => fetchJson<T>('/api/dashboard/connections', { signal }),
  });
}

/** The Team page's data (owner and admins); `T` is the page's own view of it. */
export function teamQueryOptions<T>() {
  return queryOptions({
    queryKey: dashboardKeys.team(),
    queryFn: ({ signal }) => fetchJson<T>('/api/dashboard/team', { signal }),
  });
}

export function ordersQueryOptions(shopId: string, query: OrdersApiQuery) {
  return queryOptions({
    queryKey: dashboardKeys.orders(shopId, query),
    queryFn: ({ signal }) => fetchJson<OrdersData>(shopApiPath(shopId, 'orders', toSearch(query)), { signal }),
  });
}

export function productsQueryOptions(shopId: string, query: ProductsApiQuery) {
  return queryOptions({
    queryKey: dashboardKeys.products(shopId, query),
    queryFn: ({ signal }) => fetchJson<ProductsData>(shopApiPath(shopId, 'products', toSearch(query)), { signal }),
  });
}

export function refundsQueryOptions(shopId: string, query: RefundsApiQuery) {
  return queryOptions({
    queryKey: dashboardKeys.refunds(shopId, query),
    queryFn: ({ signal }) => fetchJson<RefundsData>(shopApiPath(shopId, 'refunds', toSearch(query)), { signal }),
  });
}

export type ReportKind = 'sku-profit' | 'overview' | 'settlement' | 'periods' | 'pnl-by-month' | 'pricing';

/** A report of the local order store; `R` is the report's own shape (SkuReport, Overview, SettlementData). */
export function reportQueryOptions<R>(kind: ReportKind, shopId: string, query: ReportApiQuery) {
  return queryOptions({
    queryKey: dashboardKeys.report(shopId, kind, query),
    queryFn: ({ signal }) =>
      fetchJson<ReportEnvelope<R>>(shopApiPath(shopId, `reports/${kind}`, toSearch(query)), { signal }),
  });
}

/** Every shop of the key in one currency (GET /api/dashboard/all-shops). */
export function allShopsQueryOptions(query: AllShopsApiQuery) {
  return queryOptions({
    queryKey: dashboardKeys.allShops(query),
    queryFn: ({ signal }) => fetchJson<AllShops>(`/api/dashboard/all-shops?${toSearch(query)}`, { signal }),
  });
}

/** Every shop's P&L by month in one currency (GET /api/dashboard/all-shops/pnl-by-month). */
export function allShopsPnlQueryOptions(query: AllShopsApiQuery) {
  return queryOptions({
    queryKey: dashboardKeys.allShopsPnl(query),
    queryFn: ({ signal }) =>
      fetchJson<AllShopsPnl>(`/api/dashboard/all-shops/pnl-by-month?${toSearch(query)}`, { signal }),
  });
}

/** The seller's exchange rates, their change log and what undo would revert (GET /api/dashboard/fx-rates). */
export interface FxRatesData {
  rates: FxRate[];
  audit: AuditEntry[];
  undoable: AuditEntry | null;
}

export function fxRatesQueryOptions() {
  return queryOptions({
    queryKey: dashboardKeys.fxRates(),
    queryFn: ({ signal }) => fetchJson<FxRatesData>('/api/dashboard/fx-rates', { signal }),
  });
}

/**
 * The seller's cost inputs of a shop, its audit trail and the SKUs a picker offers. Fresh until a
 * write of this dashboard invalidates it (lib/queries/use-cost-mutations): nothing else changes them.
 */
export function yourCostsQueryOptions(shopId: string) {
  return queryOptions({
    queryKey: dashboardKeys.yourCosts(shopId),
    queryFn: ({ signal }) => fetchJson<CostsData>(shopApiPath(shopId, 'your-costs'), { signal }),
  });
}

/** The journal's accounts of a shop: fresh until the page saves them (nothing else changes them). */
export function journalAccountsQueryOptions(shopId: string) {
  return queryOptions({
    queryKey: dashboardKeys.journalAccounts(shopId),
    queryFn: ({ signal }) => fetchJson<AccountMapData>(shopApiPath(shopId, 'books/accounts'), { signal }),
  });
}

/** The person's alerts, latest first; `unreadOnly` is the header's bell (it polls). */
export function alertInboxQueryOptions(unreadOnly = false) {
  return queryOptions({
    queryKey: dashboardKeys.alertInbox(unreadOnly),
    queryFn: ({ signal }) => fetchJson<AlertInbox>(`/api/dashboard/alerts${unreadOnly ? '?unread=1' : ''}`, { signal }),
  });
}

/** The alert rules, the kinds this person may set and whether they may change them. */
export function alertRulesQueryOptions() {
  return queryOptions({
    queryKey: dashboardKeys.alertRules(),
    queryFn: ({ signal }) => fetchJson<AlertRules>('/api/dashboard/alert-rules', { signal }),
  });
}

/** Where alerts go besides the inbox (owners and admins). */
export function alertChannelsQueryOptions() {
  return queryOptions({
    queryKey: dashboardKeys.alertChannels(),
    queryFn: ({ signal }) => fetchJson<{ items: ChannelItem[] }>('/api/dashboard/alert-channels', { signal }),
  });
}

/** The delivery log: every message to a channel and its attempts (owners and admins). */
export function alertDeliveriesQueryOptions() {
  return queryOptions({
    queryKey: dashboardKeys.alertDeliveries(),
    queryFn: ({ signal }) =>
      fetchJson<{ items: DeliveryItem[] }>('/api/dashboard/alert-channels/deliveries', { signal }),
  });
}

/** The person's daily and weekly digest choices. */
export function digestQueryOptions() {
  return queryOptions({
    queryKey: dashboardKeys.digest(),
    queryFn: ({ signal }) => fetchJson<DigestPrefs>('/api/dashboard/account/digest', { signal }),
  });
}
