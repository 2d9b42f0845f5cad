// How the e2e tests and the browser benchmarks launch Chromium: Debian's build, headless, without
// the background work (updates, sync, networking of its own) that would add requests or skew a timing.
export const CHROMIUM_LAUNCH_OPTIONS = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
};
