import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { Shop } from '@/lib/contract';
import { ENDPOINTS } from '@/lib/endpoints';
import { createPersonalToken, revokeToken } from '@/lib/server/actions/tokens';
import { TOOLS } from '@/lib/mcp/tools';
import { hashPassword } from '@/lib/team/passwords';
import { deletePerson, findByEmail, getPerson, insertPerson, type Person } from '@/lib/team/people';
import { MCP_ROUTES } from '@/app/api/mcp/routes';
import { DELETE, GET, POST } from '@/app/api/mcp/route';
import { routesFixture } from '@/tests/support/api/routes-fixture';
import { serveHttp, type Served } from '@/tests/support/api/serve-http';
import { callTool, mcpClient } from '@/tests/support/api/mcp';
import { shiftDay } from '@/tests/support/oracle/recount';
import { call, freshIp, ORIGIN, postLogin } from '@/tests/integration/api/support';
import { todayOf } from '@/tests/integration/property/arbitraries';

// The MCP server at /api/mcp through the SDK's own client over real HTTP: initialize, list the
// tools, call every tool, and each answer's structured content is the dashboard API's answer for
// the same view as the same person, to the cent; a viewer's token lists no tool that needs costs
// and profit and its answers are the viewer's API answers; no token is refused.

/** A personal access token of `person`, as the Account page makes one. */
async function tokenOf(person: Person, options: { shops?: string[]; expiresInDays?: number; now?: number } = {}) {
  const made = await createPersonalToken(
    person,
    { name: 'Claude Desktop', expiresInDays: options.expiresInDays ?? null, shops: options.shops ?? null },
    options.now,
  );
  return { text: made.token, id: made.item.id };
}

type Handler = Parameters<typeof call>[0];

describe('the MCP server', () => {
  const fixture = routesFixture({ orders: 1_200, postgres: false });
  let served: Served;
  let shop: Shop;
  let range: { from: string; to: string };
  const cookies = { owner: '', viewer: '' };
  const tokens = { owner: '', viewer: '' };
  const people = {} as Record<'owner' | 'viewer', Person>;
  const clients: Client[] = [];

  async function signIn(email: string, password: string): Promise<string> {
    const response = await postLogin(password, freshIp(), { origin: ORIGIN }, email);
    if (response.status !== 200) throw new Error(`sign-in of ${email} failed: ${response.status}`);
    return (response.headers.get('set-cookie') ?? '').split(';')[0]!;
  }

  async function client(token?: string): Promise<Client> {
    const c = await mcpClient(served.url, token);
    clients.push(c);
    return c;
  }

  /** The dashboard API's data for a view, as a person signed in with `cookie`. */
  async function apiData(endpoint: string, args: Record<string, string>, who: 'owner' | 'viewer') {
    const route = MCP_ROUTES.find((r) => r.endpoint.key === endpoint)!;
    const { shopId, ...query } = args;
    const path = `/api/dashboard/${route.endpoint.path.replace('[shopId]', shopId ?? '')}?${new URLSearchParams(query)}`;
    const response = await call(route as Handler, path, { params: { shopId: shopId ?? '' }, cookie: cookies[who] });
    const text = await response.text();
    if (response.status !== 200) throw new Error(`${endpoint}: ${response.status} ${text.slice(0, 200)}`);
    return (JSON.parse(text) as { data: unknown }).data;
  }

  beforeAll(async () => {
    shop = fixture.shops[0]!;
    const today = todayOf(shop.timezone);
    // Whole past days, so no answer depends on the time of day between two calls.
    range = { from: shiftDay(today, -40), to: shiftDay(today, -2) };
    for (const s of fixture.shops) await fixture.engine.sync(s, { from: shiftDay(today, -70), to: today });
    const db = fixture.store.db;
    cookies.owner = await signIn('owner@demo.example', 'demo');
    const password = 'correct horse battery staple';
    const viewerId = await insertPerson(db, {
      email: 'mcp-viewer@team.example',
      name: 'Sales only',
      role: 'viewer',
      seesProfit: false,
      shops: fixture.shops.map((s) => s.id),
      passwordHash: await hashPassword(password),
    });
    cookies.viewer = await signIn('mcp-viewer@team.example', password);
    people.owner = (await findByEmail(db, 'owner@demo.example'))!.person;
    people.viewer = (await getPerson(db, viewerId))!;
    tokens.owner = (await tokenOf(people.owner)).text;
    tokens.viewer = (await tokenOf(people.viewer)).text;
    served = await serveHttp({ POST, GET, DELETE }, '/api/mcp');
  }, 240_000);

  afterAll(async () => {
    for (const c of clients) await c.close();
    await served?.close();
  });

  /**
   * `fn` with the clock stopped at one instant: a tool's answer and the API's are compared, and the
   * period tiles' projection depends on how much of the month has passed (to the second), so the two
   * calls must see the same now.
   */
  async function atOneInstant<T>(fn: () => Promise<T>): Promise<T> {
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    try {
      return await fn();
    } finally {
      vi.useRealTimers();
    }
  }

  /** One call of every tool: its arguments (a view of the demo shop). */
  const cases = (): Record<string, Record<string, string>> => {
    const view = { shopId: shop.id, from: range.from, to: range.to };
    return {
      shops: {},
      overview: view,
      period_tiles: { shopId: shop.id },
      sku_profit: { ...view, sort: 'netProfit', dir: 'asc' },
      orders: { ...view, limit: '25', orderType: 'SETTLED' },
      refunds: view,
      pnl_by_month: view,
      settlement: view,
      pricing: { ...view, target: '25' },
      pricing_what_if: { ...view, changes: '*:price+5%' },
    };
  };

  it('initializes, names itself and lists every tool to the owner, read-only, with the view as its input', async () => {
    const c = await client(tokens.owner);
    expect(c.getServerVersion()?.name).toBe('shop-profit-dashboard');
    const { tools } = await c.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual([...TOOLS.map((t) => t.name), 'explain_figure'].sort());
    for (const tool of tools) expect(tool.annotations?.readOnlyHint).toBe(true);
    const skuProfit = tools.find((t) => t.name === 'sku_profit')!;
    expect(skuProfit.inputSchema.required).toEqual(['shopId']);
    expect(Object.keys(skuProfit.inputSchema.properties ?? {})).toEqual(
      expect.arrayContaining(['shopId', 'range', 'from', 'to', 'q', 'sort', 'dir', 'costs']),
    );
    expect(tools.find((t) => t.name === 'pricing_what_if')!.inputSchema.required).toEqual(['shopId', 'changes']);
  });

  it("answers every tool with the dashboard API's data for the same view, to the cent, and a summary in the seller's words", async () => {
    const c = await client(tokens.owner);
    const { tools } = await c.listTools();
    const all = cases();
    expect(Object.keys(all).sort()).toEqual(
      tools
        .map((t) => t.name)
        .filter((n) => n !== 'explain_figure')
        .sort(),
    );
    for (const [name, args] of Object.entries(all)) {
      const tool = TOOLS.find((t) => t.name === name)!;
      const [answer, api] = await atOneInstant(async () => [
        await callTool(c, name, args),
        await apiData(tool.endpoint, args, 'owner'),
      ]);
      expect({ name, isError: answer.isError, summary: answer.isError ? answer.summary : '' }).toEqual({
        name,
        isError: false,
        summary: '',
      });
      expect({ name, data: answer.data }).toEqual({ name, data: api });
      if (name !== 'shops' && name !== 'period_tiles') {
        expect(answer.summary).toContain(`${range.from} to ${range.to}`);
        expect(answer.summary).toMatch(/amounts in [A-Z]{3}/);
      }
    }
  }, 120_000);

  it('says the currency, the range and what is not read yet, and the figures in the shop’s money', async () => {
    const c = await client(tokens.owner);
    const today = todayOf(shop.timezone);
    const stored = await callTool(c, 'overview', { shopId: shop.id, ...range });
    expect(stored.summary).toMatch(/Every day of the range is read \(39 days\)/);
    expect(stored.summary).toMatch(/Net sales [^;]*\d/);
    // A range reaching back before the synced days: the summary says how many are not read yet.
    const older = await callTool(c, 'overview', {
      shopId: shop.id,
      from: shiftDay(today, -100),
      to: shiftDay(today, -2),
    });
    expect(older.summary).toMatch(/Not read yet: 30 days of 99; the figures cover only the 69 stored days/);
    const losers = await callTool(c, 'sku_profit', { shopId: shop.id, ...range, sort: 'netProfit', dir: 'asc' });
    expect(losers.summary).toMatch(/\d+ SKUs?: Net sales/);
  });

  it('refuses a bad view with the API’s sentence, naming the parameter', async () => {
    const c = await client(tokens.owner);
    const bad = await callTool(c, 'overview', { shopId: shop.id, from: range.to, to: range.from });
    expect(bad).toMatchObject({ isError: true });
    expect(bad.summary).toMatch(/^to: must not be earlier than from/);
    const noChanges = await callTool(c, 'pricing_what_if', { shopId: shop.id, ...range });
    expect(noChanges.summary).toMatch(/changes: is required/);
    const unknownShop = await callTool(c, 'refunds', { shopId: 'no-such-shop', ...range });
    expect(unknownShop.isError).toBe(true);
  });

  it('explains a figure in the words of the pages', async () => {
    const c = await client(tokens.owner);
    const net = await callTool(c, 'explain_figure', { figure: 'Net profit of orders' });
    expect(net.summary).toMatch(/^Net profit of orders: Net sales less cost of goods/);
    const all = await callTool(c, 'explain_figure', {});
    expect((all.data as { figures: unknown[] }).figures.length).toBeGreaterThan(10);
    const unknown = await callTool(c, 'explain_figure', { figure: 'happiness' });
    expect(unknown.isError).toBe(true);
    expect(unknown.summary).toMatch(/No figure is called "happiness"; the figures are: Orders, GMV, Net sales/);
  });

  it('has the shop list and the glossary as resources', async () => {
    const c = await client(tokens.owner);
    const { resources } = await c.listResources();
    expect(resources.map((r) => r.uri).sort()).toEqual(['dashboard://glossary', 'dashboard://shops']);
    const shops = await c.readResource({ uri: 'dashboard://shops' });
    const text = (shops.contents[0] as { text: string }).text;
    expect(JSON.parse(text)).toEqual(await apiData('GET shops', {}, 'owner'));
    const glossary = await c.readResource({ uri: 'dashboard://glossary' });
    expect((glossary.contents[0] as { text: string }).text).toContain('Bottom line');
  });

  it("lists a viewer's token no tool that needs costs and profit, and answers it as the API answers the viewer", async () => {
    const c = await client(tokens.viewer);
    const { tools } = await c.listTools();
    const profitTools = TOOLS.filter((t) => ENDPOINTS.find((e) => e.key === t.endpoint)!.access === 'view-profit');
    expect(profitTools.map((t) => t.name).sort()).toEqual(
      ['pnl_by_month', 'pricing', 'pricing_what_if', 'settlement', 'sku_profit'].sort(),
    );
    expect(tools.map((t) => t.name).sort()).toEqual(
      ['explain_figure', 'orders', 'overview', 'period_tiles', 'refunds', 'shops'].sort(),
    );
    // Calling one anyway: as unknown as a tool that does not exist.
    const refused = await callTool(c, 'sku_profit', { shopId: shop.id, ...range });
    expect(refused).toMatchObject({ isError: true, summary: 'There is no tool called "sku_profit".' });
    const all = cases();
    for (const tool of tools.filter((t) => t.name !== 'explain_figure')) {
      const args = all[tool.name]!;
      const endpoint = TOOLS.find((t) => t.name === tool.name)!.endpoint;
      const [answer, api] = await atOneInstant(async () => [
        await callTool(c, tool.name, args),
        await apiData(endpoint, args, 'viewer'),
      ]);
      expect({ tool: tool.name, data: answer.data }).toEqual({ tool: tool.name, data: api });
      // Their summary names no cost, fee, margin or profit: they see none.
      expect({ tool: tool.name, summary: answer.summary }).not.toEqual({
        tool: tool.name,
        summary: expect.stringMatching(/profit|margin|fee|cost|bottom line/i),
      });
    }
    const glossary = await c.readResource({ uri: 'dashboard://glossary' });
    const words = (glossary.contents[0] as { text: string }).text;
    expect(words).toContain('Refunded sales and discounts');
    expect(words).not.toMatch(/Net profit|Margin|Bottom line|Platform fees/);
  }, 120_000);

  it('refuses a request without a token, with a wrong one or with a session cookie alone: 401 and a sentence', async () => {
    const initialize = {
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'curl', version: '1' } },
    };
    const post = (headers: Record<string, string>) =>
      fetch(served.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers },
        body: JSON.stringify(initialize),
      });
    const refused: Record<string, string>[] = [{}, { authorization: 'Bearer not-a-token' }, { cookie: cookies.owner }];
    for (const headers of refused) {
      const response = await post(headers);
      expect(response.status).toBe(401);
      expect(response.headers.get('www-authenticate')).toMatch(/^Bearer/);
      const body = (await response.json()) as { error: { code: string; message: string } };
      expect(body.error).toMatchObject({
        code: 'INVALID_TOKEN',
        message: expect.stringMatching(/^This access token or live link is not valid/),
      });
    }
    await expect(mcpClient(served.url)).rejects.toThrow();
    const ok = await post({ authorization: `Bearer ${tokens.owner}` });
    expect(ok.status).toBe(200);
    // A web page elsewhere (DNS rebinding) is refused even with a token; a page on this machine is not.
    const foreign = await post({ authorization: `Bearer ${tokens.owner}`, origin: 'http://evil.example.com' });
    expect(foreign.status).toBe(403);
    expect(((await foreign.json()) as { error: { code: string } }).error.code).toBe('FORBIDDEN_ORIGIN');
    expect((await post({ authorization: `Bearer ${tokens.owner}`, origin: 'http://localhost:3000' })).status).toBe(200);
    // No stream and no session to end: GET and DELETE are 405 (with a token), never a hang.
    const get = await fetch(served.url, {
      headers: { authorization: `Bearer ${tokens.owner}`, accept: 'text/event-stream' },
    });
    expect(get.status).toBe(405);
  });
  /** Whether `token` is refused as an MCP client connects: the SDK's error carries the 401 body. */
  async function refused(token: string): Promise<boolean> {
    try {
      await client(token);
      return false;
    } catch (error) {
      expect(String(error)).toMatch(/INVALID_TOKEN/);
      return true;
    }
  }

  it('refuses a revoked token, an expired one and one whose person was removed', async () => {
    const db = fixture.store.db;
    const revoked = await tokenOf(people.owner);
    expect(await refused(revoked.text)).toBe(false);
    await revokeToken(people.owner, revoked.id);
    expect(await refused(revoked.text)).toBe(true);

    const expired = await tokenOf(people.owner, { expiresInDays: 1, now: Date.now() - 2 * 86_400_000 });
    expect(await refused(expired.text)).toBe(true);

    const leaverId = await insertPerson(db, {
      email: 'mcp-leaver@team.example',
      name: 'Leaver',
      role: 'admin',
      seesProfit: true,
      shops: [],
      passwordHash: await hashPassword('correct horse battery staple'),
    });
    const leaver = await tokenOf((await getPerson(db, leaverId))!);
    const before = await client(leaver.text);
    expect((await before.listTools()).tools.length).toBeGreaterThan(0);
    await deletePerson(db, leaverId);
    expect(await refused(leaver.text)).toBe(true);
    // A client that connected before: its next call is refused too (every POST checks the token).
    await expect(before.listTools()).rejects.toThrow(/INVALID_TOKEN/);
  });

  it('reads only the shops a token was narrowed to', async () => {
    const [first, second] = fixture.shops;
    const narrow = await client((await tokenOf(people.owner, { shops: [first!.id] })).text);
    const shops = await callTool(narrow, 'shops', {});
    expect((shops.data as { items: { id: string }[] }).items.map((s) => s.id)).toEqual([first!.id]);
    const other = await callTool(narrow, 'refunds', { shopId: second!.id, ...range });
    expect(other.isError).toBe(true);
    expect(other.summary).toMatch(/shop/i);
  });
});
