// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import { KpiCards } from '@/components/overview/kpi-cards';
import { kpiChangeText, kpiTone } from '@/components/overview/kpi-change';
import type { Kpi } from '@/lib/reports/overview';
import type { KpiKey } from '@/lib/reports/period-figures';
import { renderWithProviders } from '../../support/render';

afterEach(cleanup);

const kpi = (value: number | null, previous: number | null, change: number | null): Kpi => ({
  value,
  previous,
  change,
});

describe('kpiChangeText', () => {
  it('says refunds fell in words, not as a "+" next to a negative figure', () => {
    // -2,381.15 after -2,781.15: 14.4% less refund cost, good news.
    const refunds = kpi(-238115, -278115, 0.1438);
    expect(kpiChangeText('refunds', refunds, true)).toBe('14.4% less than previous period');
    expect(kpiTone(refunds)).toBe('positive');
    expect(kpiChangeText('refunds', kpi(-300, -200, -0.5), true)).toBe('50.0% more than previous period');
  });

  it('tells an unsynced previous period apart from one without a margin', () => {
    expect(kpiChangeText('margin', kpi(0.3, null, null), false)).toBe('previous period not synced yet');
    expect(kpiChangeText('margin', kpi(null, null, null), true)).toBe('no margin to compare (no net sales)');
    expect(kpiChangeText('gmv', kpi(0, 0, null), true)).toBe('no previous figure');
  });

  it('gives the margin in points and other figures in percent', () => {
    expect(kpiChangeText('margin', kpi(0.333, 0.337, -0.004), true)).toBe('-0.4 pts vs previous period');
    expect(kpiChangeText('gmv', kpi(110, 100, 0.1), true)).toBe('+10.0% vs previous period');
  });
});

describe('KpiCards', () => {
  const kpis: Record<KpiKey, Kpi> = {
    orders: kpi(10, 9, 0.11),
    gmv: kpi(100_00, 90_00, 0.11),
    netSales: kpi(90_00, 80_00, 0.125),
    netProfit: kpi(30_00, 25_00, 0.2),
    margin: kpi(0.333, 0.3125, 0.02),
    refunds: kpi(-5_00, -4_00, -0.25),
    adSpend: kpi(0, 0, null),
    expenses: kpi(0, 0, null),
    // net profit + samples + refunds
    netProfitAfterRefunds: kpi(23_00, 20_00, 0.15),
  };

  it("adds the seller's whole-shop ad spend and expenses to the bridge when the report counts them", () => {
    const withCosts = {
      ...kpis,
      adSpend: kpi(-3_00, 0, null),
      expenses: kpi(-1_50, -1_50, 0),
      netProfitAfterRefunds: kpi(18_50, 18_50, 0),
    };
    renderWithProviders(<KpiCards kpis={withCosts} currency="USD" previousCovered sampleCost={-2_00} withCosts />);
    const labels = screen.getAllByRole('term').map((t) => t.textContent);
    expect(labels.slice(-6)).toEqual([
      'Net profit of orders',
      'Sample orders (marketing cost)',
      'Refunds (daily totals)',
      'Ad spend, whole shop (yours)',
      'Other expenses (yours)',
      'Bottom line',
    ]);
    expect(screen.getByText('-$3.00')).toBeTruthy();
    cleanup();
    // The service-only view hides them even when the inputs exist.
    renderWithProviders(<KpiCards kpis={withCosts} currency="USD" previousCovered sampleCost={-2_00} />);
    expect(screen.getAllByRole('term').map((t) => t.textContent)).not.toContain('Other expenses (yours)');
  });

  it('shows the sample cost in the profit row, so net profit + samples + refunds = the result', () => {
    renderWithProviders(<KpiCards kpis={kpis} currency="USD" previousCovered sampleCost={-2_00} />);
    const labels = screen.getAllByRole('term').map((t) => t.textContent);
    expect(labels.slice(-4)).toEqual([
      'Net profit of orders',
      'Sample orders (marketing cost)',
      'Refunds (daily totals)',
      'Bottom line',
    ]);
    expect(screen.getByText('-$2.00')).toBeTruthy();
  });

  it('leaves the sample card out when samples count as sales', () => {
    renderWithProviders(<KpiCards kpis={kpis} currency="USD" previousCovered sampleCost={null} />);
    expect(screen.queryByText('Sample orders (marketing cost)')).toBeNull();
  });
});
