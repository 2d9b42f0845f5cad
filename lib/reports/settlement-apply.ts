import type { DriftMethod } from './settlement-expected';
import { bandOfSum, type Forecast, type ForecastRow } from './settlement-forecast';
import { SETTLEMENT_COSTS, type SettlementCost } from './settlement-math';
import type { Kpi, Overview } from './overview';
import type { SearchedSkuReport, SkuProfitRow, SkuReport, SkuTotals } from './sku-report';
import { ratio } from './sums';

// The settlement forecast beside a report's estimate. Settlement changes only fees, shipping and
// affiliate commission, never sales or cost of goods, so the forecast is additive: a figure's
// expected settled net profit is its net profit as reported (the seller's costs included) plus what
// its open lines are expected to move by (expected − estimate of lib/reports/settlement-forecast),
// and its band likewise. A figure without open lines is its net profit, band and all.

/** How a forecast's expected drift was learned, in words (the table's and the exports'). */
export const DRIFT_METHOD_WORDS: Record<DriftMethod, string> = {
  observed: 'observed (its settled orders)',
  ratio: 'ratio (its settled and open lines)',
  shop: 'shop (the whole shop)',
};

/** A SKU row's forecast (cents). */
export interface SkuForecast {
  /** Its net profit once its open lines settle as expected. */
  expectedNetProfit: number;
  /** The band around it (low ≤ expected ≤ high). */
  low: number;
  high: number;
  /** How the expected drift was learned (lib/reports/settlement-expected). */
  method: DriftMethod;
  /** Net sales of its open (unsettled or draft) lines. */
  openNetSales: number;
}

/** A total's forecast (cents): the SKU report's totals, the overview's net profit. */
export interface ForecastSummary {
  expectedNetProfit: number;
  low: number;
  high: number;
  openNetSales: number;
  /** Open net sales / net sales; null without net sales. */
  openShare: number | null;
  /** What the open lines are expected to move net profit by, per settlement cost. */
  drift: Record<SettlementCost, number>;
}

/** A figure of `netProfit` with these open lines, as expected once they settle. */
function shifted(netProfit: number, f: ForecastRow) {
  return {
    expectedNetProfit: netProfit + (f.expectedNetProfit - f.estimateNetProfit),
    low: netProfit + (f.low - f.estimateNetProfit),
    high: netProfit + (f.high - f.estimateNetProfit),
  };
}

export function skuForecast(netProfit: number, f: ForecastRow | undefined): SkuForecast | null {
  if (!f) return null;
  return { ...shifted(netProfit, f), method: f.method, openNetSales: f.netSales };
}

/** A total of `netProfit` over `netSales` whose open lines are `rows` (each SKU's at most once). */
export function forecastSummary(
  base: { netProfit: number; netSales: number },
  rows: readonly ForecastRow[],
): ForecastSummary {
  const summary: ForecastSummary = {
    expectedNetProfit: base.netProfit,
    low: base.netProfit,
    high: base.netProfit,
    openNetSales: 0,
    openShare: null,
    drift: { shipping: 0, platform_fees: 0, affiliate_commission: 0 },
  };
  for (const f of rows) {
    summary.expectedNetProfit += f.expectedNetProfit - f.estimateNetProfit;
    summary.openNetSales += f.netSales;
    for (const c of SETTLEMENT_COSTS) summary.drift[c] += f.drift[c];
  }
  // The SKUs' bands in quadrature (lib/reports/settlement-forecast bandOfSum), as the forecast's total.
  const band = bandOfSum(rows);
  summary.low = summary.expectedNetProfit - band.below;
  summary.high = summary.expectedNetProfit + band.above;
  summary.openShare = ratio(summary.openNetSales, base.netSales);
  return summary;
}

/**
 * Each row with its forecast (null without open lines) and the totals with theirs, over the rows'
 * SKUs only (a search narrows both): the totals' figures are the rows' added up.
 */
export function applyForecast<R extends { skuId: string; netProfit: number; netSales: number }>(
  rows: readonly R[],
  forecast: Forecast,
): { rows: (R & { forecast: SkuForecast | null })[]; total: ForecastSummary } {
  const bySku = new Map(forecast.rows.map((f) => [f.skuId, f]));
  const used: ForecastRow[] = [];
  const base = { netProfit: 0, netSales: 0 };
  const withForecast = rows.map((r) => {
    const f = bySku.get(r.skuId);
    if (f) used.push(f);
    base.netProfit += r.netProfit;
    base.netSales += r.netSales;
    return { ...r, forecast: skuForecast(r.netProfit, f) };
  });
  return { rows: withForecast, total: forecastSummary(base, used) };
}

/** The SKU report with `forecast=on`: each row's forecast (null without open lines) and the totals'. */
export type WithSkuForecast<R extends SkuReport | SearchedSkuReport> = Omit<R, 'rows' | 'totals'> & {
  rows: (SkuProfitRow & { forecast?: SkuForecast | null })[];
  totals: SkuTotals & { forecast?: ForecastSummary };
};
/** What the SKU profit page reads: the whole shop's report or a search's, with or without the forecast. */
export type SkuReportWithForecast = WithSkuForecast<SkuReport | SearchedSkuReport>;

/** The SKU report with its forecast: on each row and on the totals. */
export function withSkuForecast<R extends SkuReport | SearchedSkuReport>(
  report: R,
  forecast: Forecast,
): WithSkuForecast<R> {
  const { rows, total } = applyForecast(report.rows, forecast);
  return { ...report, rows, totals: { ...report.totals, forecast: total } };
}

/** The overview with `forecast=on`: its net profit's expected figure once the range's open orders settle. */
export type OverviewWithForecast = Omit<Overview, 'kpis'> & {
  kpis: Overview['kpis'] & { netProfit: Kpi & { forecast?: ForecastSummary } };
};

/** The overview with its net profit's forecast (the range's open lines of every SKU). */
export function withOverviewForecast(overview: Overview, forecast: Forecast): OverviewWithForecast {
  const { netProfit, netSales } = overview.kpis;
  if (netProfit.value === null || netSales.value === null) return overview;
  const summary = forecastSummary({ netProfit: netProfit.value, netSales: netSales.value }, forecast.rows);
  return { ...overview, kpis: { ...overview.kpis, netProfit: { ...netProfit, forecast: summary } } };
}
