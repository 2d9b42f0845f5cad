import 'server-only';
import type { AllShopsQuery } from '@/lib/views/all-shops';
import type { ConnectedShop } from '@/lib/api/schemas';
import { convertCents, ratePeriods, type RatePeriod } from '@/lib/costs/fx';
import { convertDays, dailyFigures } from '@/lib/all-shops/daily';
import {
  addFigures,
  appliedRate,
  emptyFigures,
  rankSkus,
  shopFigures,
  type AllShops,
  type AllShopsRow,
  type ShopSkuRow,
} from '@/lib/all-shops/all-shops';
import type { FxRate } from '@/lib/costs/types';
import type { ProfitSwitches } from '@/lib/profit';
import { placementOf } from '@/lib/reports/period-figures';
import { periodSums, type PeriodDeps } from '@/lib/reports/period';
import { cogsRuleOf, skuReport, skuReportOfSums, type SkuReport } from '@/lib/reports/sku-report';
import { skuInfo } from '@/lib/store/reads';
import type { CostViewOptions } from '@/lib/views/switches';
import { readFxRates } from '@/lib/store/fx-rates';
import { demoRateIds } from '@/lib/store/demo-rates';
import type { RangeInput } from '@/lib/time';
import { costInputsFor, reportDeps, reportFrame } from './reports';
import { connectedShops } from './shops';
import { seesProfit, visibleShops } from '../access';

// Every shop of the key in one currency (docs/ARCHITECTURE.md#all-shops). Each shop's figures are
// ITS SKU report over the range resolved in ITS time zone, built the way loadSkuReport builds it
// (the same frame: coverage, partial flag, needsSync), then converted day by day at the rate in
// effect on each day. A GET starts no sync: the page asks each shop's POST /sync.

export interface AllShopsInput extends Pick<AllShopsQuery, 'currency' | 'merge'> {
  range: RangeInput;
  switches: ProfitSwitches;
  /** Only `costs` counts here: each shop's ad spend and expenses stay whole-shop lines (never allocated). */
  costView: CostViewOptions;
}

/** The SKU rows converted per rate period: a SKU's figure over the days sharing one rate, converted once. */
async function convertedSkuRows(
  shop: ConnectedShop,
  report: SkuReport,
  periods: readonly RatePeriod[],
  build: (period: RatePeriod) => Promise<SkuReport>,
): Promise<ShopSkuRow[]> {
  const byPeriod =
    periods.length === 1
      ? [{ period: periods[0]!, rows: report.rows }]
      : await Promise.all(periods.map(async (period) => ({ period, rows: (await build(period)).rows })));
  const converted = new Map<string, { netSales: number; netProfit: number }>();
  for (const { period, rows } of byPeriod)
    for (const r of rows) {
      const c = converted.get(r.skuId) ?? { netSales: 0, netProfit: 0 };
      c.netSales += convertCents(r.netSales, period.rate.rate);
      c.netProfit += convertCents(r.netProfit, period.rate.rate);
      converted.set(r.skuId, c);
    }
  return report.rows.map((r) => ({
    shopId: shop.id,
    shopName: shop.shopName,
    currency: shop.currency,
    skuId: r.skuId,
    productName: r.productName,
    skuName: r.skuName,
    sellerSku: r.sellerSku,
    lines: r.lines,
    netSales: r.netSales,
    netProfit: r.netProfit,
    convertedNetSales: converted.get(r.skuId)?.netSales ?? 0,
    convertedNetProfit: converted.get(r.skuId)?.netProfit ?? 0,
  }));
}

async function loadShop(shop: ConnectedShop, input: AllShopsInput, d: PeriodDeps, rates: readonly FxRate[]) {
  const { range, frame, countedDays } = await reportFrame(shop, input.range, d);
  const [costs, info] = await Promise.all([costInputsFor(d, shop.id, input.costView), skuInfo(d.store.db, shop.id)]);
  const cogs = cogsRuleOf(costs, info);
  const options = { switches: input.switches, costs, countedDays };
  // One read of the range gives the SKU report and the day-by-day figures it is converted from.
  const sums = await periodSums(d, shop, range, { cogs, counted: countedDays });
  const report = skuReportOfSums(range, sums, info, options);
  const placement = costs
    ? placementOf(sums, range, input.switches, { inputs: costs, info, allocate: false }, countedDays)
    : null;
  const days = dailyFigures(sums, input.switches, placement);
  const { periods, missing } = ratePeriods(rates, shop.currency, input.currency, range.from, range.to);
  const identity = shop.currency === input.currency;
  const row: AllShopsRow = {
    shop: frame.shop,
    range: frame.range,
    coverage: frame.coverage,
    sync: frame.sync,
    partial: frame.partial,
    needsSync: frame.needsSync,
    syncing: frame.partial && frame.coverage.daysStored === 0,
    figures: shopFigures(report),
    converted: missing ? null : convertDays(days, periods),
    rates: missing ? [] : periods.map((p) => appliedRate(p, identity)),
    missingRate: missing !== null,
    missingDays: missing,
  };
  const skus = missing
    ? []
    : await convertedSkuRows(shop, report, periods, (p) => skuReport(d, shop, { from: p.from, to: p.to }, options));
  return { row, skus };
}

export async function loadAllShops(input: AllShopsInput): Promise<AllShops> {
  // Only the shops the person may see: their totals and SKU ranking never include another's.
  const [shops, d] = await Promise.all([connectedShops().then(visibleShops), reportDeps()]);
  const [rates, demoIds] = await Promise.all([readFxRates(d.store.db), demoRateIds(d.store.db)]);
  const loaded = await Promise.all(shops.map((shop) => loadShop(shop, input, d, rates)));
  const totals = emptyFigures();
  for (const { row } of loaded) if (row.converted) addFigures(totals, row.converted);
  const counted = loaded.filter(({ row }) => !row.missingRate);
  return {
    currency: input.currency,
    costs: input.costView.costs,
    switches: input.switches,
    shops: loaded.map(({ row }) => row),
    totals,
    leftOut: loaded
      .filter(({ row }) => row.missingRate)
      .map(({ row }) => ({
        id: row.shop.id,
        name: row.shop.name,
        currency: row.shop.currency,
        days: row.missingDays!,
      })),
    partial: counted.some(({ row }) => row.partial),
    // The ranking is by profit: its order alone would tell a person without costs and profit too much.
    ranking: (await seesProfit())
      ? rankSkus(
          counted.flatMap(({ skus }) => skus),
          input.merge,
        )
      : { merge: input.merge, count: 0, top: [], bottom: [] },
    demoRateIds: demoIds,
  };
}
