// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { dashboardKeys } from '@/lib/queries/keys';
import { useCostWrite } from '@/lib/queries/use-cost-mutations';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const ok = () => new Response(JSON.stringify({ success: true, data: { audit: { summary: 'x' } } }), { status: 200 });

function setup() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  for (const key of [
    dashboardKeys.yourCosts('s1'),
    dashboardKeys.report('s1', 'overview', { range: 'last-30-days' }),
    dashboardKeys.report('s1', 'sku-profit', { range: 'last-7-days' }),
    dashboardKeys.allShops({ range: 'last-30-days' }),
    dashboardKeys.orders('s1', {}),
    dashboardKeys.products('s1', { page: 2 }),
    dashboardKeys.yourCosts('s2'),
    dashboardKeys.products('s2', {}),
  ])
    client.setQueryData(key, {});
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  return { client, wrapper };
}

const stale = (client: QueryClient, key: readonly unknown[]) => client.getQueryState(key)?.isInvalidated;

describe('useCostWrite', () => {
  it("marks the shop's costs, its SKU costs pages, every report of the shop and the all-shops view stale, and nothing else", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => ok()),
    );
    const { client, wrapper } = setup();
    const { result } = renderHook(() => useCostWrite('s1'), { wrapper });
    await act(() => result.current.mutateAsync({ method: 'POST', path: 'expenses', body: {} }));
    expect(stale(client, dashboardKeys.yourCosts('s1'))).toBe(true);
    expect(stale(client, dashboardKeys.report('s1', 'overview', { range: 'last-30-days' }))).toBe(true);
    expect(stale(client, dashboardKeys.report('s1', 'sku-profit', { range: 'last-7-days' }))).toBe(true);
    expect(stale(client, dashboardKeys.allShops({ range: 'last-30-days' }))).toBe(true);
    expect(stale(client, dashboardKeys.products('s1', { page: 2 }))).toBe(true);
    expect(stale(client, dashboardKeys.orders('s1', {}))).toBe(false);
    expect(stale(client, dashboardKeys.yourCosts('s2'))).toBe(false);
    expect(stale(client, dashboardKeys.products('s2', {}))).toBe(false);
  });

  it('leaves every cache alone for a preview, which writes nothing', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => ok()),
    );
    const { client, wrapper } = setup();
    const { result } = renderHook(() => useCostWrite('s1'), { wrapper });
    await act(() =>
      result.current.mutateAsync({ method: 'POST', path: 'ad-spend/import', body: { csv: 'x' }, invalidate: false }),
    );
    expect(stale(client, dashboardKeys.yourCosts('s1'))).toBe(false);
  });
});
