import 'server-only';
import { DASHBOARD_ERRORS, type DashboardErrorCode } from '@/lib/api/errors';
import { SESSION_COOKIE } from '@/lib/session/options';
import { allows, ROLES, type Permission } from '@/lib/team/roles';
import type { Answer, Endpoint } from '@/lib/endpoints/define';
import { ENDPOINTS } from '@/lib/endpoints';
import { errorBodySchema, SchemaSet, type Json } from './json-schema';

// The dashboard API's OpenAPI 3.1 document (docs/ARCHITECTURE.md#the-dashboard-apis-description),
// generated from the endpoints' declarations (lib/endpoints), their own zod schemas. Served at
// GET /api/dashboard/openapi.json.

/** `shops/[shopId]/orders` → `/api/dashboard/shops/{shopId}/orders`. */
export const openApiPath = (route: string) => `/api/dashboard/${route.replace(/\[(\w+)\]/g, '{$1}')}`;

const PERMISSION_WORDS: Record<Permission | 'public', string> = {
  public: 'no session needed',
  view: 'any signed-in person; shop data only of the shops they may see',
  'view-profit': 'people who see costs and profit',
  'see-all-shops': 'people who see every shop without grants',
  'manage-owner': 'people who may change the owner',
  'edit-costs': "people who edit the seller's costs and exchange rates",
  'edit-alerts': 'people who add, change and remove alert rules',
  'manage-team': 'people who manage the team',
  'manage-channels': 'people who manage where alerts go',
  'close-books': 'people who close months and set the journal accounts',
  'manage-connections': 'people who manage the upstream connections',
  account: 'any signed-in person, for their own account',
};

/** "owner, admin, editor (with costs and profit)": who the role table lets call it. */
function whoMay(permission: Permission): string {
  return ROLES.flatMap((role) => {
    const full = allows({ role, seesProfit: true }, permission);
    const sales = allows({ role, seesProfit: false }, permission);
    if (full && sales) return [role];
    return full ? [`${role} (with costs and profit)`] : [];
  }).join(', ');
}

function permissionSentence(access: Permission | 'public'): string {
  if (access === 'public') return `Permission: public (${PERMISSION_WORDS.public}).`;
  return `Permission: \`${access}\`, ${PERMISSION_WORDS[access]}: ${whoMay(access)}.`;
}

/** The codes an operation may answer, besides the server's own failures (the `default` answer). */
function errorCodes(op: Endpoint): DashboardErrorCode[] {
  const codes = new Set<DashboardErrorCode>();
  if (op.params || op.query || op.body) codes.add('INVALID_REQUEST');
  if (op.method !== 'GET') codes.add('TOKEN_READ_ONLY').add('FORBIDDEN_ORIGIN').add('UNSUPPORTED_MEDIA_TYPE');
  if (op.access !== 'public') codes.add('UNAUTHENTICATED').add('FORBIDDEN_ROLE');
  // A read may present an access token instead of the session (docs/ARCHITECTURE.md#access-tokens-and-live-links).
  if (op.access !== 'public' && op.method === 'GET') codes.add('INVALID_TOKEN').add('TOO_MANY_REQUESTS');
  if (op.path.includes('[shopId]')) codes.add('SHOP_NOT_FOUND');
  for (const code of op.errors ?? []) codes.add(code);
  return [...codes];
}

const SERVER_FAILURES: DashboardErrorCode[] = [
  'INTERNAL_ERROR',
  'STORE_UNAVAILABLE',
  'SECRETS_UNAVAILABLE',
  'UPSTREAM_UNAVAILABLE',
  'UPSTREAM_CREDENTIALS',
  'BAD_UPSTREAM_PAYLOAD',
  'RATE_LIMITED',
  'FEATURE_UNAVAILABLE',
];

const codeSentence = (code: DashboardErrorCode) =>
  `${code} (${DASHBOARD_ERRORS[code].status}): ${DASHBOARD_ERRORS[code].message}`;
const errorRef = { 'application/json': { schema: { $ref: '#/components/schemas/ErrorBody' } } };

function errorResponses(codes: DashboardErrorCode[]): Json {
  const byStatus = new Map<number, DashboardErrorCode[]>();
  for (const code of codes)
    byStatus.set(DASHBOARD_ERRORS[code].status, [...(byStatus.get(DASHBOARD_ERRORS[code].status) ?? []), code]);
  const out: Json = {};
  for (const [status, list] of [...byStatus].sort(([a], [b]) => a - b))
    out[status] = { description: list.map(codeSentence).join(' · '), content: errorRef };
  out.default = { $ref: '#/components/responses/ServerFailure' };
  return out;
}

const FILE_TYPES = {
  csv: { 'text/csv': { schema: { type: 'string' } } },
  xlsx: {
    'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': {
      schema: { type: 'string', contentMediaType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' },
    },
  },
};

function successResponse(answer: Answer, schemas: SchemaSet): Json {
  if ('file' in answer) {
    if (answer.file === 'json')
      return { description: answer.about, content: { 'application/json': { schema: { type: 'object' } } } };
    if (answer.file === 'text')
      return { description: answer.about, content: { 'text/plain': { schema: { type: 'string' } } } };
    const content = answer.file === 'csv' ? FILE_TYPES.csv : { ...FILE_TYPES.csv, ...FILE_TYPES.xlsx };
    return {
      description: `${answer.about} CSV${answer.file === 'csv' ? '' : ', or an Excel workbook with format=xlsx'}; a file name in Content-Disposition.`,
      content,
    };
  }
  const dataSchema = schemas.convert(answer.data, 'output');
  return {
    description: 'The envelope { success: true, data }.',
    content: {
      'application/json': {
        schema: {
          type: 'object',
          required: ['success', 'data'],
          properties: { success: { const: true }, data: dataSchema },
        },
      },
    },
  };
}

const operationId = ({ method, path }: Endpoint) =>
  method.toLowerCase() +
  path
    .split(/[/.-]/)
    .map((part) =>
      part.startsWith('[') ? `By${part[1]!.toUpperCase()}${part.slice(2, -1)}` : part[0]!.toUpperCase() + part.slice(1),
    )
    .join('');

function operation(op: Endpoint, schemas: SchemaSet): Json {
  const parameters = [
    ...(op.params ? schemas.parameters(op.params, 'path') : []),
    ...(op.query ?? []).flatMap((q) => schemas.parameters(q, 'query')),
  ];
  return {
    operationId: operationId(op),
    tags: [op.tag],
    summary: op.summary,
    description: [op.description, permissionSentence(op.access)].filter(Boolean).join('\n\n'),
    'x-permission': op.access,
    ...(op.access === 'public'
      ? { security: [] }
      : op.method === 'GET'
        ? { security: [{ sessionCookie: [] }, { accessToken: [] }] }
        : {}),
    ...(parameters.length > 0 ? { parameters } : {}),
    ...(op.body
      ? {
          requestBody: {
            required: true,
            content: { 'application/json': { schema: schemas.convert(op.body, 'input') } },
          },
        }
      : {}),
    responses: {
      [op.status ?? 200]: successResponse(op.answer, schemas),
      ...errorResponses(errorCodes(op)),
    },
  };
}

export function buildDashboardOpenApi(): Json {
  const schemas = new SchemaSet();
  const paths: Record<string, Json> = {};
  for (const op of ENDPOINTS) (paths[openApiPath(op.path)] ??= {})[op.method.toLowerCase()] = operation(op, schemas);
  const errorBody = schemas.convert(errorBodySchema, 'output');
  return {
    openapi: '3.1.0',
    jsonSchemaDialect: 'https://json-schema.org/draft/2020-12/schema',
    info: {
      title: 'Shop Profit Dashboard API',
      version: '1',
      description:
        "The dashboard's own endpoints, as its pages call them: same origin, signed in with the session cookie. " +
        'Every JSON answer is { success: true, data } or the error body { success: false, error: { code, message, requestId } }; ' +
        "every answer names its request in X-Request-Id. A write (POST, PUT, PATCH, DELETE) must come from the dashboard's own " +
        'origin (Origin header) and send its body as application/json. Money in a body is decimal text in major units; answers carry integer cents. ' +
        'The answers are described as a person who sees costs and profit gets them: for anyone else, every key that names a cost ' +
        'or profit figure is left out (required or not), and a CSV loses those columns. ' +
        'A GET may send a personal access token instead of the cookie (Authorization: Bearer spd_pat_…, made on the Account page): ' +
        'it reads as its person reads, never more, and every write refuses it (403 TOKEN_READ_ONLY).',
    },
    servers: [{ url: '/' }],
    security: [{ sessionCookie: [] }],
    tags: [...new Set(ENDPOINTS.map((op) => op.tag))].map((name) => ({ name })),
    paths,
    components: {
      securitySchemes: {
        sessionCookie: {
          type: 'apiKey',
          in: 'cookie',
          name: SESSION_COOKIE,
          description: 'The sealed, httpOnly session cookie that POST /api/dashboard/session sets on sign-in.',
        },
        accessToken: {
          type: 'http',
          scheme: 'bearer',
          description:
            'A read-only personal access token (spd_pat_…) made on the Account page: GET routes only, as its person reads at each request.',
        },
      },
      responses: {
        ServerFailure: {
          description: `Another failure, the same error body: ${SERVER_FAILURES.map(codeSentence).join(' · ')}`,
          content: errorRef,
        },
      },
      schemas: { ...schemas.components, ErrorBody: errorBody },
    },
  };
}
