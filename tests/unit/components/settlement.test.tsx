// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useQuery } from '@tanstack/react-query';
import { fetchJson } from '@/lib/api/fetch-json';
import { dashboardKeys } from '@/lib/queries/keys';
import { SettlementCheckButton } from '@/components/settlement/settlement-check';
import { SettlementSections } from '@/components/settlement/settlement-sections';
import { observedDrift } from '@/lib/reports/settlement';
import type { ExpectedDrift } from '@/lib/reports/settlement-expected';
import { backtestDrift, forecastOpen } from '@/lib/reports/settlement-forecast';
import type { SettlementData } from '@/lib/reports/settlement-report';
import type { MoneyColumns } from '@/lib/store/schema';
import type { SettleOrderPair, StoredLine } from '@/lib/store/snapshots';
import { renderWithProviders } from '../../support/render';

// The Settlement page as a seller reads it, over figures of the real drift math: how each SKU's
// expected drift was learned, an order's explanation per line, the backtest's sentence, the store
// that kept no estimates yet, and what "Check settlements now" answers.

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** A line of 100.00 net sales: fees −10.00 and shipping −5.00 estimated, each moved by the given cents. */
function money(fees = 0, shipping = 0): MoneyColumns {
  const platform_fees = -1_000 + fees;
  const ship = -500 + shipping;
  return {
    gmv: 10_000,
    gross_sales: 10_000,
    promos: 0,
    net_sales: 10_000,
    cost_of_goods: -4_000,
    shipping: ship,
    platform_fees,
    affiliate_commission: 0,
    total_costs: -4_000 + ship + platform_fees,
    net_profit: 10_000 - 4_000 + ship + platform_fees,
  };
}

const pairs: SettleOrderPair[] = Array.from({ length: 25 }, (_, i) => ({
  orderId: `o${i}`,
  localDay: '2026-11-02',
  estimateSeenAt: 1,
  settledSeenAt: 2,
  lines: [
    { lineIndex: 0, skuId: 'A', estimate: money(), settled: money(i === 0 ? -700 : -100) },
    ...(i === 0 ? [{ lineIndex: 1, skuId: 'B', estimate: money(), settled: money(0, 50) }] : []),
  ],
}));

const open: StoredLine[] = ['A', 'B', 'C'].map((skuId, i) => ({
  orderId: `open${i}`,
  lineIndex: 0,
  skuId,
  localDay: '2026-11-20',
  estimated: true,
  ...money(),
}));

const drift = (skuId: string | null, method: ExpectedDrift['method'], counts: [number, number, number]) => ({
  skuId,
  method,
  ratios: { shipping: 0, platform_fees: -0.01, affiliate_commission: 0, net_profit: -0.01 },
  band: { low: -0.02, high: 0 },
  bandSource: 'observed' as const,
  weight: 0.5,
  observedOrders: counts[0],
  settledOrders: counts[1],
  unsettledOrders: counts[2],
});

const expected = {
  shop: drift(null, 'observed', [25, 0, 0]),
  skus: [drift('A', 'observed', [25, 0, 0]), drift('B', 'ratio', [12, 30, 8]), drift('C', 'shop', [0, 0, 0])],
};

const report: SettlementData = {
  range: { from: '2026-10-27', to: '2026-11-25' },
  learnedFrom: { from: '2026-08-28', to: '2026-11-25' },
  snapshotsSince: Date.UTC(2026, 9, 1),
  observed: observedDrift(pairs, { top: 3 }),
  expected,
  forecast: forecastOpen(open, expected),
  backtest: backtestDrift(pairs),
  skus: {
    A: { productName: 'Mug', skuName: 'Blue', sellerSku: 'MUG-BLUE' },
    B: { productName: 'Tray', skuName: 'Oak', sellerSku: 'TRAY-OAK' },
    C: { productName: 'Lamp', skuName: 'Red', sellerSku: 'LAMP-RED' },
  },
};

const sections = (data: SettlementData) => (
  <SettlementSections report={data} shopId="s1" currency="USD" timeZone="UTC" search={null} />
);

describe('the Settlement page', () => {
  it('says how each SKU’s expected drift was learned', () => {
    renderWithProviders(sections(report));
    const table = screen.getByRole('table', { name: 'Change at settlement per SKU' });
    const learned = within(table)
      .getAllByRole('cell')
      .filter((c) => c.getAttribute('data-label') === 'How it was learned')
      .map((c) => c.textContent);
    expect(learned).toEqual([
      'observed on 25 orders',
      'from settled vs unsettled cost ratios (30 settled, 8 unsettled), blended with the shop’s figure while the SKU has few orders',
      'the shop’s figure',
      'observed on 25 orders',
    ]);
    expect(within(table).getByText('Mug')).toBeTruthy();
  });

  it('explains the order that moved most line by line, each cost type’s change', () => {
    renderWithProviders(sections(report));
    const moved = screen.getByRole('table', { name: 'Orders that moved most' });
    const first = within(moved).getAllByRole('button', { name: /^Show how order .+ moved$/ })[0]!;
    expect(first.getAttribute('aria-label')).toBe('Show how order o0 moved');
    fireEvent.click(first);
    const lines = screen.getByRole('table', { name: 'How each line of order o0 moved' });
    expect(lines.closest('#order-o0')).not.toBeNull();
    const headers = within(lines)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toEqual(['Line', 'Shipping', 'Platform fees', 'Net profit']);
    const rows = within(lines).getAllByRole('row').slice(1);
    expect(rows.map((r) => r.textContent)).toEqual([
      'MugMUG-BLUE · Blue$0.00-$7.00-$7.00',
      'TrayTRAY-OAK · Oak+$0.50$0.00+$0.50',
      'The order+$0.50-$7.00-$6.50',
    ]);
  });

  it('puts the backtest in one sentence and labels the open orders’ figures as a forecast', () => {
    renderWithProviders(sections(report));
    expect(screen.getByText(/^On 25 orders that settled, the forecast was off by [\d.]+% of net sales/)).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Open orders: expected settled profit (forecast)' })).toBeTruthy();
    const forecast = screen.getByRole('table', { name: /^Forecast:/ });
    expect(within(forecast).getByText('All open orders')).toBeTruthy();
  });

  it('says when the store had not kept estimates before', () => {
    renderWithProviders(sections({ ...report, snapshotsSince: null }));
    expect(
      screen.getByText(
        'Changes at settlement are measured from the next sync on: this store had not kept orders’ estimates before.',
      ),
    ).toBeTruthy();
  });

  it('says what a settlement check found', async () => {
    const fetch = vi.fn(
      async () =>
        new Response(
          JSON.stringify({
            success: true,
            data: {
              state: 'checked',
              changedDays: ['2026-11-01', '2026-11-02', '2026-11-03'],
              requests: 4,
              error: null,
            },
          }),
          { headers: { 'content-type': 'application/json' } },
        ),
    );
    vi.stubGlobal('fetch', fetch);
    renderWithProviders(<SettlementCheckButton shopId="s1" />);
    fireEvent.click(screen.getByRole('button', { name: 'Check settlements now' }));
    await waitFor(() =>
      expect(screen.getByRole('status').textContent).toBe(
        '3 days had orders that settled; the figures below include them.',
      ),
    );
    expect(fetch.mock.calls[0]).toEqual([
      '/api/dashboard/shops/s1/settlement/check',
      expect.objectContaining({ method: 'POST' }),
    ]);
  });

  it('while the server still re-reads, waits for the sync, then shows the sentence over the new figures', async () => {
    // The server: the check answers "rereading"; the sync runs for two polls, then the report
    // counts the orders the re-read stored.
    let syncPolls = 0;
    let reread = false;
    const json = (data: unknown) =>
      new Response(JSON.stringify({ success: true, data }), { headers: { 'content-type': 'application/json' } });
    const fetch = vi.fn(async (path: string) => {
      if (path.endsWith('/settlement/check'))
        return json({ state: 'rereading', changedDays: ['2026-11-01', '2026-11-02'], requests: 9, error: null });
      if (path.endsWith('/sync')) {
        syncPolls += 1;
        reread = syncPolls >= 2;
        return json({ sync: { running: !reread, state: reread ? 'done' : 'running', error: null } });
      }
      // The report takes a while, so a sentence shown before it arrives would be seen over the old figure.
      await new Promise((resolve) => setTimeout(resolve, 150));
      return json({ observed: reread ? 190 : 0 });
    });
    vi.stubGlobal('fetch', fetch);
    function Figures() {
      const report = useQuery({
        queryKey: dashboardKeys.report('s1', 'settlement', {}),
        queryFn: () => fetchJson<{ observed: number }>('/api/dashboard/shops/s1/reports/settlement'),
      });
      return <p>Orders observed: {report.data?.observed ?? '…'}</p>;
    }
    renderWithProviders(
      <>
        <SettlementCheckButton shopId="s1" />
        <Figures />
      </>,
    );
    await screen.findByText('Orders observed: 0');
    fireEvent.click(screen.getByRole('button', { name: 'Check settlements now' }));
    const seen: string[] = [];
    await waitFor(
      () => {
        const status = screen.getByRole('status').textContent ?? '';
        const figures = screen.getByText(/^Orders observed/).textContent ?? '';
        seen.push(`${status} | ${figures}`);
        expect(status).toBe('2 days had orders that settled; the figures below include them.');
      },
      { timeout: 10_000, interval: 20 },
    );
    // Never the sentence over the old figure, and it came after the sync said the re-read was over.
    expect(seen.filter((s) => s.includes('settled') && !s.endsWith('Orders observed: 190'))).toEqual([]);
    expect(syncPolls).toBe(2);
    expect(screen.getByText('Orders observed: 190')).toBeTruthy();
  }, 15_000);
});
