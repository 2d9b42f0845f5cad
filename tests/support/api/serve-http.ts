import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';

// A web-standard handler ((Request) => Response, as a Next route exports it) behind a real node:http
// server on the loopback, so a client under test (the MCP SDK's) speaks real HTTP to it.

type Handler = (request: Request) => Promise<Response>;

async function answer(handler: Handler, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const headers = new Headers();
  for (let i = 0; i + 1 < req.rawHeaders.length; i += 2) headers.append(req.rawHeaders[i]!, req.rawHeaders[i + 1]!);
  const withBody = req.method !== 'GET' && req.method !== 'HEAD';
  const request = new Request(new URL(req.url ?? '/', `http://${req.headers.host ?? '127.0.0.1'}`), {
    method: req.method,
    headers,
    ...(withBody ? { body: Readable.toWeb(req) as ReadableStream, duplex: 'half' } : {}),
  } as RequestInit);
  const response = await handler(request);
  res.writeHead(response.status, Object.fromEntries(response.headers));
  if (response.body) for await (const chunk of response.body) res.write(chunk);
  res.end();
}

export interface Served {
  url: string;
  close(): Promise<void>;
}

/** Serves `handlers` by method on 127.0.0.1 (a free port); `path` is the URL's path. */
export async function serveHttp(handlers: Record<string, Handler>, path: string): Promise<Served> {
  const server = createServer((req, res) => {
    const handler = handlers[req.method ?? 'GET'];
    if (!handler) {
      res.writeHead(405).end();
      return;
    }
    answer(handler, req, res).catch((error: unknown) => {
      if (!res.headersSent) res.writeHead(500);
      res.end(String(error));
    });
  });
  // Longer than a client's idle keep-alive (undici's is 4 s): the client closes an idle connection
  // first, so a request never races the server closing it (ECONNRESET).
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}${path}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
