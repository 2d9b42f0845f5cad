import 'server-only';
import type { z } from 'zod';
import type { Endpoint } from '@/lib/endpoints/define';
import { DashboardError } from '@/lib/api/dashboard-error';
import { newRequestId, withRequestIdHeader } from '@/lib/api/request-id';
import { setRequestActor, withRequestId } from '@/lib/log';
import { observeHttp } from '@/lib/metrics';
import { runAs } from '@/lib/session/current';
import { verifyToken } from '@/lib/session/bearer';
import { requestToken } from '@/lib/session/gate';
import { hasSameOrigin, isStateChanging } from '@/lib/session/request-guards';
import { requireSession } from '@/lib/session/session';
import type { Person } from '@/lib/team/people';
import { forServedPerson, requirePermission } from './access';
import { readJsonBody, requireJsonBody, searchParamsObject } from './request';
import { fail, ok } from './response';

// The one implementation of an endpoint's declaration (lib/endpoints): its route file gives a
// handler that takes the parsed, typed inputs and returns the answer's data (or a file); this
// wrapper does the rest, the same for every endpoint — the Origin and JSON-body checks, the
// session and the permission, the parse, the envelope with the hidden figures left out, the
// request id, the metrics and the one error map (docs/ARCHITECTURE.md#the-dashboard-api).

type Output<S> = S extends z.ZodType ? z.output<S> : never;
type QueryOutput<Q> = Q extends readonly [infer First, ...infer Rest] ? Output<First> & QueryOutput<Rest> : unknown;

/** A handler's inputs: each declared part, parsed. */
export type Inputs<E extends Endpoint> = (E extends { params: infer P } ? { params: Output<P> } : unknown) &
  (E extends { query: infer Q } ? { query: QueryOutput<Q> } : unknown) &
  (E extends { body: infer B } ? { body: Output<B> } : unknown);

/** What a handler may use besides its inputs. */
export interface HandlerContext {
  /** The request, for the few handlers that read more than their inputs (the client's address, a session cookie). */
  request: Request;
  /** Headers the answer carries (a session cookie being set). */
  headers: Headers;
  signal: AbortSignal;
}

/** The data of a JSON answer, exactly its schema's output; a Response for a file. */
type Result<E extends Endpoint> = E['answer'] extends { data: infer S } ? Output<S> : Response;
export type Handler<E extends Endpoint> = (inputs: Inputs<E>, context: HandlerContext) => Promise<Result<E>>;

type AllKeys<S> = S extends unknown ? keyof S : never;
type PropOf<S, K> = S extends unknown ? (K extends keyof S ? S[K] : never) : never;
/** Whether `R` (the handler's data) names no key that `S` (the schema's output) does not, at any depth. */
type NoUndescribedKeys<R, S> = R extends readonly (infer Item)[]
  ? NoUndescribedKeys<Item, S extends readonly (infer Described)[] ? Described : never>
  : R extends object
    ? [Exclude<keyof R, AllKeys<S>>] extends [never]
      ? false extends { [K in keyof R]-?: NoUndescribedKeys<R[K], PropOf<S, K>> }[keyof R]
        ? false
        : true
      : false
    : true;
/**
 * Refuses, at compile time, a handler whose data carries a key its declared answer's schema does
 * not describe (the types must agree too: Handler asks for the schema's output), so the API's
 * description and an endpoint's real answers cannot drift apart.
 */
type Exactly<E extends Endpoint, H> = E['answer'] extends { data: infer S }
  ? H extends (...args: never[]) => Promise<infer R>
    ? false extends NoUndescribedKeys<R, Output<S>>
      ? { "the handler's data has keys its declared answer does not describe": Output<S> }
      : unknown
    : unknown
  : unknown;

/** The raw inputs of a call: the path's parameters, the query string's first values, the JSON body. */
export interface RawInputs {
  params?: unknown;
  query?: Record<string, string>;
  body?: () => Promise<unknown>;
}

/** A route as Next calls it, carrying its declaration, and callable in-process as a person. */
export type Route = ((request: Request, context?: { params: Promise<unknown> }) => Promise<Response>) & {
  endpoint: Endpoint;
  /**
   * Serves the endpoint outside HTTP as `person` (their permission checked, the inputs parsed, the
   * hidden figures left out of the data): the data, or the file's Response. Errors are thrown
   * (DashboardError, ZodError) for the caller's own error map.
   */
  invoke: (person: Person, inputs: RawInputs, request: Request) => Promise<unknown>;
};

async function parseInputs(endpoint: Endpoint, raw: RawInputs): Promise<Record<string, unknown>> {
  const inputs: Record<string, unknown> = {};
  if (endpoint.params) inputs.params = endpoint.params.parse(raw.params);
  if (endpoint.query)
    inputs.query = Object.assign({}, ...endpoint.query.map((schema) => schema.parse(raw.query ?? {})));
  if (endpoint.body) inputs.body = endpoint.body.parse(await (raw.body ?? (async () => undefined))());
  return inputs;
}

/** Whether two query or path records say the same, key for key. */
function sameRecord(a: Record<string, unknown>, b: Record<string, unknown>): boolean {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((key) => String(a[key]) === String(b[key]));
}

/** The path parameters `endpoint`'s path names (`[shopId]`), as the request gives them. */
function pathParams(endpoint: Endpoint, params: unknown): Record<string, unknown> {
  const given = (params ?? {}) as Record<string, unknown>;
  return Object.fromEntries([...endpoint.path.matchAll(/\[(\w+)\]/g)].map(([, name]) => [name!, given[name!]]));
}

/**
 * The person a read with an access token is served as (docs/ARCHITECTURE.md#access-tokens-and-live-links):
 * a personal token's (Bearer), or a live link's (`access_token`) on its one export with its view's
 * query exactly, nothing else; any other use is the one 401 INVALID_TOKEN.
 */
async function tokenPerson(endpoint: Endpoint, text: string, request: Request, raw: RawInputs): Promise<Person> {
  if (request.headers.get('authorization') !== null) return (await verifyToken(text, 'personal')).person;
  const { person, token } = await verifyToken(text, 'live');
  const query = { ...raw.query };
  delete query.access_token;
  const scope = token.scope;
  if (
    !scope ||
    scope.endpoint !== endpoint.key ||
    !sameRecord(scope.params, pathParams(endpoint, raw.params)) ||
    !sameRecord(scope.query, query)
  )
    throw new DashboardError('INVALID_TOKEN');
  return person;
}

/** Implements a declared endpoint: the route file's `GET`, `POST`, … */
export function implement<E extends Endpoint, H extends Handler<E>>(endpoint: E, handler: H & Exactly<E, H>): Route {
  const route = `${endpoint.method} ${endpoint.base}/${endpoint.path}`;
  const run = async (raw: RawInputs, request: Request, headers: Headers): Promise<unknown> =>
    handler((await parseInputs(endpoint, raw)) as Inputs<E>, { request, headers, signal: request.signal });

  const served = async (request: Request, context?: { params: Promise<unknown> }): Promise<Response> => {
    // Every log line this request causes carries the same id as its answer's X-Request-Id and, when
    // it fails, its error body's requestId (lib/api/request-id), so a person can quote it.
    const requestId = newRequestId();
    const started = performance.now();
    const response = await withRequestId(requestId, async () => {
      try {
        const token = requestToken(request);
        if (isStateChanging(request.method)) {
          // An access token only reads: every write refuses it, whatever else the request says.
          if (token !== null) throw new DashboardError('TOKEN_READ_ONLY');
          if (!hasSameOrigin(request)) throw new DashboardError('FORBIDDEN_ORIGIN');
          requireJsonBody(request);
        }
        const raw: RawInputs = {
          params: await context?.params,
          query: searchParamsObject(request.url),
          body: () => readJsonBody(request, endpoint.bodyBytes),
        };
        const headers = new Headers();
        const answer = async () => {
          const result = await run(raw, request, headers);
          if (result instanceof Response) return result;
          return ok(result, { status: endpoint.status, headers });
        };
        if (endpoint.access === 'public') return await answer();
        const person =
          token === null ? (await requireSession(request)).person : await tokenPerson(endpoint, token, request, raw);
        setRequestActor({ id: person.id, name: person.name });
        requirePermission(person, endpoint.access);
        return await runAs(person, answer);
      } catch (error) {
        return fail(error, route, requestId);
      }
    });
    observeHttp(route, request.method, response.status, (performance.now() - started) / 1000);
    return withRequestIdHeader(response, requestId);
  };

  const invoke = (person: Person, raw: RawInputs, request: Request) =>
    runAs(person, async () => {
      if (endpoint.access !== 'public') requirePermission(person, endpoint.access);
      const result = await run(raw, request, new Headers());
      return result instanceof Response ? result : forServedPerson(result);
    });

  return Object.assign(served, { endpoint, invoke });
}
