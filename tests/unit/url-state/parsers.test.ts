import { describe, expect, it } from 'vitest';
import {
  DEFAULT_PAGE_SIZE,
  DEFAULT_RANGE,
  readOrdersViewFromUrl,
  readProductsViewFromUrl,
  ordersApiQuery,
  productsApiQuery,
  rangeQuery,
  refundsApiQuery,
  serializeFrame,
  toPageSize,
  withoutPaging,
} from '@/lib/url-state';
import { ordersQuerySchema } from '@/lib/api/query-params';

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
    expect(readProductsViewFromUrl('?name=mug&skuName=MUG-L')).toMatchObject({
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
    const { shop: _shop, ...rest } = view;
    const query = new URLSearchParams(ordersApiQuery(rest));
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
    const { shop: _shop, ...rest } = view;
    const parsed = ordersQuerySchema.parse(Object.fromEntries(new URLSearchParams(ordersApiQuery(rest))));
    expect(parsed.range).toEqual({ from: '2026-01-01', to: '2026-01-31' });
    expect(parsed.orderType).toBe('DRAFT');
  });

  it('send a custom range only when both days are there and in order', () => {
    expect(rangeQuery({ range: 'custom', from: '2026-01-01', to: '2026-01-31' })).toEqual({
      from: '2026-01-01',
      to: '2026-01-31',
    });
    expect(rangeQuery({ range: 'custom', from: '2026-02-01', to: '2026-01-31' })).toEqual({ range: DEFAULT_RANGE });
    expect(rangeQuery({ range: 'custom', from: null, to: null })).toEqual({ range: DEFAULT_RANGE });
    expect(rangeQuery({ range: 'today', from: '2026-01-01', to: '2026-01-02' })).toEqual({ range: 'today' });
  });

  it('export the whole filtered range, never one page', () => {
    expect(withoutPaging('range=today&page=4&limit=50&skuId=9')).toBe('range=today&skuId=9');
    expect(refundsApiQuery({ range: 'yesterday', from: null, to: null })).toBe('range=yesterday');
    expect(productsApiQuery({ page: 1, limit: 25, name: 'mug', productId: null, skuName: null, skuId: null })).toBe(
      'page=1&limit=25&name=mug',
    );
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
