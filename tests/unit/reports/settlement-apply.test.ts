import { describe, expect, it } from 'vitest';
import { applyForecast, forecastSummary, skuForecast } from '@/lib/reports/settlement-apply';
import type { Forecast, ForecastRow } from '@/lib/reports/settlement-forecast';

// The forecast beside a report's estimate (lib/reports/settlement-apply): a SKU's expected settled
// net profit is its net profit plus its open lines' expected − estimate, the band likewise.

function forecastRow(skuId: string, f: Partial<ForecastRow> = {}): ForecastRow {
  return {
    skuId,
    method: 'observed',
    orders: 3,
    lines: 4,
    netSales: 10_000,
    estimateNetProfit: 2_500,
    drift: { shipping: -100, platform_fees: -150, affiliate_commission: 20 },
    expectedNetProfit: 2_270,
    low: 2_000,
    high: 2_600,
    ...f,
  };
}

function forecastOf(rows: ForecastRow[]): Forecast {
  const total = rows.reduce(
    (t, r) => ({
      ...t,
      netSales: t.netSales + r.netSales,
      estimateNetProfit: t.estimateNetProfit + r.estimateNetProfit,
      expectedNetProfit: t.expectedNetProfit + r.expectedNetProfit,
      low: t.low + r.low,
      high: t.high + r.high,
    }),
    forecastRow('', { netSales: 0, estimateNetProfit: 0, expectedNetProfit: 0, low: 0, high: 0 }),
  );
  return { rows, total };
}

const reportRows = [
  { skuId: 'a', netProfit: 8_000, netSales: 40_000, productName: 'A' },
  { skuId: 'b', netProfit: -1_200, netSales: 9_000, productName: 'B' },
  { skuId: 'c', netProfit: 500, netSales: 3_000, productName: 'C' },
];

describe('applyForecast', () => {
  const forecast = forecastOf([
    forecastRow('a'),
    forecastRow('c', {
      method: 'shop',
      netSales: 1_000,
      estimateNetProfit: 100,
      expectedNetProfit: 90,
      low: 60,
      high: 110,
    }),
  ]);
  const { rows, total } = applyForecast(reportRows, forecast);

  it('adds each SKU its open lines’ expected drift, and the band’s, to its net profit', () => {
    expect(rows[0]!.forecast).toEqual({
      expectedNetProfit: 8_000 + (2_270 - 2_500),
      low: 8_000 + (2_000 - 2_500),
      high: 8_000 + (2_600 - 2_500),
      method: 'observed',
      openNetSales: 10_000,
    });
    expect(rows[2]!.forecast).toEqual({
      expectedNetProfit: 490,
      low: 460,
      high: 510,
      method: 'shop',
      openNetSales: 1_000,
    });
  });

  it('leaves a SKU without open lines as it is, its forecast null', () => {
    const { forecast: f, ...rest } = rows[1]!;
    expect(f).toBeNull();
    expect(rest).toEqual(reportRows[1]);
  });

  it('gives totals that are the rows added up, the band in quadrature', () => {
    const expected = (r: (typeof rows)[number]) => r.forecast?.expectedNetProfit ?? r.netProfit;
    expect(total.expectedNetProfit).toBe(rows.reduce((s, r) => s + expected(r), 0));
    // The band: the SKUs' distances to their bounds in quadrature (independent drifts).
    const quadrature = (d: (f: NonNullable<(typeof rows)[number]['forecast']>) => number) =>
      Math.round(Math.sqrt(rows.reduce((s, r) => s + (r.forecast ? d(r.forecast) ** 2 : 0), 0)));
    expect(total.low).toBe(total.expectedNetProfit - quadrature((f) => f.expectedNetProfit - f.low));
    expect(total.high).toBe(total.expectedNetProfit + quadrature((f) => f.high - f.expectedNetProfit));
    expect(total.low).toBeGreaterThan(rows.reduce((s, r) => s + (r.forecast?.low ?? r.netProfit), 0));
    expect(total.openNetSales).toBe(11_000);
    expect(total.openShare).toBeCloseTo(11_000 / 52_000, 12);
    expect(total.drift).toEqual({ shipping: -200, platform_fees: -300, affiliate_commission: 40 });
  });

  it('counts only the rows’ SKUs: a search narrows the totals with the rows', () => {
    const narrowed = applyForecast(reportRows.slice(1), forecast);
    expect(narrowed.total.expectedNetProfit).toBe(-1_200 + 490);
    expect(narrowed.total.openNetSales).toBe(1_000);
  });

  it('keeps the expected figure inside its band, and without open lines changes nothing', () => {
    for (const r of rows)
      if (r.forecast) {
        expect(r.forecast.low).toBeLessThanOrEqual(r.forecast.expectedNetProfit);
        expect(r.forecast.expectedNetProfit).toBeLessThanOrEqual(r.forecast.high);
      }
    expect(total.low).toBeLessThanOrEqual(total.expectedNetProfit);
    expect(total.expectedNetProfit).toBeLessThanOrEqual(total.high);
    expect(applyForecast(reportRows, forecastOf([])).total).toMatchObject({
      expectedNetProfit: 7_300,
      low: 7_300,
      high: 7_300,
      openNetSales: 0,
      openShare: 0,
    });
  });

  it('is additive: the forecast of a total is its net profit plus every open line’s drift', () => {
    const rowsF = [forecastRow('x'), forecastRow('y', { expectedNetProfit: 2_900, low: 2_700, high: 3_100 })];
    const s = forecastSummary({ netProfit: 1_000, netSales: 0 }, rowsF);
    expect(s.expectedNetProfit).toBe(1_000 + (2_270 - 2_500) + (2_900 - 2_500));
    expect(s.openShare).toBeNull();
    expect(skuForecast(1_000, undefined)).toBeNull();
  });
});
