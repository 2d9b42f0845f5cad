// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { ForecastNote } from '@/components/forecast/forecast-figures';
import { SkuControls } from '@/components/sku-profit/sku-controls';
import { SkuTable } from '@/components/sku-profit/sku-table';
import type { ForecastSummary, SkuReportWithForecast } from '@/lib/reports/settlement-apply';
import { renderWithProviders } from '../../support/render';
import { skuRow } from '../../support/sku-row';

// The settlement forecast as a seller reads it: a labelled switch, a column that says it is a
// forecast with its band and method, and a note saying what is expected to move.

afterEach(cleanup);

type Row = SkuReportWithForecast['rows'][number];

const base: Row = skuRow({ estimatedNetSales: 2900, estimatedShare: 1 });

const rows: Row[] = [
  { ...base, forecast: { expectedNetProfit: 1_250, low: 1_100, high: 1_420, method: 'ratio', openNetSales: 2_900 } },
  { ...base, skuId: 'k2', skuName: 'Red', netProfit: 700, estimatedShare: null, forecast: null },
];

describe('settlement forecast', () => {
  it('has a labelled switch that turns the forecast on', () => {
    const onSwitch = vi.fn();
    renderWithProviders(
      <SkuControls search={null} cancelled="exclude" samples="separate" onSearch={() => {}} onSwitch={onSwitch} />,
    );
    fireEvent.click(screen.getByRole('checkbox', { name: 'Forecast settlement' }));
    expect(onSwitch).toHaveBeenLastCalledWith({ forecast: 'on' });
  });

  it('adds a forecast column with the band and method; a settled SKU shows its net profit as settled', () => {
    renderWithProviders(<SkuTable rows={rows} currency="USD" forecast sort="netProfit" dir="desc" onSort={() => {}} />);
    expect(screen.getByRole('columnheader', { name: 'Expected settled net profit (forecast)' })).toBeTruthy();
    const [, first, second] = screen.getAllByRole('row');
    expect(within(first!).getByText('$12.50')).toBeTruthy();
    expect(within(first!).getByText(/band \$11\.00 – \$14\.20 · ratio/)).toBeTruthy();
    expect(within(second!).getByText('settled')).toBeTruthy();
  });

  it('has no forecast column when off', () => {
    renderWithProviders(<SkuTable rows={rows} currency="USD" sort="netProfit" dir="desc" onSort={() => {}} />);
    expect(screen.queryByRole('columnheader', { name: /forecast/i })).toBeNull();
  });

  it('says how much is open and what fees, shipping and commission are expected to move by', () => {
    const forecast: ForecastSummary = {
      expectedNetProfit: 1_950,
      low: 1_800,
      high: 2_120,
      openNetSales: 2_900,
      openShare: 0.5,
      drift: { shipping: -80, platform_fees: -90, affiliate_commission: 20 },
    };
    renderWithProviders(<ForecastNote forecast={forecast} currency="USD" />);
    const note = screen.getByText(/Forecast, not settled figures/).closest('p')!;
    expect(note.textContent).toContain('50.0% of net sales is from orders not settled yet');
    expect(note.textContent).toContain('-$0.90 (fees), -$0.80 (shipping) and +$0.20 (commission)');
    expect(note.textContent).toContain('learned from your settled orders');
  });
});
