// The production build (run `npx next build` first) served by `next start` on the loopback with
// fresh demo data, and a headless Chromium, for the benchmarks that measure what a seller's
// browser meets (bench:pages, bench:phone).
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser } from '@playwright/test';

export interface BuiltApp {
  /** `http://127.0.0.1:<port>`. */
  base: string;
  server: ChildProcess;
  /** Stops the server and removes its data. */
  stop(): void;
}

async function waitForServer(url: string, timeoutMs = 60_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`server did not answer at ${url}`);
}

/** Starts the build on `port` with a data directory of its own, and waits until it answers. */
export async function startBuiltApp(port: number, name: string): Promise<BuiltApp> {
  if (!existsSync('.next/BUILD_ID')) throw new Error('no production build: run `npx next build` first');
  const dataDir = mkdtempSync(join(tmpdir(), `bench-${name}-`));
  const server = spawn(
    process.execPath,
    ['node_modules/next/dist/bin/next', 'start', '-H', '127.0.0.1', '-p', String(port)],
    {
      env: {
        ...process.env,
        DATA_DIR: dataDir,
        UPSTREAM_RATE_LIMIT_PER_MINUTE: '6000',
        SERVICE_RATE_LIMIT_PER_MINUTE: '6000',
      },
      stdio: 'ignore',
    },
  );
  const base = `http://127.0.0.1:${port}`;
  const stop = () => {
    server.kill('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitForServer(`${base}/login`);
  } catch (error) {
    stop();
    throw error;
  }
  return { base, server, stop };
}

/** Chromium as the benchmarks run it: headless, without background work that would skew a timing. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
}

/** Signs in as the demo owner (or `DASHBOARD_PASSWORD`): the session cookie. */
export async function signIn(base: string): Promise<string> {
  const res = await fetch(`${base}/api/dashboard/session`, {
    method: 'POST',
    headers: { origin: base, 'content-type': 'application/json' },
    body: JSON.stringify({ password: process.env.DASHBOARD_PASSWORD ?? 'demo' }),
  });
  if (!res.ok) throw new Error(`sign-in failed: ${res.status}`);
  return (res.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
}
