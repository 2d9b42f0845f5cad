import { rmSync } from 'node:fs';
import type { OrderProduct } from '@/lib/contract';
import { AFFILIATE_COMMISSION_PARTS, PLATFORM_FEE_PARTS } from '@/lib/contract';
import { openSqlite } from '@/lib/db/open-database';
import { lineProfit } from '@/lib/profit';
import { addDays } from '@/lib/time';
import { openOrderStore } from '@/lib/store/open';
import { moneyColumns, RollupDelta } from '@/lib/store/rows';
import { MONEY_COLUMNS, type LineTable } from '@/lib/store/schema';

// Writes N order lines straight into a fresh order store (the same tables and rollups the sync
// maintains), with P&L from lib/profit's lineProfit, and keeps a copy in memory for the naive
// baseline. Deterministic (a seeded PRNG).

export const BENCH_SHOP = 'bench-shop';

export interface MemLine {
  day: string;
  sku: string;
  cancelled: number;
  sample: number;
  estimated: number;
  cents: Record<(typeof MONEY_COLUMNS)[number], number>;
}

function prng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const zeros = <K extends string>(keys: readonly K[]) =>
  Object.fromEntries(keys.map((k) => [k, 0])) as Record<K, number>;
const round2 = (n: number) => Math.round(n * 100) / 100;

function product(rand: () => number, sku: number, price: number): OrderProduct {
  const qty = 1 + Math.floor(rand() * 3);
  const gross = round2(price * qty);
  const promos = round2(-gross * (rand() < 0.3 ? 0.1 : 0));
  return {
    productId: `p-${Math.floor(sku / 3)}`,
    name: `Product ${Math.floor(sku / 3)}`,
    skuId: `sku-${sku}`,
    skuName: `Variant ${sku % 3}`,
    sellerSku: `SKU-${sku}`,
    icon: null,
    gmv: gross,
    grossSales: gross,
    promos,
    gmvBreakdown: { productSales: gross, shippingFee: 0, sellerDiscount: promos, platformDiscount: 0 },
    costOfGoods: round2(-gross * (0.3 + (sku % 7) * 0.06)),
    shippingCost: { total: round2(-(2 + rand() * 4)), sellerShipping: 0, platformShipping: 0, fbt: 0 },
    platformFees: { ...zeros(PLATFORM_FEE_PARTS), total: round2(-gross * 0.08) },
    affiliateCommission: { ...zeros(AFFILIATE_COMMISSION_PARTS), total: round2(rand() < 0.2 ? -gross * 0.1 : 0) },
  };
}

/** A fresh store file with `lines` lines over `days` days ending `today`; returns the lines in memory. */
export async function generateLines(
  file: string,
  lines: number,
  days: number,
  today: string,
  skus = 300,
): Promise<MemLine[]> {
  for (const suffix of ['', '-wal', '-shm']) rmSync(file + suffix, { force: true });
  await (await openOrderStore({ sqliteFile: file })).close(); // creates the schema
  return insertAll(openSqlite(file), lines, days, today, skus);
}

function insertAll(
  db: ReturnType<typeof openSqlite>,
  total: number,
  days: number,
  today: string,
  skus: number,
): MemLine[] {
  const rand = prng(42);
  const prices = Array.from({ length: skus }, () => round2(5 + rand() * 60));
  const cols = [
    'shop_id',
    'order_id',
    'line_index',
    'product_id',
    'product_name',
    'sku_id',
    'sku_name',
    'seller_sku',
    'local_day',
    'first_line',
    'cancelled',
    'sample',
    'estimated',
    ...MONEY_COLUMNS,
  ];
  const insertLine = db.prepare(`INSERT INTO st_line (${cols.join(',')}) VALUES (${cols.map(() => '?').join(',')})`);
  const insertOrder =
    db.prepare(`INSERT INTO st_order (shop_id, order_id, create_time, local_day, status, order_type, cancelled, sample,
    estimated, payload, synced_at) VALUES (?,?,?,?,?,?,?,?,?,?,?)`);
  const delta = new RollupDelta();
  const mem: MemLine[] = [];
  const perDay = total / days;
  let written = 0;
  let orderNo = 0;
  const insert = db.transaction(() => {
    for (let d = days - 1; d >= 0 && written < total; d--) {
      const day = addDays(today, -d);
      const estimated = d < 14 ? 1 : 0;
      const target = Math.min(total, Math.round((days - d) * perDay));
      while (written < target) {
        const order = `o-${++orderNo}`;
        const flags = { cancelled: rand() < 0.05 ? 1 : 0, sample: rand() < 0.02 ? 1 : 0, estimated };
        const n = Math.min(1 + Math.floor(rand() * 4), target - written);
        // Spread over the day (the bench shop is on UTC), so a cut day's reads by creation time are real.
        const createTime = Date.parse(`${day}T00:00:00Z`) / 1000 + ((orderNo * 7_919) % 86_400);
        insertOrder.run(
          BENCH_SHOP,
          order,
          createTime,
          day,
          flags.cancelled ? 'CANCELLED' : 'COMPLETED',
          estimated ? 'UNSETTLED' : 'SETTLED',
          flags.cancelled,
          flags.sample,
          estimated,
          '{}',
          Date.now(),
        );
        delta.addOrder({ local_day: day, ...flags }, 1);
        let first = true; // the order's first line with gross sales pays its per-order charges
        for (let i = 0; i < n; i++) {
          const sku = Math.floor(rand() ** 1.6 * skus); // a long tail: a few SKUs sell most
          const l = lineProfit(product(rand, sku, prices[sku]!));
          const cents = moneyColumns(l);
          const row: LineTable = {
            shop_id: BENCH_SHOP,
            order_id: order,
            line_index: i,
            product_id: `p-${Math.floor(sku / 3)}`,
            product_name: `Product ${Math.floor(sku / 3)}`,
            sku_id: `sku-${sku}`,
            sku_name: `Variant ${sku % 3}`,
            seller_sku: `SKU-${sku}`,
            local_day: day,
            first_line: first && cents.gross_sales > 0 ? 1 : 0,
            ...flags,
            ...cents,
          };
          if (row.first_line) first = false;
          insertLine.run(...cols.map((c) => row[c as keyof LineTable]));
          delta.addLine(row, 1);
          mem.push({ day, sku: row.sku_id, ...flags, cents });
          written++;
        }
      }
    }
    writeRollups(db, delta, skus, prices);
  });
  insert();
  db.exec('ANALYZE');
  db.close();
  return mem;
}

function writeRollups(db: ReturnType<typeof openSqlite>, delta: RollupDelta, skus: number, prices: number[]): void {
  const skuCols = ['shop_id', 'local_day', 'sku_id', 'cancelled', 'sample', 'estimated', 'lines', ...MONEY_COLUMNS];
  const sku = db.prepare(
    `INSERT INTO st_sku_daily (${skuCols.join(',')}) VALUES (${skuCols.map(() => '?').join(',')})`,
  );
  for (const r of delta.skus.values()) sku.run(BENCH_SHOP, ...skuCols.slice(1).map((c) => r[c as keyof typeof r]));
  const monthCols = ['shop_id', 'month', 'sku_id', 'cancelled', 'sample', 'estimated', 'lines', ...MONEY_COLUMNS];
  const month = db.prepare(
    `INSERT INTO st_sku_monthly (${monthCols.join(',')}) VALUES (${monthCols.map(() => '?').join(',')})`,
  );
  for (const r of delta.months.values())
    month.run(BENCH_SHOP, ...monthCols.slice(1).map((c) => r[c as keyof typeof r]));
  const dayCols = ['shop_id', 'local_day', 'cancelled', 'sample', 'estimated', 'orders', 'lines', ...MONEY_COLUMNS];
  const day = db.prepare(
    `INSERT INTO st_order_daily (${dayCols.join(',')}) VALUES (${dayCols.map(() => '?').join(',')})`,
  );
  for (const r of delta.orders.values()) day.run(BENCH_SHOP, ...dayCols.slice(1).map((c) => r[c as keyof typeof r]));
  const grossCols = [
    'shop_id',
    'sku_id',
    'cancelled',
    'sample',
    'estimated',
    'gross_sales',
    'lines',
    'first_lines',
    'cost_of_goods',
  ];
  for (const [table, period, rows] of [
    ['st_sku_gross_daily', 'local_day', delta.grossDays],
    ['st_sku_gross_monthly', 'month', delta.grossMonths],
  ] as const) {
    const cols = [...grossCols, period];
    const insert = db.prepare(`INSERT INTO ${table} (${cols.join(',')}) VALUES (${cols.map(() => '?').join(',')})`);
    for (const r of rows.values()) insert.run(BENCH_SHOP, ...cols.slice(1).map((c) => r[c as keyof typeof r]));
  }
  const name = db.prepare('INSERT INTO st_sku_name VALUES (?,?,?,?,?,?)');
  const catalog = db.prepare(
    'INSERT INTO st_catalog_sku (shop_id, sku_id, product_id, product_name, seller_sku, price_cents) VALUES (?,?,?,?,?,?)',
  );
  for (let s = 0; s < skus; s++) {
    name.run(
      BENCH_SHOP,
      `sku-${s}`,
      `p-${Math.floor(s / 3)}`,
      `Product ${Math.floor(s / 3)}`,
      `Variant ${s % 3}`,
      `SKU-${s}`,
    );
    catalog.run(
      BENCH_SHOP,
      `sku-${s}`,
      `p-${Math.floor(s / 3)}`,
      `Product ${Math.floor(s / 3)}`,
      `SKU-${s}`,
      Math.round(prices[s]! * 100),
    );
  }
}
