// The production build (run `npx next build` first) served by `next start` on the loopback with
// fresh demo data, and a headless Chromium, for the benchmarks that measure what a seller's
// browser meets (bench:pages, bench:phone).
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser } from '@playwright/test';
import { CHROMIUM_LAUNCH_OPTIONS } from '../e2e/support/chromium';
import { startBuiltApp } from '../e2e/support/spawn-app';

export interface BenchApp {
  /** `http://127.0.0.1:<port>`. */
  base: string;
  /** Stops the server and removes its data. */
  stop(): Promise<void>;
}

/** Starts the build on `port` with a data directory of its own, and waits until it answers. */
export async function startBenchApp(port: number, name: string): Promise<BenchApp> {
  if (!existsSync('.next/BUILD_ID')) throw new Error('no production build: run `npx next build` first');
  const dataDir = mkdtempSync(join(tmpdir(), `bench-${name}-`));
  const app = await startBuiltApp(port, {
    DATA_DIR: dataDir,
    UPSTREAM_RATE_LIMIT_PER_MINUTE: '6000',
    SERVICE_RATE_LIMIT_PER_MINUTE: '6000',
  });
  return {
    base: `http://127.0.0.1:${port}`,
    async stop() {
      await app.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Chromium as the benchmarks run it: headless, without background work that would skew a timing. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch(CHROMIUM_LAUNCH_OPTIONS);
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
