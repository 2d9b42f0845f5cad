import { createLoader, createParser, createSerializer, type SingleParserBuilder } from 'nuqs/server';
import { leniently, shop, type Field, type Fields, type ValueOf } from './field';
import { rangeParams, type RangeFields } from './range';

// A view contract (docs/ARCHITECTURE.md#view-contracts): the fields one page's data is asked with.
// From them come the nuqs parsers the page and its hooks read the URL with, the typed query that
// is both the TanStack query key and the request's query string (./query.ts), and the route
// handler's one parse (./schema.ts).

type WithDefault<T> = ReturnType<SingleParserBuilder<T>['withDefault']>;

/** The nuqs parser of each field: with a default where the field has one. */
export type ParsersOf<F extends Fields> = {
  [K in keyof F]: F[K] extends Field<infer T, infer D>
    ? null extends D
      ? SingleParserBuilder<T>
      : WithDefault<T>
    : never;
};

/** A view's values, as a page reads them from its URL. */
export type ViewState<F extends Fields> = { [K in keyof F]: ValueOf<F[K]> };

export interface View<F extends Fields> {
  readonly fields: F;
  readonly parsers: ParsersOf<F>;
}

function parserOf<T>(field: Field<T>) {
  const parser = createParser<T>({ parse: (text) => leniently(field, text), serialize: field.write });
  return field.fallback === null ? parser : parser.withDefault(field.fallback as NonNullable<T>);
}

export function defineView<F extends Fields>(fields: F): View<F> {
  const parsers = Object.fromEntries(Object.entries(fields).map(([name, field]) => [name, parserOf(field)]));
  return { fields, parsers: parsers as ParsersOf<F> };
}

/** Reads a view and the shop from a server page's search params, leniently (an unreadable value is its default). */
export function readViewFromUrl<F extends Fields>(view: View<F>) {
  return createLoader({ shop: parserOf(shop), ...view.parsers });
}

/**
 * A link to a page of `view` with the shop and a state, written as the page's own hooks write its
 * URL (defaults left out; a custom range as `range=custom&from=…&to=…`): for links made elsewhere
 * (an alert's, an email's).
 */
export function pageLink<F extends Fields>(view: View<F>) {
  return createSerializer({ shop: parserOf(shop), ...view.parsers }, { clearOnDefault: true });
}

/**
 * The query a view sends: every value that is not its default, and the range as `range` or
 * `from`/`to`. A plain object with one form per view (defaults always left out), so it serves as
 * the TanStack query key as it is; `toSearch` writes it as the request's query string.
 */
export type ViewQuery<F extends Fields> = Partial<{ [K in keyof F]: NonNullable<ValueOf<F[K]>> }>;

export function viewQuery<F extends Fields>(view: View<F>, state: Partial<ViewState<F>>): ViewQuery<F> {
  const out: Record<string, unknown> = {};
  for (const [name, field] of Object.entries(view.fields)) {
    if (name === 'range' || name === 'from' || name === 'to') continue;
    const value = (state as Record<string, unknown>)[name];
    if (value !== null && value !== undefined && value !== field.fallback && value !== '') out[name] = value;
  }
  if ('range' in view.fields) {
    const params: Record<string, string> = rangeParams(state as RangeFields);
    // The default range is left out like every default.
    if (params.range !== view.fields.range!.fallback) Object.assign(out, params);
  }
  return out as ViewQuery<F>;
}

/** A view's query as a query string (keys in a fixed order, so one view is one URL). */
export function toSearch(query: object): string {
  const params = new URLSearchParams();
  for (const key of Object.keys(query).sort()) {
    const value = (query as Record<string, unknown>)[key];
    if (value !== undefined && value !== null) params.set(key, String(value));
  }
  return params.toString();
}

/** The export of a view takes the view's filters but never its page. */
export function withoutPaging<Q extends { page?: unknown; limit?: unknown }>(query: Q): Omit<Q, 'page' | 'limit'> {
  const { page: _page, limit: _limit, ...rest } = query;
  return rest;
}
