import { z } from 'zod';
import type { DashboardErrorCode } from '@/lib/api/errors';
import type { Permission } from '@/lib/team/roles';

// An endpoint of the dashboard API, declared once as data (docs/ARCHITECTURE.md#the-dashboard-api):
// what it is for, who may call it, the zod schemas of its inputs and its answer. The route file
// implements it (lib/server/endpoint.ts: the parse, the access check, the envelope), the API's
// description is generated from it (lib/server/openapi), the access matrix and the browser's typed
// calls (./client.ts) read it. Nothing else names a route's path, permission or schemas again.

export const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
export type Method = (typeof METHODS)[number];

/** What a successful answer carries. */
export type Answer =
  /** `{ success: true, data }` with `data` described by this schema (the handler returns exactly its output). */
  | { data: z.ZodType }
  /** Not the envelope: a CSV file, CSV or an Excel workbook (`format=xlsx`), a JSON document or a text as it is. */
  | { file: 'csv' | 'csv-or-xlsx' | 'json' | 'text'; about: string };

export interface Declaration {
  /** What it does for the seller, one line. */
  summary: string;
  /** More, when one line is not enough. */
  description?: string;
  /** Who may call it: a permission of lib/team/roles, or 'public' (no session). */
  access: Permission | 'public';
  /** The path parameters' schema. */
  params?: z.ZodType;
  /** The query's schemas (a view's `schemaOf`, a format…), each parsed from the whole query string, in order. */
  query?: readonly z.ZodType[];
  /** The JSON body's schema. */
  body?: z.ZodType;
  /** The largest body read, in bytes (16 kB unless said: a CSV upload is more). */
  bodyBytes?: number;
  /** The success status: 200 unless said. */
  status?: 200 | 201 | 202;
  answer: Answer;
  /** Error codes of this endpoint beyond those every endpoint of its kind may answer (lib/server/openapi). */
  errors?: readonly DashboardErrorCode[];
}

/** An endpoint's name: its method and its path under its base (`GET shops/[shopId]/orders`). */
export type EndpointKey = `${Method} ${string}`;
export type MethodOf<K extends string> = K extends `${infer M extends Method} ${string}` ? M : never;
export type PathOf<K extends string> = K extends `${Method} ${infer P}` ? P : never;

/** A declaration as the registry holds it: with its name, method, path, base and group. */
export type Endpoint<K extends EndpointKey = EndpointKey, D extends Declaration = Declaration> = D & {
  readonly key: K;
  readonly method: MethodOf<K>;
  /** The path under `base`, as the route's folder names it (`shops/[shopId]/orders`). */
  readonly path: PathOf<K>;
  /** `/api/dashboard` for the dashboard API; `/api` for the operations' endpoints (health, readiness, metrics). */
  readonly base: string;
  /** The group the API's description lists it under. */
  readonly tag: string;
};

export type Endpoints<T> = {
  readonly [K in keyof T & EndpointKey]: T[K] extends Declaration ? Endpoint<K, T[K]> : never;
};

/** Declares a group of endpoints, each by its name (`GET shops/[shopId]/orders`). */
export function declareEndpoints<const T extends Record<EndpointKey, Declaration>>(
  group: { tag: string; base?: string },
  declarations: T,
): Endpoints<T> {
  const base = group.base ?? '/api/dashboard';
  return Object.fromEntries(
    Object.entries(declarations).map(([key, declaration]) => {
      const [method, path] = key.split(' ') as [Method, string];
      return [key, { ...declaration, key, method, path, base, tag: group.tag }];
    }),
  ) as Endpoints<T>;
}

/**
 * A query switch a page sets with `1` (`?unread=1`): true when it is `1`, false otherwise (any other
 * value is as good as none, so an old link never fails); described as taking `1`.
 */
export function flag(does: string) {
  return z
    .string()
    .optional()
    .transform((value) => value === '1')
    .meta({ description: `1: ${does}.`, enum: ['1'] });
}
