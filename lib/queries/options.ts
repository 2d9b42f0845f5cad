import { queryOptions } from '@tanstack/react-query';
import type { AllShops } from '@/lib/all-shops/all-shops';
import type { AllShopsPnl } from '@/lib/all-shops/pnl-by-month';
import { callApi } from '@/lib/endpoints/client';
import type { ReportEnvelope } from '@/lib/reports/envelope';
import {
  dashboardKeys,
  type AllShopsApiQuery,
  type OrdersApiQuery,
  type ProductsApiQuery,
  type RefundsApiQuery,
  type ReportApiQuery,
} from './keys';

// One definition per endpoint: its cache key, how the browser fetches it (the endpoint by its
// declared name, lib/endpoints/client: its path and data typed from the declaration) and how long
// an answer stays fresh. The hooks (use-*-query.ts) add what only a screen decides (enabled, placeholders,
// polling); the server prefetch fills the same keys through the loaders. Without a staleTime here,
// the query client's default applies (lib/queries/query-client.ts).

/** Shops change rarely; the picker filters this short list as the user types. */
const SHOPS_STALE_MS = 5 * 60_000;

export function shopsQueryOptions() {
  return queryOptions({
    queryKey: dashboardKeys.shops(),
    queryFn: ({ signal }) => callApi('GET shops', {}, { signal }),
    staleTime: SHOPS_STALE_MS,
  });
}

/** The Connections page's data (the owner). */
export function connectionsQueryOptions() {
  return queryOptions({
    queryKey: dashboardKeys.connections(),
    queryFn: ({ signal }) => callApi('GET connections', {}, { signal }),
  });
}

/** The Team page's data (owner and admins). */
export function teamQueryOptions() {
  return queryOptions({
    queryKey: dashboardKeys.team(),
    queryFn: ({ signal }) => callApi('GET team', {}, { signal }),
  });
}

export function ordersQueryOptions(shopId: string, query: OrdersApiQuery) {
  return queryOptions({
    queryKey: dashboardKeys.orders(shopId, query),
    queryFn: ({ signal }) => callApi('GET shops/[shopId]/orders', { params: { shopId }, query }, { signal }),
  });
}

export function productsQueryOptions(shopId: string, query: ProductsApiQuery) {
  return queryOptions({
    queryKey: dashboardKeys.products(shopId, query),
    queryFn: ({ signal }) => callApi('GET shops/[shopId]/products', { params: { shopId }, query }, { signal }),
  });
}

export function refundsQueryOptions(shopId: string, query: RefundsApiQuery) {
  return queryOptions({
    queryKey: dashboardKeys.refunds(shopId, query),
    queryFn: ({ signal }) => callApi('GET shops/[shopId]/refunds', { params: { shopId }, query }, { signal }),
  });
}

export type ReportKind = 'sku-profit' | 'overview' | 'settlement' | 'periods' | 'pnl-by-month' | 'pricing';

/**
 * A report of the local order store; `R` is the report's own shape (SkuReport, Overview,
 * SettlementData): the reports' answers have no declared schema yet, so their data is typed here.
 */
export function reportQueryOptions<R>(kind: ReportKind, shopId: string, query: ReportApiQuery) {
  return queryOptions({
    queryKey: dashboardKeys.report(shopId, kind, query),
    queryFn: ({ signal }) =>
      callApi(`GET shops/[shopId]/reports/${kind}`, { params: { shopId }, query }, { signal }) as Promise<
        ReportEnvelope<R>
      >,
  });
}

/** Every shop of the key in one currency (GET /api/dashboard/all-shops). */
export function allShopsQueryOptions(query: AllShopsApiQuery) {
  return queryOptions({
    queryKey: dashboardKeys.allShops(query),
    queryFn: ({ signal }) => callApi('GET all-shops', { query }, { signal }) as Promise<AllShops>,
  });
}

/** Every shop's P&L by month in one currency (GET /api/dashboard/all-shops/pnl-by-month). */
export function allShopsPnlQueryOptions(query: AllShopsApiQuery) {
  return queryOptions({
    queryKey: dashboardKeys.allShopsPnl(query),
    queryFn: ({ signal }) => callApi('GET all-shops/pnl-by-month', { query }, { signal }) as Promise<AllShopsPnl>,
  });
}

/** The seller's exchange rates, their change log and what undo would revert. */
export function fxRatesQueryOptions() {
  return queryOptions({
    queryKey: dashboardKeys.fxRates(),
    queryFn: ({ signal }) => callApi('GET fx-rates', {}, { signal }),
  });
}

/**
 * The seller's cost inputs of a shop, its audit trail and the SKUs a picker offers. Fresh until a
 * write of this dashboard invalidates it (lib/queries/use-cost-mutations): nothing else changes them.
 */
export function yourCostsQueryOptions(shopId: string) {
  return queryOptions({
    queryKey: dashboardKeys.yourCosts(shopId),
    queryFn: ({ signal }) => callApi('GET shops/[shopId]/your-costs', { params: { shopId } }, { signal }),
  });
}

/** The journal's accounts of a shop: fresh until the page saves them (nothing else changes them). */
export function journalAccountsQueryOptions(shopId: string) {
  return queryOptions({
    queryKey: dashboardKeys.journalAccounts(shopId),
    queryFn: ({ signal }) => callApi('GET shops/[shopId]/books/accounts', { params: { shopId } }, { signal }),
  });
}

/** The person's alerts, latest first; `unreadOnly` is the header's bell (it polls). */
export function alertInboxQueryOptions(unreadOnly = false) {
  return queryOptions({
    queryKey: dashboardKeys.alertInbox(unreadOnly),
    queryFn: ({ signal }) => callApi('GET alerts', { query: unreadOnly ? { unread: 1 } : {} }, { signal }),
  });
}

/** The alert rules, the kinds this person may set and whether they may change them. */
export function alertRulesQueryOptions() {
  return queryOptions({
    queryKey: dashboardKeys.alertRules(),
    queryFn: ({ signal }) => callApi('GET alert-rules', {}, { signal }),
  });
}

/** Where alerts go besides the inbox (owners and admins). */
export function alertChannelsQueryOptions() {
  return queryOptions({
    queryKey: dashboardKeys.alertChannels(),
    queryFn: ({ signal }) => callApi('GET alert-channels', {}, { signal }),
  });
}

/** The delivery log: every message to a channel and its attempts (owners and admins). */
export function alertDeliveriesQueryOptions() {
  return queryOptions({
    queryKey: dashboardKeys.alertDeliveries(),
    queryFn: ({ signal }) => callApi('GET alert-channels/deliveries', {}, { signal }),
  });
}

/** The person's daily and weekly digest choices. */
export function digestQueryOptions() {
  return queryOptions({
    queryKey: dashboardKeys.digest(),
    queryFn: ({ signal }) => callApi('GET account/digest', {}, { signal }),
  });
}
