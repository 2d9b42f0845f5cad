import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ServiceAnswer } from './errors';
import type { RequestContext, ServiceAnswerer, ServiceHandler, ServiceRequest } from './handler';

// The service behind a node:http server (`npm run service`): a thin adapter. A handler that can
// answer with plain data (createServiceHandler's) is asked for that, so no WHATWG Request and
// Response are built per request; any other ServiceHandler goes through handle(Request).
//
// The service never reads a body (GET only), so none is forwarded; the origin is fixed rather
// than taken from the Host header, which the caller controls.

const FALLBACK_500 = '{"success":false,"error":{"code":"INTERNAL_ERROR","message":"An unexpected error occurred."}}';

function serviceRequest(req: IncomingMessage, origin: string): ServiceRequest {
  return {
    method: req.method ?? 'GET',
    url: new URL(req.url ?? '/', origin).href,
    headers: {
      // Node lower-cases names and joins repeated headers with ", " (set-cookie aside), as Headers.get does.
      get(name) {
        const value = req.headers[name.toLowerCase()];
        if (value === undefined) return null;
        return Array.isArray(value) ? value.join(', ') : value;
      },
    },
  };
}

function toRequest(req: IncomingMessage, origin: string): Request {
  const headers = new Headers();
  const raw = req.rawHeaders;
  for (let i = 0; i + 1 < raw.length; i += 2) headers.append(raw[i] as string, raw[i + 1] as string);
  return new Request(new URL(req.url ?? '/', origin), { method: req.method, headers });
}

async function fromResponse(response: Response): Promise<ServiceAnswer> {
  const body = new Uint8Array(await response.arrayBuffer());
  return { status: response.status, headers: Object.fromEntries(response.headers), body };
}

async function answer(
  service: ServiceHandler | ServiceAnswerer,
  origin: string,
  req: IncomingMessage,
  res: ServerResponse,
) {
  req.resume();
  const context: RequestContext = { clientIp: req.socket.remoteAddress ?? 'unknown' };
  const { status, headers, body } =
    'answer' in service
      ? await service.answer(serviceRequest(req, origin), context)
      : await fromResponse(await service.handle(toRequest(req, origin), context));
  res.writeHead(status, { ...headers, 'Content-Length': body.byteLength });
  res.end(body);
}

/** A node:http request listener answering with `service`; `origin` is the base of request URLs. */
export function nodeListener(
  service: ServiceHandler | ServiceAnswerer,
  origin: string,
): (req: IncomingMessage, res: ServerResponse) => void {
  return (req, res) => {
    answer(service, origin, req, res).catch((error: unknown) => {
      console.error('[service] could not answer', error instanceof Error ? error.message : error);
      if (!res.headersSent) res.writeHead(500, { 'Content-Type': 'application/json; charset=utf-8' });
      res.end(FALLBACK_500);
    });
  };
}
