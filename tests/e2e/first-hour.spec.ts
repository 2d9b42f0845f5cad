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

test('a new install: during the first sync no page claims "no orders", and the chart draws only stored days', async ({
  page,
}) => {
  test.setTimeout(600_000);
  await page.goto(`${base}/login`);
  await page.getByLabel(/password/i).fill('demo');
  await page.getByRole('button', { name: /sign in/i }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));

  const shops = (await (await page.request.get(`${base}/api/dashboard/shops`)).json()) as {
    data: { items: { id: string }[] };
  };
  const shopId = shops.data.items[0]!.id;

  // The overview while the first sync runs: partial or still reading, never "no orders".
  await page.goto(`${base}/`);
  let sawPartial = false;
  let sawGap = false;
  for (let i = 0; i < 240; i++) {
    const { text, reading } = await stillReading(page);
    if (reading) {
      sawPartial = true;
      expect(text, 'the overview while its range is read').not.toMatch(CLAIMS_NOTHING);
    }
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
