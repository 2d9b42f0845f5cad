import { mcpHandler } from '@/lib/mcp/server';
import { MCP_ROUTES } from './routes';

// The MCP server (docs/ARCHITECTURE.md#the-mcp-server): Streamable HTTP, stateless, authenticated
// by a personal access token only (no session cookie).

const handle = mcpHandler({ routes: MCP_ROUTES, resolvePerson: async () => null });

export const POST = handle;
export const GET = handle;
export const DELETE = handle;
