import type {
  AllShopsViewState,
  CostViewState,
  FrameState,
  OrdersViewState,
  ProductsViewState,
  SkuViewState,
} from './parsers';
import { DEFAULT_RANGE } from './parsers';

// Turns a parsed view into the dashboard API's query string. The names are the same; this only
// decides which of `range` or `from`/`to` is sent and leaves out empty values.

type Scalar = string | number | null | undefined;

function toSearch(entries: Record<string, Scalar>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(entries)) {
    if (value === null || value === undefined) continue;
    const text = String(value).trim();
    if (text !== '') params.set(key, text);
  }
  return params.toString();
}

/** A custom range needs both days in order; anything else falls back to a preset. */
export function rangeQuery(frame: Pick<FrameState, 'range' | 'from' | 'to'>): Record<string, string> {
  if (frame.range === 'custom') {
    if (frame.from && frame.to && frame.from <= frame.to) return { from: frame.from, to: frame.to };
    return { range: DEFAULT_RANGE };
  }
  return { range: frame.range };
}

export function ordersApiQuery(view: Omit<OrdersViewState, 'shop'>): string {
  const { range: _r, from: _f, to: _t, ...rest } = view;
  return toSearch({ ...rangeQuery(view), ...rest });
}

export function productsApiQuery(view: Omit<ProductsViewState, 'shop' | 'range' | 'from' | 'to'>): string {
  return toSearch({ ...view });
}

export function refundsApiQuery(frame: Pick<FrameState, 'range' | 'from' | 'to'>): string {
  return toSearch(rangeQuery(frame));
}

/** The cost view's API parameters; the defaults (the seller's costs, no allocation) are left out, so a default view keeps its cache key. */
export function costViewQuery(view: CostViewState): Record<string, string> {
  return {
    ...(view.costs === 'service' ? { costs: 'service' } : {}),
    ...(view.allocate === 'on' ? { allocate: 'on' } : {}),
  };
}

/** Appends the cost view to an API query string. */
export function withCostView(query: string, view: CostViewState): string {
  const params = new URLSearchParams(query);
  for (const [k, v] of Object.entries(costViewQuery(view))) params.set(k, v);
  return params.toString();
}

/** The export of a view takes the view's filters but never its page. */
export function withoutPaging(query: string): string {
  const params = new URLSearchParams(query);
  params.delete('page');
  params.delete('limit');
  return params.toString();
}

/** The SKU report API's query string for a frame and a view (defaults included: one cache key per view). */
export function skuApiQuery(frame: Pick<FrameState, 'range' | 'from' | 'to'>, view: SkuViewState): string {
  const params = new URLSearchParams(rangeQuery(frame));
  if (view.q?.trim()) params.set('q', view.q.trim());
  params.set('sort', view.sort);
  params.set('dir', view.dir);
  params.set('cancelled', view.cancelled);
  params.set('samples', view.samples);
  return params.toString();
}

/** The All shops API's query for a frame and a view (defaults included: one cache key per view). */
export function allShopsApiQuery(
  frame: Pick<FrameState, 'range' | 'from' | 'to'>,
  view: AllShopsViewState,
  costView: CostViewState,
): string {
  const params = new URLSearchParams(rangeQuery(frame));
  params.set('currency', view.currency);
  params.set('merge', view.merge);
  params.set('cancelled', view.cancelled);
  params.set('samples', view.samples);
  // Only whether the seller's costs count: each shop's ad spend and expenses stay whole-shop lines here.
  if (costViewQuery(costView).costs) params.set('costs', 'service');
  return params.toString();
}
