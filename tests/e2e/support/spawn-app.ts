import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawn, type ChildProcess } from 'node:child_process';
// @ts-expect-error -- plain JavaScript start script, no types
import { serverEnv, serverNodeFlags } from '../../../scripts/server-memory.mjs';

// Starting the standalone service and extra instances of the built app for e2e tests that need
// their own configuration. Output is captured so tests can inspect the logs.

export interface Spawned {
  process: ChildProcess;
  /** Everything written to stdout and stderr so far. */
  output(): string;
  stop(): Promise<void>;
}

export function spawnLogged(command: string, args: string[], env: Record<string, string>): Spawned {
  const child = spawn(command, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  const chunks: Buffer[] = [];
  child.stdout?.on('data', (chunk: Buffer) => chunks.push(chunk));
  child.stderr?.on('data', (chunk: Buffer) => chunks.push(chunk));
  return {
    process: child,
    output: () => Buffer.concat(chunks).toString('utf8'),
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
        child.once('exit', () => {
          clearTimeout(timer);
          resolve();
        });
        child.kill('SIGTERM');
      }),
  };
}

/** Polls `url` until it answers (any HTTP status) or `timeoutMs` passes. */
export async function waitForHttp(url: string, spawned: Spawned, timeoutMs = 90_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (spawned.process.exitCode !== null) throw new Error(`process exited early:\n${spawned.output()}`);
    try {
      await fetch(url, { redirect: 'manual' });
      return;
    } catch {
      await new Promise((r) => setTimeout(r, 250));
    }
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms:\n${spawned.output()}`);
}

export const NEXT_BIN = 'node_modules/next/dist/bin/next';
export const TSX_CLI = 'node_modules/tsx/dist/cli.mjs';

/** Starts the built app (`next start`) on 127.0.0.1:`port` with `env`. */
export async function startBuiltApp(port: number, env: Record<string, string>): Promise<Spawned> {
  const app = spawnLogged(
    process.execPath,
    [...serverNodeFlags({ ...process.env, ...env }), NEXT_BIN, 'start', '-H', '127.0.0.1', '-p', String(port)],
    serverEnv({ ...process.env, ...env }) as Record<string, string>,
  );
  await waitForHttp(`http://127.0.0.1:${port}/login`, app);
  return app;
}

/** Starts the standalone Reporting Service (`npm run service`) on 127.0.0.1:`port`. */
export async function startService(port: number, env: Record<string, string>): Promise<Spawned> {
  const service = spawnLogged(
    process.execPath,
    [TSX_CLI, '--conditions=react-server', 'scripts/service.ts', '--port', String(port)],
    env,
  );
  await waitForHttp(`http://127.0.0.1:${port}/api/v1/shops`, service, 180_000);
  return service;
}

/** Settings a test instance must not inherit from the shell that runs the tests (an empty value counts as unset). */
const INHERITED_SETTINGS = [
  'UPSTREAM_BASE_URL',
  'UPSTREAM_APP_KEY',
  'UPSTREAM_APP_SECRET',
  'DASHBOARD_PASSWORD',
  'SESSION_SECRET',
  'REDIS_URL',
  'DATABASE_URL',
  'SERVICE_DATABASE_URL',
  'TRUSTED_PROXY',
  'OWNER_EMAIL',
  'OWNER_PASSWORD',
  'PUBLIC_URL',
];

/** The environment of an instance of its own: a new data directory, `extra`, and nothing inherited. */
export function freshInstanceEnv(name: string, extra: Record<string, string> = {}): Record<string, string> {
  const env: Record<string, string> = { DATA_DIR: mkdtempSync(join(tmpdir(), `spd-${name}-`)), ...extra };
  for (const setting of INHERITED_SETTINGS) if (!(setting in extra)) env[setting] = '';
  return env;
}
