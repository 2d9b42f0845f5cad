import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';

// The MCP SDK's own client over real HTTP to the dashboard's MCP server, as an assistant connects.

/** A connected (initialized) client; `token` goes in `Authorization: Bearer …`. */
export async function mcpClient(url: string, token?: string): Promise<Client> {
  const client = new Client({ name: 'dashboard-tests', version: '1.0.0' });
  const headers: Record<string, string> = token ? { Authorization: `Bearer ${token}` } : {};
  await client.connect(new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers } }));
  return client;
}

/** A tool's answer: its structured content, its text summary (the first text block) and whether it failed. */
export async function callTool(client: Client, name: string, args: Record<string, unknown>) {
  const result = (await client.callTool({ name, arguments: args })) as CallToolResult;
  const texts = result.content.filter((c) => c.type === 'text').map((c) => c.text);
  return { data: result.structuredContent, summary: texts[0] ?? '', isError: result.isError === true };
}
