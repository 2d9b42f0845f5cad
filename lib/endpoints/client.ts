import type { z } from 'zod';
import { fetchJson, type FetchJsonOptions } from '@/lib/api/fetch-json';
import { toSearch } from '@/lib/views/view';
import type { EndpointKey, Method, PathOf } from './define';
import type { DashboardEndpoints } from './index';

// The browser's typed calls of the dashboard API: an endpoint is named as it is declared
// (`'GET shops/[shopId]/orders'`), its path parameters, body and data are typed from its
// declaration, and the path is built from the name. The declarations are imported as types only
// (lint: endpoints-reach-the-browser-as-types), so no schema reaches a page's JavaScript.

type Key = keyof DashboardEndpoints & EndpointKey;
type Declared<K extends Key> = DashboardEndpoints[K];

/** An endpoint's data, as its declaration's schema writes it (unknown for a file). */
export type ApiData<K extends Key> = Declared<K>['answer'] extends { data: infer S extends z.ZodType }
  ? z.output<S>
  : unknown;

/** What an endpoint's body takes, as its declaration's schema reads it. */
export type ApiBody<K extends Key> = Declared<K> extends { body: infer B extends z.ZodType } ? z.input<B> : never;

type ParamNames<P extends string> = P extends `${string}[${infer Name}]${infer Rest}` ? Name | ParamNames<Rest> : never;
type Params<K extends Key> = { [Name in ParamNames<PathOf<K>>]: string };
type HasParams<K extends Key> = [ParamNames<PathOf<K>>] extends [never] ? false : true;

/** What a call sends: its path parameters, its query (a view's query, as the key holds it), its body. */
type Inputs<K extends Key> = (HasParams<K> extends true ? { params: Params<K> } : { params?: undefined }) & {
  query?: object;
} & (Declared<K> extends { body: z.ZodType } ? { body: ApiBody<K> } : { body?: unknown });

/** The same-origin path of an endpoint, its parameters filled in and its query appended (a link to a file too). */
export function apiPath<K extends Key>(
  key: K,
  ...[params, query]: HasParams<K> extends true ? [Params<K>, object?] : [undefined?, object?]
): string {
  const values = (params ?? {}) as Record<string, string>;
  const path = key
    .slice(key.indexOf(' ') + 1)
    .replace(/\[(\w+)\]/g, (_, name: string) => encodeURIComponent(values[name] ?? ''));
  const search = query ? toSearch(query) : '';
  return `/api/dashboard/${path}${search ? `?${search}` : ''}`;
}

/** Calls an endpoint (same origin, never cached) and returns its data; a failure throws an ApiError. */
export function callApi<K extends Key>(
  key: K,
  ...[inputs, options]: object extends Inputs<K>
    ? [Inputs<K>?, Omit<FetchJsonOptions, 'method' | 'body'>?]
    : [Inputs<K>, Omit<FetchJsonOptions, 'method' | 'body'>?]
): Promise<ApiData<K>> {
  const { params, query, body } = (inputs ?? {}) as { params?: Record<string, string>; query?: object; body?: unknown };
  const path = (apiPath as (key: Key, params?: object, query?: object) => string)(key, params, query);
  return fetchJson<ApiData<K>>(path, { ...options, method: key.slice(0, key.indexOf(' ')) as Method, body });
}
