import {
  createLoader,
  createParser,
  createSerializer,
  parseAsInteger,
  parseAsNumberLiteral,
  parseAsString,
  parseAsStringLiteral,
  type inferParserType,
} from 'nuqs/server';
// Zod-free sources only: this module is part of every page's browser bundle.
import { ORDER_TYPES, SAMPLE_ORDER_VALUES } from '@/lib/contract/constants';
import { DEFAULT_PAGE_SIZE, DEFAULT_RANGE_PRESET, PAGE_SIZES } from '@/lib/api/view-defaults';
import { RANGE_PRESET_IDS } from '@/lib/time/range';
import { CANCELLED_CHOICES, SAMPLES_CHOICES } from '@/lib/profit/switches';
import { SKU_SORT_KEYS } from '@/lib/reports/sort-keys';
import { DEFAULT_ALL_SHOPS_CURRENCY, ALL_SHOPS_MERGES } from '@/lib/api/view-defaults';

// The URL holds the view state (docs/ARCHITECTURE.md#view-state). Every parameter is defined once here and read by the
// server pages (loaders) and the client hooks alike. Names match the dashboard API's query
// parameters so a view forwards them unchanged.

export { PAGE_SIZES, DEFAULT_PAGE_SIZE };
/** A size the API accepts; anything else becomes the default. */
export function toPageSize(n: number): (typeof PAGE_SIZES)[number] {
  return (PAGE_SIZES as readonly number[]).includes(n) ? (n as (typeof PAGE_SIZES)[number]) : DEFAULT_PAGE_SIZE;
}
export const DEFAULT_RANGE = DEFAULT_RANGE_PRESET as (typeof RANGE_PRESET_IDS)[number];
const SORTS = ['desc', 'asc'] as const;

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A calendar day `YYYY-MM-DD` (a day on the shop's calendar, not an instant); invalid → null. */
const parseAsDay = createParser<string>({
  parse(value) {
    if (!ISO_DAY.test(value)) return null;
    const date = new Date(`${value}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value) ? value : null;
  },
  serialize: (value) => value,
});

/** Page numbers start at 1; anything else falls back to the first page. */
const parseAsPage = createParser<number>({
  parse(value) {
    const n = parseAsInteger.parse(value);
    return n !== null && n >= 1 ? n : null;
  },
  serialize: String,
});

/** Shop and date range: shared by every page of the dashboard (the header owns them). */
export const frameParsers = {
  shop: parseAsString,
  range: parseAsStringLiteral(RANGE_PRESET_IDS).withDefault(DEFAULT_RANGE),
  from: parseAsDay,
  to: parseAsDay,
};

/**
 * Which costs the figures count (docs/ARCHITECTURE.md#your-costs): the seller's inputs too (`mine`,
 * the default) or the service's only; and whether whole-shop costs are allocated to SKUs.
 */
export const costViewParsers = {
  costs: parseAsStringLiteral(['mine', 'service'] as const).withDefault('mine'),
  allocate: parseAsStringLiteral(['off', 'on'] as const).withDefault('off'),
};
export type CostViewState = inferParserType<typeof costViewParsers>;

const paginationParsers = {
  page: parseAsPage.withDefault(1),
  limit: parseAsNumberLiteral(PAGE_SIZES).withDefault(DEFAULT_PAGE_SIZE),
};

/** Every order filter of the spec (4.3). */
export const orderFilterParsers = {
  status: parseAsString,
  orderType: parseAsStringLiteral(ORDER_TYPES),
  sampleOrder: parseAsStringLiteral(SAMPLE_ORDER_VALUES),
  orderNumber: parseAsString,
  name: parseAsString,
  productId: parseAsString,
  skuId: parseAsString,
  skuName: parseAsString,
};

/** The spec's product filters (4.2). */
export const productFilterParsers = {
  name: parseAsString,
  productId: parseAsString,
  skuName: parseAsString,
  skuId: parseAsString,
};

export const ordersViewParsers = {
  ...frameParsers,
  ...paginationParsers,
  sort: parseAsStringLiteral(SORTS).withDefault('desc'),
  ...orderFilterParsers,
};

export const productsViewParsers = { ...frameParsers, ...paginationParsers, ...productFilterParsers };
const refundsViewParsers = frameParsers;

export type FrameState = inferParserType<typeof frameParsers>;
export type OrdersViewState = inferParserType<typeof ordersViewParsers>;
export type ProductsViewState = inferParserType<typeof productsViewParsers>;
export type RefundsViewState = inferParserType<typeof refundsViewParsers>;
export type OrderFilters = inferParserType<typeof orderFilterParsers>;
export type ProductFilters = inferParserType<typeof productFilterParsers>;

// Server pages read a view from the URL's search params with these (nuqs calls them loaders; in
// this repository a loader is the one function a route calls for its data, lib/api/server/loaders).
export const readOrdersViewFromUrl = createLoader(ordersViewParsers);
export const readProductsViewFromUrl = createLoader(productsViewParsers);
export const readRefundsViewFromUrl = createLoader(refundsViewParsers);
/** Shop and range only: pages that list no server-paged rows (Your costs). */
export const readFrameFromUrl = createLoader(frameParsers);

/** Query string carrying shop and range, for links between pages (defaults are left out). */
export const serializeFrame = createSerializer(frameParsers, { clearOnDefault: true });

/** The cancelled and sample switches, as the SKU profit and All shops views keep them. */
const switchParsers = {
  cancelled: parseAsStringLiteral(CANCELLED_CHOICES).withDefault('exclude'),
  samples: parseAsStringLiteral(SAMPLES_CHOICES).withDefault('separate'),
};

/** The SKU profit page beside the frame: search, sort and the switches, named as the API's query. */
export const skuViewParsers = {
  q: parseAsString,
  sort: parseAsStringLiteral(SKU_SORT_KEYS).withDefault('netProfit'),
  dir: parseAsStringLiteral(SORTS).withDefault('desc'),
  ...switchParsers,
};
export type SkuViewState = inferParserType<typeof skuViewParsers>;

const parseAsCurrency = createParser<string>({
  parse: (value) => (/^[A-Za-z]{3}$/.test(value) ? value.toUpperCase() : null),
  serialize: (value) => value,
});

/** "All shops" beside the range and cost view (no shop: every shop is shown). */
export const allShopsParsers = {
  currency: parseAsCurrency.withDefault(DEFAULT_ALL_SHOPS_CURRENCY),
  merge: parseAsStringLiteral(ALL_SHOPS_MERGES).withDefault('sellerSku'),
  ...switchParsers,
};
export type AllShopsViewState = inferParserType<typeof allShopsParsers>;
