import type { IncomingMessage, ServerResponse } from 'node:http';
import { knownBody } from './errors';
import type { ServiceHandler } from './handler';

// The service behind a node:http server (`npm run service`): a thin adapter around the one entry
// point, `handle(Request)`. The body of a response the service made is written from its bytes
// instead of being read back through the Response stream.

const FALLBACK_500 = '{"success":false,"error":{"code":"INTERNAL_ERROR","message":"An unexpected error occurred."}}';

function toRequest(req: IncomingMessage, origin: string): Request {
  const headers: Array<[string, string]> = [];
  // rawHeaders keeps repeated headers as separate pairs; Headers joins them as node would.
  const raw = req.rawHeaders;
  for (let i = 0; i + 1 < raw.length; i += 2) headers.push([raw[i] as string, raw[i + 1] as string]);
  // The service never reads a body (GET only), so none is forwarded; the origin is fixed rather
  // than taken from the Host header, which the caller controls.
  return new Request(new URL(req.url ?? '/', origin), { method: req.method, headers });
}

async function answer(service: ServiceHandler, origin: string, req: IncomingMessage, res: ServerResponse) {
  req.resume();
  const response = await service.handle(toRequest(req, origin), { clientIp: req.socket.remoteAddress ?? 'unknown' });
  const body = knownBody(response) ?? new Uint8Array(await response.arrayBuffer());
  const headers: Record<string, string | number> = { 'Content-Length': body.byteLength };
  response.headers.forEach((value, name) => {
    headers[name] = value;
  });
  res.writeHead(response.status, headers);
  res.end(body);
}

/** A node:http request listener answering with `service`; `origin` is the base of request URLs. */
export function nodeListener(service: ServiceHandler, origin: string): (req: IncomingMessage, res: ServerResponse) => void {
  return (req, res) => {
    answer(service, origin, req, res).catch((error: unknown) => {
      console.error('[service] could not answer', error instanceof Error ? error.message : error);
      if (!res.headersSent) res.writeHead(500, { 'Content-Type': 'application/json; charset=utf-8' });
      res.end(FALLBACK_500);
    });
  };
}
