import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_LAUNCH_OPTIONS } from './tests/e2e/support/chromium';

// Browser tests drive the real production build in Debian's Chromium (TOOLCHAIN.md).
// scripts/e2e-server.mjs builds once and serves the app with a fresh demo data directory.
const port = Number(process.env.E2E_PORT ?? 3999);
const baseURL = `http://127.0.0.1:${port}`;
/**
 * tests/e2e/settlement.spec.ts's server and its data directory, wiped at its start. Port + 10: the
 * specs that start apps of their own take + 1 to + 3 and + 20 to + 23.
 */
const settlementPort = port + 10;
const SETTLEMENT_DATA_DIR = '.e2e-data-settlement';

export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: 'test-results',
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 120_000,
  expect: { timeout: 20_000 },
  reporter: process.env.CI ? [['list'], ['html', { open: 'never', outputFolder: 'playwright-report' }]] : 'list',
  use: {
    baseURL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: CHROMIUM_LAUNCH_OPTIONS,
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: [
    {
      command: 'node scripts/e2e-server.mjs',
      url: `${baseURL}/login`,
      reuseExistingServer: !process.env.CI,
      timeout: 300_000,
      stdout: 'pipe',
      stderr: 'pipe',
      env: { PORT: String(port) },
    },
    // The Settlement walk's own server: its orders settle mid-run (the clock file it writes), which
    // no other spec may see. Playwright starts web servers in order, each once its URL answers, so
    // this one starts after the first has built and serves the same build.
    {
      command: 'node scripts/e2e-server.mjs',
      url: `http://127.0.0.1:${settlementPort}/login`,
      reuseExistingServer: !process.env.CI,
      timeout: 300_000,
      stdout: 'pipe',
      stderr: 'pipe',
      env: {
        PORT: String(settlementPort),
        DATA_DIR: SETTLEMENT_DATA_DIR,
        E2E_SKIP_BUILD: '1',
        SERVICE_SETTLE_CLOCK_FILE: `${SETTLEMENT_DATA_DIR}/settle-clock`,
      },
    },
  ],
});
