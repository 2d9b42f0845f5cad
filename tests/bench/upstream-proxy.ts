import { createServer, type Server } from 'node:http';

// A pass-through in front of the Reporting Service that notes every request the dashboard sends it:
// when, what (path and query, so a bench can tell which window and page a sync asked for), the
// answer's status, and which door it came in by: one port per app instance tells who asked.

export interface UpstreamRequest {
  at: number;
  path: string;
  query: URLSearchParams;
  /** The X-Shop-Id header (absent on the shop list). */
  shop: string | null;
  status: number;
  /** The name of the port the request came in on. */
  via: string;
}

export interface UpstreamProxy {
  requests: UpstreamRequest[];
  close(): Promise<void>;
}

/** Listens on every port of `doors` (name → port) and passes each request on to `serviceOrigin`. */
export async function startUpstreamProxy(serviceOrigin: string, doors: Record<string, number>): Promise<UpstreamProxy> {
  const requests: UpstreamRequest[] = [];
  const servers = Object.entries(doors).map(([via, port]) => door(serviceOrigin, via, requests, port));
  const started = await Promise.all(servers);
  const close = async () => {
    await Promise.all(
      started.map(
        (server) =>
          new Promise<void>((done) => {
            server.close(() => done());
            server.closeAllConnections();
          }),
      ),
    );
  };
  return { requests, close };
}

function door(serviceOrigin: string, via: string, requests: UpstreamRequest[], port: number): Promise<Server> {
  const server: Server = createServer(async (req, res) => {
    const headers = new Headers();
    for (const [key, value] of Object.entries(req.headers)) if (typeof value === 'string') headers.set(key, value);
    try {
      const answer = await fetch(`${serviceOrigin}${req.url}`, { headers });
      const body = Buffer.from(await answer.arrayBuffer());
      const url = new URL(req.url ?? '/', serviceOrigin);
      requests.push({
        at: Date.now(),
        path: url.pathname,
        query: url.searchParams,
        shop: headers.get('x-shop-id'),
        status: answer.status,
        via,
      });
      const out: Record<string, string> = {};
      answer.headers.forEach((value, key) => {
        if (!['content-encoding', 'content-length', 'transfer-encoding', 'connection'].includes(key)) out[key] = value;
      });
      res.writeHead(answer.status, out);
      res.end(body);
    } catch {
      res.writeHead(502).end();
    }
  });
  return new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve(server)));
}
