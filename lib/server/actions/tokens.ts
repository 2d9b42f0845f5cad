import 'server-only';
import { DashboardError } from '@/lib/api/dashboard-error';
import { ENDPOINTS } from '@/lib/endpoints';
import type { Endpoint } from '@/lib/endpoints/define';
import { getOrderStore } from '@/lib/store';
import { listPeople, recordTeamChange, type Person } from '@/lib/team/people';
import { allows } from '@/lib/team/roles';
import type { AccessTokenView } from '@/lib/team/schemas';
import {
  createAccessToken,
  getAccessToken,
  listAccessTokens,
  revokeAccessToken,
  type AccessToken,
  type LiveScope,
} from '@/lib/team/tokens';
import { connectedShops } from '../loaders/shops';
import { requirePermission } from '../access';

// Personal access tokens and live links, made, listed and revoked (docs/ARCHITECTURE.md#access-tokens-and-live-links).
// Any person makes their own; owners and admins (manage-team) see and revoke everyone's. Each
// creation and revocation is in the Team history (a refused use is written by lib/session/bearer).

const DAY_MS = 24 * 60 * 60 * 1000;
const db = async () => (await getOrderStore()).db;
const actorOf = (person: Person) => ({ id: person.id, name: person.name });
const invalid = (message: string) => new DashboardError('INVALID_REQUEST', message);

/** A token as the lists show it, with its person's name. */
export function tokenView(token: AccessToken, personName: string): AccessTokenView {
  return {
    id: token.id,
    kind: token.kind,
    personId: token.personId,
    personName,
    name: token.name,
    hint: token.hint,
    shops: token.shops,
    scope: token.scope,
    createdAt: token.createdAt,
    expiresAt: token.expiresAt,
    lastUsedAt: token.lastUsedAt,
    revokedAt: token.revokedAt,
    revokedBy: token.revokedBy,
  };
}

/** The shops `person` sees now, of those connected. */
async function shopsOf(person: Person): Promise<string[]> {
  const connected = (await connectedShops()).map((shop) => shop.id);
  return person.shops === 'all' ? connected : connected.filter((id) => (person.shops as string[]).includes(id));
}

export interface TokenInput {
  name: string;
  expiresInDays: number | null;
  shops: string[] | null;
}

/** Makes a personal access token of `person`: its text (shown once) and its entry. */
export async function createPersonalToken(
  person: Person,
  input: TokenInput,
  now = Date.now(),
): Promise<{ token: string; item: AccessTokenView }> {
  if (input.shops !== null) {
    const mine = await shopsOf(person);
    const foreign = input.shops.filter((id) => !mine.includes(id));
    if (foreign.length > 0)
      throw invalid(`shops: a token can only read shops you see yourself; ${foreign.join(', ')} is not one of them.`);
  }
  const d = await db();
  return d.transaction().execute(async (trx) => {
    const { token, record } = await createAccessToken(
      trx,
      {
        kind: 'personal',
        personId: person.id,
        name: input.name,
        shops: input.shops,
        expiresAt: input.expiresInDays === null ? null : now + input.expiresInDays * DAY_MS,
      },
      now,
    );
    await recordTeamChange(
      trx,
      actorOf(person),
      'token-created',
      `${person.name} made the access token "${record.name}" (${record.hint}, read-only, ${
        record.shops === null ? 'every shop they see' : `shops ${record.shops.join(', ')}`
      }, ${record.expiresAt === null ? 'no expiry' : `expires ${new Date(record.expiresAt).toISOString().slice(0, 10)}`})`,
      now,
    );
    return { token, item: tokenView(record, person.name) };
  });
}

/** The exports a live link may be made of: the `GET …/exports/…` routes answering a CSV. */
const FILE_ENDPOINTS = ENDPOINTS.filter(
  (endpoint) =>
    endpoint.method === 'GET' &&
    endpoint.path.includes('exports/') &&
    'file' in endpoint.answer &&
    (endpoint.answer.file === 'csv' || endpoint.answer.file === 'csv-or-xlsx'),
);

/** The export (a GET answering a CSV) `href` calls, with its path parameters and query; null if it is none. */
export function exportOf(href: string): LiveScope | null {
  let url: URL;
  try {
    url = new URL(href, 'http://dashboard.invalid');
  } catch {
    return null;
  }
  if (url.origin !== 'http://dashboard.invalid') return null;
  for (const endpoint of FILE_ENDPOINTS) {
    const names: string[] = [];
    const pattern = `${endpoint.base}/${endpoint.path}`.replace(/\[(\w+)\]/g, (_, name: string) => {
      names.push(name);
      return '([^/]+)';
    });
    const match = new RegExp(`^${pattern}$`).exec(url.pathname);
    if (!match) continue;
    const params = Object.fromEntries(names.map((name, i) => [name, decodeURIComponent(match[i + 1]!)]));
    const query = Object.fromEntries(url.searchParams);
    delete query.access_token;
    return { endpoint: endpoint.key, params, query };
  }
  return null;
}

/** The endpoint a live link's scope names. */
export function liveEndpoint(scope: LiveScope): Endpoint | undefined {
  return FILE_ENDPOINTS.find((endpoint) => endpoint.key === scope.endpoint);
}

/**
 * Makes a live link of one export as `person` sees it: a read-only token scoped to that export and
 * its view's query, in the export's address. The address (shown once) and its entry.
 */
export async function createLiveLink(
  person: Person,
  input: { name?: string | undefined; href: string },
  origin: string,
  now = Date.now(),
): Promise<{ url: string; item: AccessTokenView }> {
  const scope = exportOf(input.href);
  const endpoint = scope ? liveEndpoint(scope) : undefined;
  if (!scope || !endpoint) throw invalid('href: a live link is made of an export (a CSV) of this dashboard.');
  if (endpoint.access !== 'public') requirePermission(person, endpoint.access);
  const shopId = scope.params.shopId;
  const shop = shopId === undefined ? undefined : (await connectedShops()).find((s) => s.id === shopId);
  if (shopId !== undefined && (!shop || !(await shopsOf(person)).includes(shopId)))
    throw new DashboardError('SHOP_NOT_FOUND');
  delete scope.query.format;
  // "Orders export, Lumen & Co. (US), last-30-days": what it is, of which shop and range.
  const what = endpoint.path.slice(endpoint.path.indexOf('exports/') + 'exports/'.length).replaceAll(/[-/]/g, ' ');
  const range =
    scope.query.range === 'custom' || !scope.query.range
      ? [scope.query.from, scope.query.to].filter(Boolean).join(' to ')
      : scope.query.range;
  const name =
    input.name?.trim() ||
    [`${what.charAt(0).toUpperCase()}${what.slice(1)} export`, shop?.shopName ?? 'every shop', range]
      .filter(Boolean)
      .join(', ')
      .slice(0, 100);
  const d = await db();
  return d.transaction().execute(async (trx) => {
    const { token, record } = await createAccessToken(
      trx,
      {
        kind: 'live',
        personId: person.id,
        name,
        shops: shopId === undefined ? null : [shopId],
        scope,
        expiresAt: null,
      },
      now,
    );
    await recordTeamChange(
      trx,
      actorOf(person),
      'token-created',
      `${person.name} made the live link "${record.name}" (${record.hint}, read-only, one export)`,
      now,
    );
    const search = new URLSearchParams({ ...scope.query, access_token: token });
    const path = `${endpoint.base}/${endpoint.path}`.replace(/\[(\w+)\]/g, (_, key: string) =>
      encodeURIComponent(scope.params[key] ?? ''),
    );
    return { url: `${origin}${path}?${search.toString()}`, item: tokenView(record, person.name) };
  });
}

/** The person's own tokens and live links, newest first. */
export async function listOwnTokens(person: Person): Promise<AccessTokenView[]> {
  return (await listAccessTokens(await db(), person.id)).map((token) => tokenView(token, person.name));
}

/** Everyone's tokens and live links (the Team page: manage-team), newest first. */
export async function listTeamTokens(): Promise<AccessTokenView[]> {
  const d = await db();
  const names = new Map((await listPeople(d)).map((p) => [p.id, p.name]));
  return (await listAccessTokens(d, null)).map((token) =>
    tokenView(token, names.get(token.personId) ?? 'A removed person'),
  );
}

/**
 * Revokes a token: the person's own, or anyone's for who may manage the team. Another person's
 * token is answered as unknown to who may not (404), as a shop not granted is.
 */
export async function revokeToken(actor: Person, id: string, now = Date.now()): Promise<{ revoked: true }> {
  const d = await db();
  return d.transaction().execute(async (trx) => {
    const token = await getAccessToken(trx, id);
    if (!token || (token.personId !== actor.id && !allows(actor, 'manage-team')))
      throw new DashboardError('NOT_FOUND', 'There is no such access token or live link.');
    if (await revokeAccessToken(trx, id, actor.name, now))
      await recordTeamChange(
        trx,
        actorOf(actor),
        'token-revoked',
        `${actor.name} revoked the ${token.kind === 'live' ? 'live link' : 'access token'} "${token.name}" (${token.hint})`,
        now,
      );
    return { revoked: true };
  });
}
