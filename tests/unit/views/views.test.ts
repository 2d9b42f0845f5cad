import { describe, expect, it } from 'vitest';
import { DEFAULT_PAGE_SIZE, toPageSize } from '@/lib/views/defaults';
import { serializeFrame } from '@/lib/views/frame';
import { ordersView, readOrdersViewFromUrl } from '@/lib/views/orders';
import { DEFAULT_RANGE, rangeParams } from '@/lib/views/range';
import { refundsView } from '@/lib/views/refunds';
import { schemaOf } from '@/lib/views/schema';
import { readSkuCostsViewFromUrl, skuCostsView } from '@/lib/views/sku-costs';
import { toSearch, viewQuery, withoutPaging } from '@/lib/views/view';

describe('URL parsers', () => {
  it('read a copied orders URL back into the same view', () => {
    const view = readOrdersViewFromUrl(
      '?shop=shp_2&range=last-30-days&page=3&limit=50&sort=asc&skuId=123&orderType=SETTLED&sampleOrder=NO&status=COMPLETED',
    );
    expect(view).toMatchObject({
      shop: 'shp_2',
      range: 'last-30-days',
      page: 3,
      limit: 50,
      sort: 'asc',
      skuId: '123',
      orderType: 'SETTLED',
      sampleOrder: 'NO',
      status: 'COMPLETED',
      name: null,
    });
  });

  it('fall back to defaults on values a hand-edited link may carry', () => {
    const view = readOrdersViewFromUrl('?page=0&limit=7&sort=sideways&range=forever&orderType=PAID&from=2026-02-30');
    expect(view.page).toBe(1);
    expect(view.limit).toBe(DEFAULT_PAGE_SIZE);
    expect(view.sort).toBe('desc');
    expect(view.range).toBe(DEFAULT_RANGE);
    expect(view.orderType).toBeNull();
    expect(view.from).toBeNull();
  });

  it('read product filters', () => {
    expect(readSkuCostsViewFromUrl('?name=mug&skuName=MUG-L')).toMatchObject({
      name: 'mug',
      skuName: 'MUG-L',
      page: 1,
    });
  });

  it('only accept page sizes the API accepts', () => {
    expect(toPageSize(100)).toBe(100);
    expect(toPageSize(30)).toBe(DEFAULT_PAGE_SIZE);
  });
});

describe('API queries', () => {
  it('forward the view under the same names and leave out empty values', () => {
    const view = readOrdersViewFromUrl('?shop=s1&range=last-7-days&page=2&limit=10&sort=asc&skuId=42&name=');
    const query = new URLSearchParams(toSearch(viewQuery(ordersView, view)));
    expect(Object.fromEntries(query)).toEqual({
      range: 'last-7-days',
      page: '2',
      limit: '10',
      sort: 'asc',
      skuId: '42',
    });
  });

  it('produce queries the dashboard API accepts', () => {
    const view = readOrdersViewFromUrl('?range=custom&from=2026-01-01&to=2026-01-31&orderType=DRAFT');
    const parsed = schemaOf(ordersView).parse(
      Object.fromEntries(new URLSearchParams(toSearch(viewQuery(ordersView, view)))),
    );
    expect(parsed.range).toEqual({ from: '2026-01-01', to: '2026-01-31' });
    expect(parsed.orderType).toBe('DRAFT');
  });

  it('send a custom range only when both days are there and in order', () => {
    expect(rangeParams({ range: 'custom', from: '2026-01-01', to: '2026-01-31' })).toEqual({
      from: '2026-01-01',
      to: '2026-01-31',
    });
    expect(rangeParams({ range: 'custom', from: '2026-02-01', to: '2026-01-31' })).toEqual({ range: DEFAULT_RANGE });
    expect(rangeParams({ range: 'custom', from: null, to: null })).toEqual({ range: DEFAULT_RANGE });
    expect(rangeParams({ range: 'today', from: '2026-01-01', to: '2026-01-02' })).toEqual({ range: 'today' });
  });

  it('export the whole filtered range, never one page', () => {
    expect(toSearch(withoutPaging({ range: 'today', page: 4, limit: 50, skuId: '9' }))).toBe('range=today&skuId=9');
    expect(toSearch(viewQuery(refundsView, { range: 'yesterday', from: null, to: null }))).toBe('range=yesterday');
    // Defaults are left out of every view's query (one form per view: one cache key, one URL).
    expect(
      toSearch(
        viewQuery(skuCostsView, { page: 1, limit: 25, name: 'mug', productId: null, skuName: null, skuId: null }),
      ),
    ).toBe('name=mug');
  });
});

describe('links between pages', () => {
  it('carry shop and range, and leave the default range out', () => {
    expect(serializeFrame({ shop: 's2', range: 'last-90-days', from: null, to: null })).toBe(
      '?shop=s2&range=last-90-days',
    );
    expect(serializeFrame({ shop: 's2', range: DEFAULT_RANGE, from: null, to: null })).toBe('?shop=s2');
  });
});
