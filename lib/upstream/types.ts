import type { Order, Page, Product, RefundDay, Shop } from '@/lib/contract';
import type { OrdersQueryInput, ProductsQueryInput, RefundsQueryInput, ShopsQueryInput } from '@/lib/contract';

// The one typed port to the Shop Profit Reporting Service. Everything in the dashboard that needs
// upstream data calls an UpstreamClient; nothing else talks HTTP to the upstream.

/** Interactive: a person is waiting. Background: sync. Interactive requests go first. */
export type Priority = 'interactive' | 'background';

export interface CallOptions {
  /** Default 'interactive'. */
  priority?: Priority;
  signal?: AbortSignal;
  /** Skip the short response cache (the result still refreshes it; in-flight calls are still shared). */
  bypassCache?: boolean;
}

export type UpstreamErrorCode =
  | 'INVALID_REQUEST'
  | 'MISSING_CREDENTIALS'
  | 'INVALID_CREDENTIALS'
  | 'FEATURE_UNAVAILABLE'
  | 'SHOP_NOT_FOUND'
  | 'RATE_LIMITED'
  | 'INTERNAL_ERROR'
  /** Timeout, network failure, or a payload that does not match the contract. */
  | 'UPSTREAM_UNAVAILABLE'
  | 'BAD_UPSTREAM_PAYLOAD';

/** Whether the upstream is answering: the basis of "not responding" in what a person reads. */
export interface UpstreamHealth {
  /**
   * How long requests have been sent without any answer (ms: timeouts, a hanging or unreachable
   * upstream), or null when the last request sent was answered. Waiting for budget sends nothing.
   */
  unansweredForMs: number | null;
  /** When the upstream last answered anything (ms), or null. */
  lastAnswerAt: number | null;
}

/** Returned pages are shared by every caller (cache, coalescing) and deep-frozen: copy before sorting. */
export interface UpstreamClient {
  shops(query?: ShopsQueryInput, options?: CallOptions): Promise<Page<Shop>>;
  products(shopId: string, query?: ProductsQueryInput, options?: CallOptions): Promise<Page<Product>>;
  orders(shopId: string, query?: OrdersQueryInput, options?: CallOptions): Promise<Page<Order>>;
  refunds(shopId: string, query: RefundsQueryInput, options?: CallOptions): Promise<Page<RefundDay>>;
  /** Whether the upstream is answering (the real client keeps it; test doubles may not). */
  health?(): UpstreamHealth;
}
