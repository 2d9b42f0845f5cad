import 'server-only';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import {
  CallToolRequestSchema,
  ListResourcesRequestSchema,
  ListToolsRequestSchema,
  ReadResourceRequestSchema,
  type CallToolResult,
  type Tool,
} from '@modelcontextprotocol/sdk/types.js';
import { DashboardError } from '@/lib/api/dashboard-error';
import { newRequestId, withRequestIdHeader } from '@/lib/api/request-id';
import { serverConfig } from '@/lib/config/env';
import type { Endpoint } from '@/lib/endpoints/define';
import { setRequestActor, withRequestId } from '@/lib/log';
import type { Route } from '@/lib/server/endpoint';
import { mapError } from '@/lib/server/error-map';
import { fail } from '@/lib/server/response';
import type { Person } from '@/lib/team/people';
import { allows } from '@/lib/team/roles';
import { glossaryFor, type GlossaryEntry } from './glossary';
import { inputSchemaOf } from './input-schema';
import { SUMMARIES, type SummaryContext } from './summary';
import { EXPLAIN_TOOL, TOOLS, type ToolDeclaration } from './tools';

// The MCP server at /api/mcp (docs/ARCHITECTURE.md#the-mcp-server): Streamable HTTP through the
// official SDK's web-standard transport, stateless — each POST is answered by a server made for
// the person its personal token names, with JSON (no stream: every tool answers at once). Tools
// are the dashboard API's read-only endpoints, each called through its own route as that person
// (`route.invoke`), so the access check, the parse and the hidden figures are the API's.

export const MCP_PATH = '/api/mcp';
const SERVER_INFO = { name: 'shop-profit-dashboard', version: '1.0.0' };
const INSTRUCTIONS =
  "The seller's profit dashboard, read-only. Start with the shops tool for the shop ids; every figure is in the shop's currency on the shop's calendar. Each answer says its range, its currency and what is still estimated or not read yet: say so when you quote it. explain_figure says what a figure includes.";

/** The resources: the shop list and the glossary. */
const RESOURCES = {
  shops: {
    uri: 'dashboard://shops',
    name: 'shops',
    title: 'Shops',
    description: 'Every shop you may see, with its id and currency.',
  },
  glossary: {
    uri: 'dashboard://glossary',
    name: 'glossary',
    title: 'What each figure includes',
    description: "Each figure's name on the dashboard's pages and what it includes and leaves out.",
  },
} as const;

export interface McpOptions {
  /** The dashboard API's GET routes the tools call (app/api/mcp/routes.ts). */
  routes: readonly Route[];
  /** The person a request's `Authorization: Bearer …` personal token serves, or null (refused). */
  resolvePerson: (request: Request) => Promise<Person | null>;
}

/** Each tool's route: the one that implements its endpoint, a GET. Throws when one is missing. */
export function toolRoutes(routes: readonly Route[]): Map<string, Route> {
  const byEndpoint = new Map(routes.map((route) => [route.endpoint.key, route]));
  const out = new Map<string, Route>();
  for (const tool of TOOLS) {
    const route = byEndpoint.get(tool.endpoint);
    if (!route || route.endpoint.method !== 'GET')
      throw new Error(`MCP tool ${tool.name}: no GET route implements ${tool.endpoint}`);
    out.set(tool.name, route);
  }
  return out;
}

const jsonText = (value: unknown) => JSON.stringify(value);

function toolOf(tool: ToolDeclaration, endpoint: Endpoint): Tool {
  return {
    name: tool.name,
    title: tool.title,
    description: tool.description,
    inputSchema: inputSchemaOf(endpoint, tool) as Tool['inputSchema'],
    annotations: { title: tool.title, readOnlyHint: true, openWorldHint: false },
  };
}

const EXPLAIN_SCHEMA = {
  type: 'object',
  properties: {
    figure: {
      type: 'string',
      description: 'The figure, by its name on the dashboard (e.g. "Net profit of orders") or its id (netProfit).',
    },
  },
  additionalProperties: false,
} as const;

function explain(entries: readonly GlossaryEntry[], figure: unknown): CallToolResult {
  const wanted = typeof figure === 'string' ? figure.trim().toLowerCase() : '';
  const named = (e: GlossaryEntry) => e.id.toLowerCase() === wanted || e.figure.toLowerCase() === wanted;
  const exact = entries.filter(named);
  const found = !wanted
    ? entries
    : exact.length
      ? exact
      : entries.filter((e) => e.figure.toLowerCase().includes(wanted));
  if (found.length === 0)
    return {
      isError: true,
      content: [
        {
          type: 'text',
          text: `No figure is called "${String(figure)}"; the figures are: ${entries.map((e) => e.figure).join(', ')}.`,
        },
      ],
    };
  const shown = found.map(({ id, figure: name, includes }) => ({ id, figure: name, includes }));
  return {
    content: [{ type: 'text', text: shown.map((e) => `${e.figure}: ${e.includes}`).join('\n') }],
    structuredContent: { figures: shown },
  };
}

/** A tool's arguments as the route's query reads them: text, as a URL would carry it. */
function queryOf(args: Record<string, unknown>): Record<string, string> {
  const query: Record<string, string> = {};
  for (const [key, value] of Object.entries(args))
    if (key !== 'shopId' && value !== undefined && value !== null) query[key] = String(value);
  return query;
}

function buildServer(person: Person, request: Request, routes: Map<string, Route>, requestId: string): Server {
  const server = new Server(SERVER_INFO, {
    capabilities: { tools: { listChanged: false }, resources: { listChanged: false } },
    instructions: INSTRUCTIONS,
  });
  const mayUse = (tool: ToolDeclaration) => {
    const access = routes.get(tool.name)!.endpoint.access;
    return access === 'public' || allows(person, access);
  };
  const shopsRoute = routes.get('shops')!;
  const shopList = async () => (await shopsRoute.invoke(person, { query: {} }, request)) as { items: unknown[] };

  server.setRequestHandler(ListToolsRequestSchema, () => ({
    tools: [
      ...TOOLS.filter(mayUse).map((tool) => toolOf(tool, routes.get(tool.name)!.endpoint)),
      {
        name: EXPLAIN_TOOL.name,
        title: EXPLAIN_TOOL.title,
        description: EXPLAIN_TOOL.description,
        inputSchema: EXPLAIN_SCHEMA as unknown as Tool['inputSchema'],
        annotations: { title: EXPLAIN_TOOL.title, readOnlyHint: true, openWorldHint: false },
      },
    ],
  }));

  server.setRequestHandler(CallToolRequestSchema, async ({ params }): Promise<CallToolResult> => {
    const args = (params.arguments ?? {}) as Record<string, unknown>;
    if (params.name === EXPLAIN_TOOL.name) return explain(glossaryFor(person.seesProfit), args.figure);
    const tool = TOOLS.find((t) => t.name === params.name);
    // A tool the person may not use is as unknown as one that does not exist: the list named neither.
    if (!tool || !mayUse(tool))
      return { isError: true, content: [{ type: 'text', text: `There is no tool called "${params.name}".` }] };
    const route = routes.get(tool.name)!;
    try {
      const query = queryOf(args);
      for (const field of tool.required ?? [])
        if (!query[field]?.trim())
          throw new DashboardError('INVALID_REQUEST', `${field}: is required for ${tool.title}.`);
      const data = await route.invoke(person, { params: { shopId: args.shopId }, query }, request);
      const context: SummaryContext = { seesProfit: person.seesProfit, args: query };
      if (route.endpoint.params) {
        const shop = (await shopList()).items.find((s) => (s as { id?: unknown }).id === args.shopId) as
          { shopName: string; currency: string } | undefined;
        if (shop) context.shop = { name: shop.shopName, currency: shop.currency };
      }
      return {
        content: [
          { type: 'text', text: SUMMARIES[tool.summary](data, context) },
          { type: 'text', text: jsonText(data) },
        ],
        structuredContent: data as Record<string, unknown>,
      };
    } catch (error) {
      return {
        isError: true,
        content: [{ type: 'text', text: mapError(error, `MCP ${tool.name}`, requestId).message }],
      };
    }
  });

  server.setRequestHandler(ListResourcesRequestSchema, () => ({
    resources: Object.values(RESOURCES).map((r) => ({ ...r, mimeType: 'application/json' })),
  }));

  server.setRequestHandler(ReadResourceRequestSchema, async ({ params }) => {
    const read =
      params.uri === RESOURCES.shops.uri
        ? await shopList()
        : params.uri === RESOURCES.glossary.uri
          ? { figures: glossaryFor(person.seesProfit).map(({ id, figure, includes }) => ({ id, figure, includes })) }
          : null;
    if (read === null) throw new DashboardError('NOT_FOUND', `There is no resource ${params.uri}.`);
    return { contents: [{ uri: params.uri, mimeType: 'application/json', text: jsonText(read) }] };
  });

  return server;
}

/** Names of this machine: a page served from one cannot be a DNS-rebinding page (whose origin is its own domain). */
const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * A browser's request (only a browser sends Origin) from a page anywhere but the dashboard's own
 * address (PUBLIC_URL) or this machine: refused before the token is read, so a web page cannot
 * reach the server by DNS rebinding. MCP clients are programs and send no Origin.
 */
function fromForeignPage(request: Request): boolean {
  const origin = request.headers.get('origin');
  if (origin === null) return false;
  const own = serverConfig().publicUrl;
  try {
    const url = new URL(origin);
    return !LOOPBACK.has(url.hostname) && (own === null || url.origin !== new URL(own).origin);
  } catch {
    return true;
  }
}

function refusal(error: unknown, requestId: string): Response {
  const response = fail(error, `POST ${MCP_PATH}`, requestId);
  if (response.status === 401) response.headers.set('WWW-Authenticate', 'Bearer realm="shop-profit-dashboard"');
  return response;
}

/**
 * Answers one HTTP request to the MCP server: the person from the personal token (else 401), then
 * a stateless server for them over the SDK's web-standard transport. Only POST carries messages:
 * with no session and no stream to resume, GET and DELETE are 405 (the transport's spec allows it).
 */
export function mcpHandler(options: McpOptions): (request: Request) => Promise<Response> {
  const routes = toolRoutes(options.routes);
  return (request) => {
    const requestId = newRequestId();
    return withRequestId(requestId, async () => {
      let person: Person | null;
      try {
        if (fromForeignPage(request)) throw new DashboardError('FORBIDDEN_ORIGIN');
        person = await options.resolvePerson(request);
        if (!person)
          throw new DashboardError(
            'UNAUTHENTICATED',
            'A personal access token is needed: send it as Authorization: Bearer <token>.',
          );
      } catch (error) {
        return refusal(error, requestId);
      }
      setRequestActor({ id: person.id, name: person.name });
      if (request.method !== 'POST')
        return withRequestIdHeader(
          Response.json(
            {
              jsonrpc: '2.0',
              error: { code: -32000, message: 'Method not allowed: send MCP messages with POST.' },
              id: null,
            },
            { status: 405, headers: { Allow: 'POST' } },
          ),
          requestId,
        );
      const server = buildServer(person, request, routes, requestId);
      const transport = new WebStandardStreamableHTTPServerTransport({ enableJsonResponse: true });
      await server.connect(transport);
      try {
        return withRequestIdHeader(await transport.handleRequest(request), requestId);
      } finally {
        await server.close();
      }
    });
  };
}
