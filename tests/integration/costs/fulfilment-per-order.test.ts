import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Fulfilment } from '@/lib/costs/kind-fulfilment';
import type { ShopCostInputs } from '@/lib/costs/kinds';
import { skuReport } from '@/lib/reports/sku-report';
import { order, orderProduct } from '@/tests/support/fixtures';
import { freshStore, type StoreFixture } from '@/tests/support/sync/harness';

// Fulfilment and packaging per order, as a 3PL's pick-and-pack fee: an order of several SKUs pays it
// once, at the rate of its first SKU with sales, in that SKU's net profit (docs/ARCHITECTURE.md#your-costs).

const SHOP = { id: 'per-order', timezone: 'UTC' };
const RANGE = { from: '2026-03-01', to: '2026-03-31' };
const AT = Date.UTC(2026, 2, 10, 12) / 1000;

const inputs = (fulfilment: Omit<Fulfilment, 'id'>[]): ShopCostInputs => ({
  adSpend: [],
  expenses: [],
  cogs: [],
  fulfilment: fulfilment.map((f, i) => ({ id: `f${i}`, ...f })),
});
const line = (skuId: string, grossSales: number) => orderProduct({ skuId, sellerSku: skuId, grossSales });

for (const postgres of [false, true]) {
  describe.skipIf(postgres && !process.env.TEST_DATABASE_URL)(`a fee per order (postgres: ${postgres})`, () => {
    const dir = mkdtempSync(join(tmpdir(), 'per-order-'));
    let fixture: StoreFixture;
    beforeAll(async () => {
      fixture = await freshStore(dir, postgres);
    });
    afterAll(async () => {
      await fixture.close();
      rmSync(dir, { recursive: true, force: true });
    });

    const fulfilmentBySku = async (costs: ShopCostInputs) => {
      const report = await skuReport({ store: fixture.store, now: Date.now() }, SHOP, RANGE, { costs });
      return {
        rows: Object.fromEntries(report.rows.map((r) => [r.skuId, r.chargedCosts.fulfilment ?? 0])),
        total: report.totals.chargedCosts.fulfilment ?? 0,
      };
    };

    it('an order of two SKUs pays $1.50 once, on its first line’s SKU', async () => {
      await fixture.store.upsertOrders(SHOP.id, SHOP.timezone, [
        order({ id: 'two-skus', createTime: AT, products: [line('sku-b', 10), line('sku-a', 20)] }),
      ]);
      const fee = await fulfilmentBySku(
        inputs([{ fromDay: '2026-01-01', per: 'order', amountCents: 150, skuId: null }]),
      );
      expect(fee).toEqual({ rows: { 'sku-a': 0, 'sku-b': -150 }, total: -150 });
    });

    it('a first line without sales does not pay; a SKU’s own rate applies when its line pays', async () => {
      await fixture.store.upsertOrders(SHOP.id, SHOP.timezone, [
        order({ id: 'free-first', createTime: AT + 60, products: [line('sku-b', 0), line('sku-a', 20)] }),
      ]);
      const fee = await fulfilmentBySku(
        inputs([
          { fromDay: '2026-01-01', per: 'order', amountCents: 150, skuId: null },
          { fromDay: '2026-01-01', per: 'order', amountCents: 300, skuId: 'sku-a' },
        ]),
      );
      // two-skus pays the every-SKU $1.50 on sku-b; free-first pays sku-a's own $3.00 on sku-a.
      expect(fee).toEqual({ rows: { 'sku-a': -300, 'sku-b': -150 }, total: -450 });
    });
  });
}
