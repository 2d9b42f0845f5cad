import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order, OrderType } from '@/lib/contract';
import { settlementReport } from '@/lib/reports/settlement-report';
import { readSettlePairs, readStoredLines, snapshotsSince } from '@/lib/store/snapshots';
import { order, orderProduct } from '@/tests/support/fixtures';
import { freshStore, type StoreFixture } from '@/tests/support/sync/harness';

// Settlement snapshots as the sync writes them (lib/store/snapshots through OrderStore.upsertOrders):
// an order written unsettled and then settled reads back its exact drift per line and column; one
// first seen settled has none; a settled order that goes back to open keeps its snapshots and is
// re-snapshotted when it settles again; one that disappears keeps them.

const TZ = 'UTC';
const DAY = '2026-11-10';
const T = Date.UTC(2026, 10, 10, 12) / 1000;
const base = orderProduct();

/** An order of two lines: `fees` on line 0's platform fees, `affiliate` on line 1's commission (major units). */
function twoLines(id: string, orderType: OrderType, fees: number, affiliate = -0.9, extra: Partial<Order> = {}): Order {
  return order({
    id,
    createTime: T,
    orderType,
    products: [
      orderProduct({ skuId: 'sku-a', platformFees: { ...base.platformFees, total: fees } }),
      orderProduct({ skuId: 'sku-b', affiliateCommission: { ...base.affiliateCommission, total: affiliate } }),
    ],
    ...extra,
  });
}

const backends: [string, boolean][] = [['sqlite', false]];
if (process.env.TEST_DATABASE_URL) backends.push(['postgres', true]);

describe.each(backends)('settlement snapshots (%s)', (_name, postgres) => {
  const dir = mkdtempSync(join(tmpdir(), 'settle-'));
  let fixture: StoreFixture;
  beforeAll(async () => {
    fixture = await freshStore(dir, postgres);
  });
  afterAll(async () => {
    await fixture.close();
    rmSync(dir, { recursive: true, force: true });
  });
  const write = (shop: string, orders: Order[], syncedAt: number) =>
    fixture.store.upsertOrders(shop, TZ, orders, { syncedAt });
  const pairs = (shop: string, switches?: { includeCancelled: boolean; includeSamples: boolean }) =>
    readSettlePairs(fixture.store.db, shop, DAY, DAY, switches);

  it('reads the exact drift of each line of an order seen unsettled, then settled', async () => {
    expect(await snapshotsSince(fixture.store.db, 'shop-1')).toBeNull();
    await write('shop-1', [twoLines('o-1', 'UNSETTLED', -1.6)], 1_000);
    // A later open version does not replace the first estimate.
    await write('shop-1', [twoLines('o-1', 'DRAFT', -1.7)], 2_000);
    expect(await pairs('shop-1')).toEqual([]);
    await write('shop-1', [twoLines('o-1', 'SETTLED', -2.0, -1.2)], 3_000);
    const [pair, ...rest] = await pairs('shop-1');
    expect(rest).toEqual([]);
    expect(pair).toMatchObject({ orderId: 'o-1', localDay: DAY, estimateSeenAt: 1_000, settledSeenAt: 3_000 });
    const diff = pair!.lines.map((l) => ({
      sku: l.skuId,
      fees: l.settled.platform_fees - l.estimate.platform_fees,
      affiliate: l.settled.affiliate_commission - l.estimate.affiliate_commission,
      netProfit: l.settled.net_profit - l.estimate.net_profit,
      netSales: l.settled.net_sales - l.estimate.net_sales,
    }));
    expect(diff).toEqual([
      { sku: 'sku-a', fees: -40, affiliate: 0, netProfit: -40, netSales: 0 },
      { sku: 'sku-b', fees: 0, affiliate: -30, netProfit: -30, netSales: 0 },
    ]);
    expect(pair!.lines[0]!.estimate).toMatchObject({ platform_fees: -160, net_sales: 1_800 });
    expect(await snapshotsSince(fixture.store.db, 'shop-1')).toBe(1_000);
    expect(await readSettlePairs(fixture.store.db, 'shop-1', '2026-11-11', '2026-11-30')).toEqual([]);
  });

  it('takes no snapshot of an order first seen settled', async () => {
    await write('shop-2', [twoLines('o-1', 'SETTLED', -1.6)], 1_000);
    await write('shop-2', [twoLines('o-1', 'SETTLED', -2.0)], 2_000);
    expect(await pairs('shop-2')).toEqual([]);
    expect(await snapshotsSince(fixture.store.db, 'shop-2')).toBeNull();
  });

  it('keeps the snapshots of an order that goes back to open, and the newer settlement after it', async () => {
    const fees = async () => (await pairs('shop-3'))[0]?.lines[0]?.settled.platform_fees;
    await write('shop-3', [twoLines('o-1', 'UNSETTLED', -1.6)], 1_000);
    await write('shop-3', [twoLines('o-1', 'SETTLED', -2.0)], 2_000);
    // Settled again without going back to open: the first settlement stays.
    await write('shop-3', [twoLines('o-1', 'SETTLED', -2.1)], 3_000);
    expect(await fees()).toBe(-200);
    await write('shop-3', [twoLines('o-1', 'UNSETTLED', -1.5)], 4_000);
    expect(await fees()).toBe(-200);
    await write('shop-3', [twoLines('o-1', 'SETTLED', -2.3)], 5_000);
    const [pair] = await pairs('shop-3');
    expect(pair).toMatchObject({ estimateSeenAt: 1_000, settledSeenAt: 5_000 });
    expect(pair!.lines.map((l) => [l.estimate.platform_fees, l.settled.platform_fees])).toEqual([
      [-160, -230],
      [-160, -160],
    ]);
  });

  it('keeps the snapshots of an order that disappears', async () => {
    await write('shop-4', [twoLines('o-1', 'UNSETTLED', -1.6)], 1_000);
    await write('shop-4', [twoLines('o-1', 'SETTLED', -2.0)], 2_000);
    expect(await fixture.store.removeUnseenOrders('shop-4', T - 10, T + 10, 10_000)).toBe(1);
    expect(await readStoredLines(fixture.store.db, 'shop-4', DAY, DAY)).toEqual([]);
    expect(await pairs('shop-4')).toHaveLength(1);
  });

  it('leaves cancelled and sample orders out under the default switches', async () => {
    const cancelled = { status: 'CANCELLED' } as const;
    await write('shop-5', [twoLines('o-c', 'UNSETTLED', -1.6), twoLines('o-s', 'UNSETTLED', -1.6)], 1_000);
    await write(
      'shop-5',
      [
        twoLines('o-c', 'SETTLED', -2.0, -0.9, cancelled),
        twoLines('o-s', 'SETTLED', -2.0, -0.9, { sampleOrder: 'YES' }),
      ],
      2_000,
    );
    expect(await pairs('shop-5')).toEqual([]);
    const all = await pairs('shop-5', { includeCancelled: true, includeSamples: true });
    expect(all.map((p) => p.orderId)).toEqual(['o-c', 'o-s']);
  });

  it('snapshots a large batch and reads the stored open lines', async () => {
    const ids = Array.from({ length: 1_000 }, (_, i) => `o-${String(i).padStart(4, '0')}`);
    await write(
      'shop-6',
      ids.map((id) => twoLines(id, 'UNSETTLED', -1.6)),
      1_000,
    );
    await write(
      'shop-6',
      ids.slice(0, 600).map((id) => twoLines(id, 'SETTLED', -1.9)),
      2_000,
    );
    const read = await pairs('shop-6');
    expect(read).toHaveLength(600);
    expect(read.every((p) => p.lines[0]!.settled.platform_fees - p.lines[0]!.estimate.platform_fees === -30)).toBe(
      true,
    );
    const open = await readStoredLines(fixture.store.db, 'shop-6', DAY, DAY, { openOnly: true });
    expect(open).toHaveLength(800);
    expect(open.every((l) => l.estimated && !ids.slice(0, 600).includes(l.orderId))).toBe(true);
    expect(open[0]).toMatchObject({
      orderId: 'o-0600',
      lineIndex: 0,
      skuId: 'sku-a',
      localDay: DAY,
      platform_fees: -160,
    });
    const all = await readStoredLines(fixture.store.db, 'shop-6', DAY, DAY);
    expect(all.filter((l) => !l.estimated)).toHaveLength(1_200);
  });

  it("reports a range's observed drift, expected drift, open orders' forecast and backtest from the store", async () => {
    await write(
      'shop-7',
      ['o-1', 'o-2', 'o-3'].map((id) => twoLines(id, 'UNSETTLED', -1.6)),
      1_000,
    );
    await write(
      'shop-7',
      ['o-1', 'o-2'].map((id) => twoLines(id, 'SETTLED', -2.0)),
      2_000,
    );
    const report = await settlementReport(fixture.store.db, 'shop-7', { from: DAY, to: DAY }, { lookbackDays: 30 });
    expect(report.learnedFrom).toEqual({ from: '2026-10-12', to: DAY });
    expect(report.snapshotsSince).toBe(1_000);
    expect(report.observed.overall.orders).toBe(2);
    expect(report.observed.overall.columns.platform_fees.total).toBe(-80);
    // Two orders seen in both states (< K): the ratio method over the stored lines, settled −0.1 vs open −320/3600.
    expect(report.expected.shop).toMatchObject({ method: 'ratio', settledOrders: 2, unsettledOrders: 1 });
    expect(report.expected.shop.ratios.platform_fees).toBeCloseTo(-40 / 3600, 12);
    expect(report.forecast.rows.map((r) => [r.skuId, r.method, r.orders])).toEqual([
      ['sku-a', 'ratio', 1],
      ['sku-b', 'ratio', 1],
    ]);
    expect(report.forecast.total.estimateNetProfit).toBe(2 * (1_800 - 610 - 320 - 160 - 90));
    expect(report.backtest.overall.orders).toBe(2);
  });
});
