import { expect, test, type Page } from '@playwright/test';
import { freshInstanceEnv, startBuiltApp, type Spawned } from './support/spawn-app';

// A brand-new install, as a seller meets it: a store with nothing in it, the real budget of 60
// requests a minute, sign-in, then the first sync. While a range is still being read, no page may
// say it has no orders or no sales, and the overview's chart draws no day that is not stored.

const PORT = Number(process.env.E2E_PORT ?? 3999) + 4;
const base = `http://127.0.0.1:${PORT}`;
const CLAIMS_NOTHING = /No orders in this range|No sales in this range|No sales counted|no paid orders/i;

let app: Spawned;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  const env = freshInstanceEnv('first-hour', {
    SERVICE_RATE_LIMIT_PER_MINUTE: '60',
    UPSTREAM_RATE_LIMIT_PER_MINUTE: '60',
  });
  app = await startBuiltApp(PORT, env);
});
test.afterAll(async () => app?.stop());

interface Coverage {
  daysStored: number;
  daysTotal: number;
  complete: boolean;
}
interface OverviewAnswer {
  coverage: Coverage;
  report: { series: { day: string; netSales: number | null }[] } | null;
}

async function overviewAnswer(page: Page, shopId: string): Promise<OverviewAnswer> {
  const res = await page.request.get(`${base}/api/dashboard/shops/${shopId}/reports/overview`);
  return ((await res.json()) as { data: OverviewAnswer }).data;
}

/** The page's text, and whether it still says the range is being read ("N of M days … stored"). */
async function stillReading(page: Page): Promise<{ text: string; reading: boolean }> {
  const text = await page.locator('main').innerText();
  const m = /(\d[\d,]*) of (\d[\d,]*) days (?:of this range stored|are stored completely)/.exec(text);
  const reading = m ? Number(m[1]!.replace(/,/g, '')) < Number(m[2]!.replace(/,/g, '')) : false;
  return { text, reading };
}

/** A progress bar's words: "Reading Oct 30 – Nov 28, 2026: the range you opened", or the read's start. */
const READS =
  /^(Reading [A-Z][a-z]{2} \d{1,2}(, \d{4})? – [A-Z][a-z]{2} \d{1,2}, \d{4}: (the range you opened|the period before, for the comparison|today's refresh|the settlement check|a month whose count changed|another range opened in the dashboard)|Starting to read this range)$/;

/**
 * What the overview states at one instant that its "N of M days stored" line contradicts: a figure
 * while nothing is stored, refunds of $0.00 stated before a refund day is read, a tile with money
 * beside "Not read yet", a partial notice whose count differs from the line, top lists before a day
 * is stored. Read from the page's text, as a seller reads it.
 */
function contradictions(text: string, width: number): string[] {
  const found: string[] = [];
  const at = `at ${width} px`;
  const line = /(\d[\d,]*) of (\d[\d,]*) days of this range stored/.exec(text);
  if (!line) return found;
  const stored = Number(line[1]!.replace(/,/g, ''));
  const notice = /Partial figures, still reading this range: (\d[\d,]*) of (\d[\d,]*) days/.exec(text);
  if (notice && Number(notice[1]!.replace(/,/g, '')) !== stored)
    found.push(`${at}: the partial notice says ${notice[1]} days, the line ${stored}`);
  // The report below the line (the tiles above it have their own days and are checked on their own).
  const report = text.slice(line.index);
  if (stored === 0) {
    for (const figure of [
      'Bottom line',
      'Net profit of orders',
      'Refunds (daily totals)',
      'Top 5 SKUs',
      'Bottom 5 SKUs',
    ])
      if (report.includes(`\n${figure}\n`)) found.push(`${at}: "${figure}" is shown while 0 days are stored`);
    if (/\nOrders\n\d/.test(report)) found.push(`${at}: an order count is shown while 0 days are stored`);
  }
  // A period tile shows money only once its days are read; never beside "Not read yet".
  for (const tile of text.split(
    /(?=Today so far ·|Yesterday ·|Month to date ·|This month, projected ·|Last month ·)/,
  )) {
    const head = tile.slice(0, tile.indexOf('\n') + 1);
    const body = tile.slice(0, 200);
    if (/Not read yet|Projected once/.test(body) && /\$[\d,]+\.\d\d/.test(body.split(/Syncing|Figures /)[0]!))
      found.push(`${at}: the tile "${head.trim()}" shows money beside "not read yet"`);
  }
  if (/Partial: \d+ of \d+ days read/.test(text)) found.push(`${at}: a tile sums part of its period under its label`);
  // Each progress bar names the range it reads and why.
  const bar = /\n(Syncing[^\n]*|Refreshing[^\n]*|Reading[^\n]*)\n/.exec(text);
  if (bar && !READS.test(bar[1]!))
    found.push(`${at}: the progress bar says "${bar[1]}", not which range it reads and why`);
  return found;
}

test('a new install: the first sync sampled every second at 390 and 1440 px never contradicts its days stored; no page claims "no orders"', async ({
  browser,
}) => {
  test.setTimeout(600_000);
  // Two people, a phone and a desktop, open the overview of a fresh install at the same time.
  const pages: { page: Page; width: number }[] = [];
  for (const width of [390, 1440]) {
    const context = await browser.newContext({ viewport: { width, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${base}/login`);
    await page.getByLabel(/password/i).fill('demo');
    await page.getByRole('button', { name: /sign in/i }).click();
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
    pages.push({ page, width });
  }
  const page = pages[1]!.page;

  const shops = (await (await page.request.get(`${base}/api/dashboard/shops`)).json()) as {
    data: { items: { id: string }[] };
  };
  const shopId = shops.data.items[0]!.id;

  // The overview while the first sync runs: partial or still reading, never "no orders", and
  // every figure on it agrees with its days-stored line at every sample.
  for (const p of pages) await p.page.goto(`${base}/`);
  let sawPartial = false;
  let sawGap = false;
  let samples = 0;
  const problems: string[] = [];
  for (let i = 0; i < 240; i++) {
    for (const p of pages) {
      const { text, reading } = await stillReading(p.page);
      samples += 1;
      problems.push(...contradictions(text, p.width).map((c) => `sample ${i}: ${c}`));
      if (reading) {
        sawPartial = true;
        expect(text, `the overview at ${p.width} px while its range is read`).not.toMatch(CLAIMS_NOTHING);
      }
    }
    expect(problems.slice(0, 5), 'what the overview states against its days stored').toEqual([]);
    const answer = await overviewAnswer(page, shopId);
    if (answer.report && !answer.coverage.complete) {
      // A day not stored has no point: at most as many points as days stored (days to come have none either).
      const drawn = answer.report.series.filter((d) => d.netSales !== null).length;
      expect(drawn).toBeLessThanOrEqual(answer.coverage.daysStored);
      if (drawn < answer.report.series.length) sawGap = true;
      if (await page.getByText('Shaded: days not read yet', { exact: false }).count()) {
        await expect(page.locator('.recharts-reference-area').first()).toBeVisible();
      }
    }
    if (answer.coverage.complete) break;
    await page.waitForTimeout(1_000);
  }
  expect(sawPartial, 'the walk saw the range while it was being read').toBe(true);
  expect(sawGap, 'the chart left the days not read yet as a gap').toBe(true);
  expect(samples, 'sampled every second through the first sync at both widths').toBeGreaterThan(10);

  // Every report page says it is reading, never that there is nothing, until its range is stored.
  for (const path of ['/sku-profit?range=last-90-days', '/?range=last-90-days', '/settlement?range=last-90-days']) {
    await page.goto(`${base}${path}`);
    await expect(page.locator('main')).toContainText(/days (?:of this range stored|are stored completely)/, {
      timeout: 60_000,
    });
    for (let i = 0; i < 5; i++) {
      const { text, reading } = await stillReading(page);
      if (reading) expect(text, `${path} while its range is read`).not.toMatch(CLAIMS_NOTHING);
      await page.waitForTimeout(1_000);
    }
  }

  // Once the first range is stored, the overview shows its figures and no partial mark.
  await page.goto(`${base}/`);
  await expect(page.getByText('Bottom line', { exact: true }).first()).toBeVisible({ timeout: 240_000 });
  await expect(page.getByText(/Partial figures/)).toHaveCount(0, { timeout: 240_000 });
  await expect(page.locator('main')).not.toContainText(CLAIMS_NOTHING);
});
