// What the in-process server benchmarks share: running under the react-server condition (server
// modules import 'server-only', which only resolves to a no-op there) and the demo data synced into
// a fresh SQLite store.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Runs the bench at `moduleUrl` again under the react-server condition (with `nodeFlags` too) and
 * exits with its status, unless this process already runs so.
 */
export function runUnderReactServer(moduleUrl: string, nodeFlags: string[] = []): void {
  if (process.execArgv.some((arg) => arg.includes('react-server'))) return;
  const run = spawnSync(
    process.execPath,
    ['--conditions=react-server', ...nodeFlags, '--import', 'tsx', fileURLToPath(moduleUrl)],
    { stdio: 'inherit' },
  );
  process.exit(run.status ?? 1);
}

/**
 * The embedded service with the demo data's own order counts, an upstream client on it (its
 * requests counted) and a fresh SQLite store in the service's folder with a sync engine on it.
 */
export async function demoStore(options: { settleClock?: () => number } = {}) {
  const { clientFor, startService } = await import('@/tests/support/sync/harness');
  const { openOrderStore } = await import('@/lib/store/open');
  const { SyncEngine } = await import('@/lib/sync/engine');
  const fixture = await startService({ orders: 'demo', settleClock: options.settleClock });
  const { client, requests } = clientFor(fixture.handler);
  const store = await openOrderStore({ sqliteFile: join(fixture.dir, 'dashboard.db') });
  const engine = new SyncEngine({ store, client });
  return { fixture, client, requests, store, engine };
}
