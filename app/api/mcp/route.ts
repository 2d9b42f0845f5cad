import { mcpHandler } from '@/lib/mcp/server';
import { requireTokenPerson } from '@/lib/session/bearer';
import { MCP_ROUTES } from './routes';

// The MCP server (docs/ARCHITECTURE.md#the-mcp-server): Streamable HTTP, stateless, authenticated
// by a personal access token only (no session cookie): `Authorization: Bearer spd_pat_…`, its
// person as the store has them now, narrowed to the token's shops, throttled per token.

const handle = mcpHandler({ routes: MCP_ROUTES, resolvePerson: requireTokenPerson });

export const POST = handle;
export const GET = handle;
export const DELETE = handle;
