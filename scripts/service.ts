// `npm run service`: the embedded Reporting Service alone, on its own port, over node:http.
// Options: --port (or PORT / SERVICE_PORT, default 4010), --host (default 127.0.0.1),
// --sqlite-file (default <DATA_DIR>/service.db; ignored when SERVICE_DATABASE_URL is set).
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { parseArgs } from 'node:util';
import { serverConfig } from '@/lib/config/env';
import { createEmbeddedService, type ServiceHandler } from '@/lib/service';

const { values: args } = parseArgs({
  options: { port: { type: 'string' }, host: { type: 'string' }, 'sqlite-file': { type: 'string' } },
});
const port = Number(args.port ?? process.env.PORT ?? process.env.SERVICE_PORT ?? 4010);
const host = args.host ?? '127.0.0.1';

function toRequest(req: IncomingMessage): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (typeof value === 'string') headers.set(name, value);
    else value?.forEach((v) => headers.append(name, v));
  }
  // The service never reads a body (GET only), so none is forwarded; the base is fixed rather
  // than taken from the Host header, which the caller controls.
  return new Request(new URL(req.url ?? '/', `http://${host}:${port}`), { method: req.method, headers });
}

async function answer(service: ServiceHandler, req: IncomingMessage, res: ServerResponse) {
  req.resume();
  const response = await service.handle(toRequest(req), { clientIp: req.socket.remoteAddress ?? 'unknown' });
  const body = Buffer.from(await response.arrayBuffer());
  res.writeHead(response.status, { ...Object.fromEntries(response.headers), 'Content-Length': body.length });
  res.end(body);
}

async function main() {
  const config = serverConfig();
  const service = await createEmbeddedService({
    url: config.serviceDatabaseUrl,
    sqliteFile: args['sqlite-file'],
    ratePerMinute: config.service.ratePerMinute,
    ipRatePerMinute: config.service.ipRatePerMinute,
    demoAppSecret: process.env.SERVICE_DEMO_APP_SECRET || undefined,
  });
  const server = createServer({ keepAliveTimeout: 65_000 }, (req, res) => {
    answer(service, req, res).catch((error: unknown) => {
      console.error('[service] could not answer', error instanceof Error ? error.message : error);
      if (!res.headersSent) res.writeHead(500, { 'Content-Type': 'application/json; charset=utf-8' });
      res.end('{"success":false,"error":{"code":"INTERNAL_ERROR","message":"An unexpected error occurred."}}');
    });
  });
  server.listen(port, host, () => {
    console.log(`Reporting Service listening on http://${host}:${port}/api/v1 (store: ${config.serviceDatabaseUrl ? 'PostgreSQL' : 'SQLite'})`);
  });
  const stop = () => {
    server.close();
    server.closeIdleConnections();
    void service.close().finally(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

main().catch((error: unknown) => {
  console.error('[service] failed to start:', error instanceof Error ? error.message : error);
  process.exit(1);
});
