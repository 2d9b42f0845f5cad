import { describe, expect, it } from 'vitest';
import { ENDPOINTS } from '@/lib/endpoints';
import { toolRoutes } from '@/lib/mcp/server';
import { TOOLS } from '@/lib/mcp/tools';
import { MCP_ROUTES } from '@/app/api/mcp/routes';
import { classifyPath } from '@/lib/session/gate';
import { allRoutes } from '@/tests/support/api/route-files';

// The MCP server's tools come from the dashboard API's declarations: each names an endpoint of
// ENDPOINTS that reads (a GET answering data, no body), and app/api/mcp/routes.ts holds exactly the
// route modules that implement those endpoints — the very handlers app/api/dashboard serves.

describe("the MCP server's tools and routes", () => {
  it('name only endpoints of the dashboard API that read: a GET with data, no body, no file', () => {
    for (const tool of TOOLS) {
      const endpoint = ENDPOINTS.find((e) => e.key === tool.endpoint);
      expect({ tool: tool.name, declared: endpoint !== undefined }).toEqual({ tool: tool.name, declared: true });
      expect({
        tool: tool.name,
        method: endpoint!.method,
        body: endpoint!.body,
        file: 'file' in endpoint!.answer,
      }).toEqual({ tool: tool.name, method: 'GET', body: undefined, file: false });
    }
    expect(new Set(TOOLS.map((t) => t.name)).size).toBe(TOOLS.length);
  });

  it('lists exactly the routes the tools call, each the one app/api/dashboard serves for its endpoint', async () => {
    const served = await allRoutes();
    const routes = toolRoutes(MCP_ROUTES);
    expect([...new Set([...routes.values()])].length).toBe(MCP_ROUTES.length);
    for (const route of MCP_ROUTES) {
      expect(ENDPOINTS).toContain(route.endpoint);
      const file = served.find((r) => r.endpoint === route.endpoint);
      expect({ endpoint: route.endpoint.key, same: file?.handler === route }).toEqual({
        endpoint: route.endpoint.key,
        same: true,
      });
    }
  });

  it('refuses to start when a tool has no route', () => {
    expect(() => toolRoutes(MCP_ROUTES.filter((r) => r.endpoint.key !== 'GET shops/[shopId]/refunds'))).toThrow(
      'MCP tool refunds: no GET route implements GET shops/[shopId]/refunds',
    );
  });

  it('is let through the session gate to its own token check (a client without a token gets its 401, not a sign-in)', () => {
    expect(classifyPath('/api/mcp')).toBe('public');
  });
});
