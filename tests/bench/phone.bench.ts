// `npm run bench:phone`: what a seller waits for on a mid-range phone, measured on the production
// build (run `npx next build` first) served by `next start` with fresh demo data.
//   profile  — Chromium at 390 × 844 (mobile, DPR 3), CPU slowed 4× and slow 4G (150 ms latency,
//              1.6 Mbps down, 750 kbps up) through the DevTools protocol.
//   state    — the range each page shows by default is already stored (the bench syncs the last 90
//              days and waits for them) and the server is warm (each page served once); every load is
//              cold in the browser (a new context: no cache, no service worker).
//   figures  — per page, the median of RUNS loads: the first figure or row on screen (the page's own
//              selector, timed inside the page on the animation frame that shows it) and the largest
//              contentful paint (the last LCP entry once the network is idle), with a bare page of
//              the same build (the sign-in page, signed out) from the same run, and each page's
//              first-load JavaScript (gzipped <script src> of its HTML) over the bare page's.
// Goal (docs/benchmarks.md): every page's largest paint ≤ 2.0 s on this profile; JS ≤ 1.2 × bare.
import { gzipSync } from 'node:zlib';
import type { Browser } from '@playwright/test';
import { launchChromium, signIn, startBenchApp } from './built-app';

const PORT = Number(process.env.BENCH_PHONE_PORT ?? 3351);
const BASE = `http://127.0.0.1:${PORT}`;
const RUNS = Number(process.env.BENCH_PHONE_RUNS ?? 5);
const GOAL_LCP_MS = 2_000;
const GOAL_JS_RATIO = 1.2;
const PROFILE = { cpu: 4, latencyMs: 150, downKbps: 1_600, upKbps: 750 };

/** Each page and what its first figure or row is: the element a seller waits for. */
const ALL_PAGES: { route: string; first: string }[] = [
  { route: '/login', first: 'form input' },
  { route: '/', first: 'main .kpi dd' },
  { route: '/orders', first: 'main table.data-table tbody tr' },
  { route: '/sku-profit', first: 'main table.data-table tbody tr' },
  { route: '/sku-costs', first: 'main table.data-table tbody tr' },
  { route: '/refunds', first: 'main .kpi dd, main table tbody tr' },
  { route: '/settlement', first: 'main .kpi dd, main table tbody tr' },
  { route: '/pnl-by-month', first: 'main table.pnl-table tbody tr' },
  { route: '/pricing', first: 'main table tbody tr' },
  { route: '/all-shops', first: 'main table tbody tr' },
  { route: '/your-costs', first: 'main section h2' },
  { route: '/alerts', first: 'main h2' },
];

/** BENCH_PHONE_PAGES=/sku-profit,/settlement measures only those (and the bare page). */
const ONLY = process.env.BENCH_PHONE_PAGES?.split(',').filter(Boolean);
const PAGES = ALL_PAGES.filter((p) => p.route === '/login' || !ONLY || ONLY.includes(p.route));

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;

/** The answer's data, or an error with its status and body. */
async function dataOf<T>(response: Response): Promise<T> {
  const text = await response.text();
  if (!response.ok) throw new Error(`${response.url} answered ${response.status}: ${text.slice(0, 300)}`);
  return (JSON.parse(text) as { data: T }).data;
}

/** Syncs the last 90 days of every shop (the default ranges and the periods they compare with) and waits for them. */
async function storeDefaultRanges(cookie: string): Promise<void> {
  const headers = { cookie, origin: BASE, 'content-type': 'application/json' };
  // The embedded service writes its demo data on its first request: the shop list waits for it.
  let shops: { id: string }[] = [];
  for (const until = Date.now() + 180_000; shops.length === 0; await new Promise((r) => setTimeout(r, 2_000))) {
    const response = await fetch(`${BASE}/api/dashboard/shops`, { headers });
    if (response.ok) shops = (await dataOf<{ items: { id: string }[] }>(response)).items;
    else if (Date.now() > until) await dataOf(response);
  }
  for (const shop of shops) {
    const sync = `${BASE}/api/dashboard/shops/${encodeURIComponent(shop.id)}/sync`;
    await dataOf(await fetch(sync, { method: 'POST', headers, body: JSON.stringify({ range: 'last-90-days' }) }));
    const until = Date.now() + 600_000;
    for (;;) {
      const status = await dataOf<{
        coverage: { complete: boolean } | null;
        sync: { state: string; error?: string | null };
      }>(await fetch(`${sync}?range=last-90-days`, { headers }));
      if (status.coverage?.complete) break;
      if (status.sync.state === 'failed') throw new Error(`sync of ${shop.id} failed: ${status.sync.error}`);
      if (Date.now() > until) throw new Error(`sync of ${shop.id} did not finish`);
      await new Promise((r) => setTimeout(r, 1_000));
    }
  }
}

const chunks = new Map<string, number>();
async function gzipped(src: string): Promise<number> {
  let size = chunks.get(src);
  if (size === undefined) {
    size = gzipSync(Buffer.from(await (await fetch(new URL(src, BASE))).arrayBuffer())).length;
    chunks.set(src, size);
  }
  return size;
}

/** The scripts a page's HTML loads before anything else (not the legacy browsers' polyfills, `noModule`, which a phone never fetches). */
async function scriptsOf(route: string, cookie: string): Promise<string[]> {
  const headers = route === '/login' ? undefined : { cookie };
  const html = await (await fetch(`${BASE}${route}`, { headers })).text();
  const tags = [...html.matchAll(/<script[^>]*>/g)].map((m) => m[0]).filter((tag) => !/\snomodule/i.test(tag));
  return [...new Set(tags.flatMap((tag) => /\ssrc="([^"]+)"/.exec(tag)?.[1] ?? []))];
}

const sumOf = async (srcs: readonly string[]) => (await Promise.all(srcs.map(gzipped))).reduce((a, b) => a + b, 0);

/** One cold load of `route` on the phone profile: ms to its first figure and to its largest contentful paint. */
async function coldLoad(browser: Browser, cookie: string, page: (typeof PAGES)[number]) {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 3,
    isMobile: true,
    hasTouch: true,
  });
  if (page.route !== '/login') {
    const [name, value] = cookie.split('=') as [string, string];
    await context.addCookies([{ name, value, domain: '127.0.0.1', path: '/' }]);
  }
  await context.addInitScript(() => {
    const w = window as unknown as { __lcp: number; __lcpWhat: string; __busy: number };
    w.__lcp = NaN;
    w.__lcpWhat = '';
    w.__busy = 0;
    new PerformanceObserver((list) => {
      const last = list.getEntries().at(-1) as (PerformanceEntry & { element?: Element | null }) | undefined;
      if (!last) return;
      w.__lcp = last.startTime;
      const el = last.element;
      w.__lcpWhat = el
        ? `${el.tagName.toLowerCase()}${el.className ? `.${String(el.className).split(' ')[0]}` : ''} "${(el.textContent ?? '').trim().slice(0, 24)}"`
        : '(removed)';
    }).observe({ type: 'largest-contentful-paint', buffered: true });
    // The main thread's tasks over 50 ms (parsing, hydration, rendering): the client's own work.
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) w.__busy += entry.duration;
    }).observe({ type: 'longtask', buffered: true });
  });
  const tab = await context.newPage();
  const cdp = await context.newCDPSession(tab);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: PROFILE.latencyMs,
    downloadThroughput: (PROFILE.downKbps * 1000) / 8,
    uploadThroughput: (PROFILE.upKbps * 1000) / 8,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: PROFILE.cpu });
  try {
    await tab.goto(`${BASE}${page.route}`, { waitUntil: 'commit', timeout: 60_000 });
    const handle = await tab.waitForFunction(
      (selector) => (document.querySelector(selector) ? performance.now() : false),
      page.first,
      {
        polling: 'raf',
        timeout: 60_000,
      },
    );
    const first = (await handle.jsonValue()) as number;
    await tab.waitForLoadState('networkidle', { timeout: 60_000 });
    const detail = await tab.evaluate(() => {
      const w = window as unknown as { __lcp: number; __lcpWhat: string; __busy: number };
      const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
      const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN;
      return {
        lcp: w.__lcp,
        lcpWhat: w.__lcpWhat,
        busy: w.__busy,
        ttfb: nav?.responseStart ?? NaN,
        htmlDone: nav?.responseEnd ?? NaN,
        htmlKb: (nav?.encodedBodySize ?? NaN) / 1000,
        fcp,
      };
    });
    return { first, ...detail };
  } finally {
    await context.close();
  }
}

async function main() {
  const app = await startBenchApp(PORT, 'phone');
  const browser = await launchChromium();
  try {
    const cookie = await signIn(BASE);
    await storeDefaultRanges(cookie);
    // Warm: each page served once (server code paths, month sums kept, demo data read).
    for (const p of PAGES) await fetch(`${BASE}${p.route}`, { headers: { cookie } });
    console.log(
      `Phone profile: 390 px, DPR 3, CPU ${PROFILE.cpu}× slower, ${PROFILE.latencyMs} ms latency, ${PROFILE.downKbps / 1000} Mbps down; stored range, warm server, cold browser; median of ${RUNS}`,
    );
    type Load = Awaited<ReturnType<typeof coldLoad>>;
    const rows: ({ route: string; scripts: string[]; js: number } & Omit<Load, 'lcpWhat'> & { lcpWhat: string })[] = [];
    const med = (runs: Load[], key: Exclude<keyof Load, 'lcpWhat'>) => median(runs.map((r) => r[key]));
    for (const p of PAGES) {
      const runs = [];
      for (let i = 0; i < RUNS; i++) runs.push(await coldLoad(browser, cookie, p));
      const scripts = await scriptsOf(p.route, cookie);
      const lcp = med(runs, 'lcp');
      rows.push({
        route: p.route,
        first: med(runs, 'first'),
        lcp,
        lcpWhat: runs.find((r) => r.lcp === lcp)?.lcpWhat ?? '',
        ttfb: med(runs, 'ttfb'),
        htmlDone: med(runs, 'htmlDone'),
        htmlKb: med(runs, 'htmlKb'),
        fcp: med(runs, 'fcp'),
        busy: med(runs, 'busy'),
        scripts,
        js: await sumOf(scripts),
      });
    }
    const bare = rows.find((r) => r.route === '/login')!;
    // A bare page's JavaScript: the scripts every route loads (Next's runtime and React), as bench:pages.
    const bareJs = await sumOf(rows.map((r) => r.scripts).reduce((common, s) => common.filter((x) => s.includes(x))));
    console.log(
      `  bare page: LCP of the sign-in page (signed out) ${bare.lcp.toFixed(0)} ms; JS every route loads ${(bareJs / 1000).toFixed(1)} kB`,
    );
    console.log('  page            first figure      LCP   vs bare     JS (gz)   vs bare');
    for (const r of rows) {
      const over = r.lcp > GOAL_LCP_MS ? '  (LCP OVER 2.0 s)' : '';
      const jsOver = r.js / bareJs > GOAL_JS_RATIO ? '  (JS over 1.2 ×)' : '';
      console.log(
        `  ${r.route.padEnd(14)} ${r.first.toFixed(0).padStart(9)} ms ${r.lcp.toFixed(0).padStart(7)} ms ${(r.lcp / bare.lcp).toFixed(2).padStart(6)} × ${(r.js / 1000).toFixed(1).padStart(8)} kB ${(r.js / bareJs).toFixed(2).padStart(6)} ×${over}${jsOver}`,
      );
    }
    console.log(
      '  where the time goes (medians): server answer, HTML on the wire, first paint, main thread busy, the LCP element',
    );
    console.log('  page            1st byte  HTML done  HTML (gz)       FCP  busy >50ms  largest paint is');
    for (const r of rows)
      console.log(
        `  ${r.route.padEnd(14)} ${r.ttfb.toFixed(0).padStart(6)} ms ${r.htmlDone.toFixed(0).padStart(7)} ms ${r.htmlKb.toFixed(1).padStart(7)} kB ${r.fcp.toFixed(0).padStart(6)} ms ${r.busy.toFixed(0).padStart(7)} ms  ${r.lcpWhat}`,
      );
    const worst = rows.filter((r) => r.route !== '/login').sort((a, b) => b.lcp - a.lcp)[0]!;
    console.log(
      `  slowest largest paint: ${worst.route} ${worst.lcp.toFixed(0)} ms / goal ${GOAL_LCP_MS} ms = ${(worst.lcp / GOAL_LCP_MS).toFixed(2)}`,
    );
  } finally {
    await browser.close();
    await app.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
