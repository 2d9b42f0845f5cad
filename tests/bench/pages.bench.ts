// `npm run bench:pages`: what a seller's browser downloads and waits for, measured on the
// production build (run `npx next build` first) served by `next start` with fresh demo data.
//   first-load JS — for each page, the <script src> chunks of its HTML, each gzipped and summed
//                   (Next 16's build no longer prints it). Ceiling: orders ≤ 250 kB, and the
//                   ratio to a bare page (the scripts every route loads) printed, goal ≤ 1.2 ×.
//   chart code    — recharts must be in no page's first load and load only on /refunds.
//   orders table  — Chromium, warm: navigation start → the orders table rendered; and the server
//                   part of it (time to first byte of the HTML, which already holds the table).
import { gzipSync } from 'node:zlib';
import { launchChromium, signIn, startBenchApp } from './built-app';

const PORT = Number(process.env.BENCH_PAGES_PORT ?? 3349);
const BASE = `http://127.0.0.1:${PORT}`;
const ROUTES = ['/login', '/', '/orders', '/sku-costs', '/refunds', '/sku-profit'];
const ORDERS_CEILING_KB = 250;
const RUNS = 7;
const CHART_MARK = 'recharts-surface';

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;
const kB = (bytes: number) => bytes / 1000;

const chunkCache = new Map<string, Buffer>();
async function chunk(src: string): Promise<Buffer> {
  let body = chunkCache.get(src);
  if (!body) {
    body = Buffer.from(await (await fetch(new URL(src, BASE))).arrayBuffer());
    chunkCache.set(src, body);
  }
  return body;
}

async function firstLoad(route: string, cookie: string) {
  // The sign-in page is measured as a signed-out visitor sees it (signed in, it redirects).
  const headers = route === '/login' ? undefined : { cookie };
  const html = await (await fetch(`${BASE}${route}`, { headers })).text();
  const srcs = [...new Set([...html.matchAll(/<script[^>]*\ssrc="([^"]+)"/g)].map((m) => m[1] as string))];
  let gzipped = 0;
  let chart = false;
  for (const src of srcs) {
    const body = await chunk(src);
    gzipped += gzipSync(body).length;
    if (body.includes(CHART_MARK)) chart = true;
  }
  return { route, scripts: srcs.length, gzipped, chart, srcs };
}

/** What a bare page of this build loads: the scripts every route loads (Next's runtime and React). */
async function bareLoad(loads: { srcs: string[] }[]): Promise<number> {
  const shared = loads.map((l) => l.srcs).reduce((common, srcs) => common.filter((src) => srcs.includes(src)));
  let gzipped = 0;
  for (const src of shared) gzipped += gzipSync(await chunk(src)).length;
  return gzipped;
}

async function main() {
  const app = await startBenchApp(PORT, 'pages');
  const browser = await launchChromium();
  try {
    const cookie = await signIn(BASE);
    // Warm up: demo data, shop list, server code paths.
    await fetch(`${BASE}/orders`, { headers: { cookie } });

    console.log('First-load JS per route (gzipped <script src> chunks of the served HTML)');
    const loads = [];
    for (const route of ROUTES) loads.push(await firstLoad(route, cookie));
    for (const l of loads) {
      console.log(
        `  ${l.route.padEnd(10)} ${kB(l.gzipped).toFixed(1).padStart(7)} kB in ${String(l.scripts).padStart(2)} scripts${l.chart ? '  (includes chart code)' : ''}`,
      );
    }
    const orders = loads.find((l) => l.route === '/orders');
    const bare = await bareLoad(loads);
    console.log(`  a bare page (the scripts every route loads): ${kB(bare).toFixed(1)} kB`);
    if (orders) {
      const overBare = orders.gzipped / bare;
      console.log(
        `  orders vs a bare page: ${kB(orders.gzipped).toFixed(1)} / ${kB(bare).toFixed(1)} kB = ${overBare.toFixed(2)} × (goal ≤ 1.2 ×)`,
      );
      const ratio = kB(orders.gzipped) / ORDERS_CEILING_KB;
      console.log(
        `  orders vs ceiling: ${kB(orders.gzipped).toFixed(1)} / ${ORDERS_CEILING_KB} kB = ${ratio.toFixed(2)} ${ratio <= 1 ? '(within)' : '(OVER)'}`,
      );
    }

    const context = await browser.newContext();
    const [name, value] = cookie.split('=') as [string, string];
    await context.addCookies([{ name, value, domain: '127.0.0.1', path: '/' }]);
    const page = await context.newPage();
    const lazyChart: string[] = [];
    page.on('response', async (res) => {
      if (res.url().endsWith('.js') && (await res.body().catch(() => Buffer.alloc(0))).includes(CHART_MARK))
        lazyChart.push(new URL(res.url()).pathname);
    });
    for (const route of ['/orders', '/sku-costs']) {
      lazyChart.length = 0;
      await page.goto(`${BASE}${route}`, { waitUntil: 'networkidle' });
      console.log(`  chart code loaded on ${route}: ${lazyChart.length ? 'YES' : 'no'}`);
    }
    lazyChart.length = 0;
    await page.goto(`${BASE}/refunds`, { waitUntil: 'networkidle' });
    await page.locator(`svg.${CHART_MARK}`).first().waitFor();
    console.log(`  chart code loaded on /refunds: ${lazyChart.length ? 'yes, lazily' : 'NO'}`);

    const rendered: number[] = [];
    const ttfb: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      await page.goto(`${BASE}/orders?limit=25`, { waitUntil: 'commit' });
      // Timed inside the page, on the first animation frame that shows a body row of the table.
      const handle = await page.waitForFunction(
        () => {
          if (!document.querySelector('table.data-table tbody tr')) return false;
          const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
          return { rendered: performance.now(), ttfb: nav ? nav.responseStart - nav.requestStart : NaN };
        },
        undefined,
        { polling: 'raf' },
      );
      const t = (await handle.jsonValue()) as { rendered: number; ttfb: number };
      rendered.push(t.rendered);
      ttfb.push(t.ttfb);
    }
    console.log(
      `Orders page, warm, median of ${RUNS}: table rendered ${median(rendered).toFixed(0)} ms after navigation start; server (TTFB of the HTML with the table) ${median(ttfb).toFixed(0)} ms`,
    );
    await context.close();
  } finally {
    await browser.close();
    await app.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
