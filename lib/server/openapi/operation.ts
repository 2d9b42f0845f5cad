import type { z } from 'zod';
import type { DashboardErrorCode } from '@/lib/api/errors';
import type { Permission } from '@/lib/team/roles';
import type { Fields } from '@/lib/views/field';
import { schemaOf } from '@/lib/views/schema';
import type { View } from '@/lib/views/view';

// One entry of the dashboard API's description (docs/ARCHITECTURE.md#the-dashboard-apis-description):
// what a route and method is for, who may call it, and the zod schemas it parses its inputs with —
// the very objects the route imports, never copies — and, where one exists, its answer's schema.

export const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
export type Method = (typeof METHODS)[number];

/** What a successful answer carries. */
export type Answer =
  /** `{ success: true, data }` with `data` described by this schema. */
  | { data: z.ZodType }
  /** `{ success: true, data }` whose `data` has no schema yet: the sentence names its TypeScript type. */
  | { untyped: string }
  /** Not the envelope: a CSV file, CSV or an Excel workbook (`format=xlsx`), or a JSON document as it is. */
  | { file: 'csv' | 'csv-or-xlsx' | 'json'; about: string };

export interface Operation {
  /** What it does for the seller, one line. */
  summary: string;
  /** More, when one line is not enough. */
  description?: string;
  /** The route's `access` (apiRoute): the test checks they agree. */
  access: Permission | 'public';
  /** The path parameters' schema (`parseParams`). */
  path?: z.ZodType;
  /** The query's schemas (`parseQuery`, a view's `parseView`), in the order the route parses them. */
  query?: readonly z.ZodType[];
  /** Query flags the route reads by hand (`?unread=1`): name → what `1` does. */
  flags?: Readonly<Record<string, string>>;
  /** The JSON body's schema (`parseBody`). */
  body?: z.ZodType;
  /** The success status: 200 unless said. */
  status?: 200 | 201 | 202;
  answer: Answer;
  /** Error codes of this route beyond those every route of its kind may answer (see document.ts). */
  errors?: readonly DashboardErrorCode[];
}

/** Routes by their folder under app/api/dashboard (`shops/[shopId]/orders`), then by method. */
export type RouteDocs = Record<string, Partial<Record<Method, Operation>>>;

/** A view's query schema: the same object `parseView` parses with (schemaOf caches it per view). */
export const viewQuery = <F extends Fields>(view: View<F>): z.ZodType => schemaOf(view);

export const data = (schema: z.ZodType): Answer => ({ data: schema });
export const untyped = (type: string): Answer => ({ untyped: type });
