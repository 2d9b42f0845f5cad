import 'server-only';
import type { PortfolioQuery } from '@/lib/api/portfolio-query-params';
import type { ConnectedShop } from '@/lib/api/schemas';
import { rateOn } from '@/lib/costs/fx';
import {
  addFigures,
  appliedRate,
  convertFigures,
  emptyFigures,
  rankSkus,
  shopFigures,
  type Portfolio,
  type PortfolioShop,
  type ShopSkuRow,
} from '@/lib/portfolio/portfolio';
import { convertCents } from '@/lib/costs/fx';
import type { FxRate } from '@/lib/costs/types';
import type { ProfitSwitches } from '@/lib/profit';
import type { PeriodDeps } from '@/lib/reports/period';
import { skuReport } from '@/lib/reports/sku-report';
import type { CostViewOptions } from '@/lib/reports/query-params';
import { readFxRates } from '@/lib/store/fx-rates';
import { demoRateIds } from '@/lib/store/demo-rates';
import type { RangeInput } from '@/lib/time';
import { costInputsFor, reportDeps, reportFrame } from './reports';
import { connectedShops } from './shops';

// Every shop of the key in one currency (docs/ARCHITECTURE.md#all-shops). Each shop's figures are
// ITS SKU report over the range resolved in ITS time zone, built the way loadSkuReport builds it
// (the same frame: coverage, partial flag, needsSync), then converted with the rate in effect on
// the last day of that shop's range. A GET starts no sync: the page asks each shop's POST /sync.

export interface PortfolioInput extends PortfolioQuery {
  range: RangeInput;
  switches: ProfitSwitches;
  /** Only `costs` counts here: each shop's ad spend and expenses stay whole-shop lines (never allocated). */
  costView: CostViewOptions;
}

async function loadShop(shop: ConnectedShop, input: PortfolioInput, d: PeriodDeps, rates: readonly FxRate[]) {
  const { range, frame } = await reportFrame(shop, input.range, d);
  const costs = await costInputsFor(d, shop.id, input.costView);
  const report = await skuReport(d, shop, range, { switches: input.switches, costs });
  const rate = rateOn(rates, shop.currency, input.currency, range.to);
  const figures = shopFigures(report);
  const row: PortfolioShop = {
    shop: frame.shop,
    range: frame.range,
    coverage: frame.coverage,
    sync: frame.sync,
    partial: frame.partial,
    needsSync: frame.needsSync,
    syncing: frame.partial && frame.coverage.daysSynced + (frame.coverage.liveDays ?? 0) === 0,
    figures,
    converted: rate ? convertFigures(figures, rate.rate) : null,
    rate: rate ? appliedRate(rate, shop.currency === input.currency) : null,
    missingRate: !rate,
  };
  const skus: ShopSkuRow[] = rate
    ? report.rows.map((r) => ({
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
        convertedNetSales: convertCents(r.netSales, rate.rate),
        convertedNetProfit: convertCents(r.netProfit, rate.rate),
      }))
    : [];
  return { row, skus };
}

export async function loadPortfolio(input: PortfolioInput): Promise<Portfolio> {
  const [shops, d] = await Promise.all([connectedShops(), reportDeps()]);
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
      .map(({ row }) => ({ id: row.shop.id, name: row.shop.name, currency: row.shop.currency })),
    partial: counted.some(({ row }) => row.partial),
    ranking: rankSkus(
      counted.flatMap(({ skus }) => skus),
      input.merge,
    ),
    demoRateIds: demoIds,
  };
}
