// `npm run service`: the embedded Reporting Service alone, on its own port, over node:http.
// Options: --port (or PORT / SERVICE_PORT, default 4010), --host (default 127.0.0.1),
// --sqlite-file (default <DATA_DIR>/service.db; ignored when SERVICE_DATABASE_URL is set).
import { createServer } from 'node:http';
import { parseArgs } from 'node:util';
import { serverConfig } from '@/lib/config/env';
import { checkPostgres } from '@/lib/startup/check';
import { createEmbeddedService } from '@/lib/service';
import { nodeListener } from '@/lib/service/node-listener';

const { values: args } = parseArgs({
  options: { port: { type: 'string' }, host: { type: 'string' }, 'sqlite-file': { type: 'string' } },
});
const port = Number(args.port ?? process.env.PORT ?? process.env.SERVICE_PORT ?? 4010);
const host = args.host ?? '127.0.0.1';

async function main() {
  const config = serverConfig();
  // Named at start, like the dashboard's own check (lib/startup/check), not as a driver's message.
  const problem = config.serviceDatabaseUrl
    ? await checkPostgres('SERVICE_DATABASE_URL', config.serviceDatabaseUrl)
    : null;
  if (problem) throw new Error(problem);
  const service = await createEmbeddedService({
    url: config.serviceDatabaseUrl,
    sqliteFile: args['sqlite-file'],
    ratePerMinute: config.service.ratePerMinute,
    ipRatePerMinute: config.service.ipRatePerMinute,
    demoAppSecret: process.env.SERVICE_DEMO_APP_SECRET || undefined,
    otherAppSecret: process.env.SERVICE_OTHER_APP_SECRET || undefined,
  });
  const server = createServer({ keepAliveTimeout: 65_000 }, nodeListener(service, `http://${host}:${port}`));
  server.listen(port, host, () => {
    console.log(
      `Reporting Service listening on http://${host}:${port}/api/v1 (store: ${config.serviceDatabaseUrl ? 'PostgreSQL' : 'SQLite'})`,
    );
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
