import { describe, expect, it } from 'vitest';
import { productStatusLabel, toSkuCostRows } from '@/components/sku-costs/sku-cost-rows';
import { safeImageUrl } from '@/components/sku-costs/safe-image-url';
import { filterShops } from '@/components/shop-picker/filter-shops';
import {
  activeCategories,
  REFUND_CATEGORIES,
  refundCategoriesFor,
  toChartDays,
} from '@/components/refunds/refund-categories';
import { errorCopy } from '@/components/states/error-copy';
import type { Product } from '@/lib/contract';

const product: Product = {
  id: 'prd_1',
  productId: '1001',
  name: 'Mug',
  icon: null,
  status: 'ACTIVATE',
  skus: [
    { id: 's1', sku: 'MUG-S', price: 10, cogs: 3, shippingCost: 2 },
    { id: 's2', sku: 'MUG-L', price: 4, cogs: 3.5, shippingCost: 1 },
  ],
};

describe('SKU cost rows', () => {
  it('have one row per SKU with unit profit before fees and margin', () => {
    const rows = toSkuCostRows([product]);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({ skuId: 's1', sellerSku: 'MUG-S', firstOfProduct: true });
    expect(rows[0]?.unit).toMatchObject({
      price: 1000,
      cogs: 300,
      shippingCost: 200,
      unitProfitBeforeFees: 500,
      margin: 0.5,
    });
    expect(rows[1]?.firstOfProduct).toBe(false);
    expect(rows[1]?.unit.unitProfitBeforeFees).toBe(-50);
  });

  it('name product statuses in plain words', () => {
    expect(productStatusLabel('ACTIVATE')).toEqual({ label: 'Active', active: true });
    expect(productStatusLabel('DEACTIVATE')).toEqual({ label: 'Inactive', active: false });
    expect(productStatusLabel('PENDING_REVIEW').label).toBe('Pending review');
  });
});

describe('untrusted image URLs', () => {
  it.each([
    ['https://cdn.example.com/a.jpg', 'https://cdn.example.com/a.jpg'],
    ['http://cdn.example.com/a.jpg', 'http://cdn.example.com/a.jpg'],
    ['javascript:alert(1)', null],
    ['data:image/svg+xml,<svg/>', null],
    ['/relative.png', null],
    // The embedded service's mount on the page's own origin (its demo pictures), and nothing else.
    ['/api/v1/demo-assets/products/cbc.svg', '/api/v1/demo-assets/products/cbc.svg'],
    ['/api/v1/../dashboard/shops/s1/exports/orders', null],
    ['/api/v1/%2e%2e/dashboard/sync', null],
    ['//evil.example/api/v1/a.svg', null],
    ['/\\evil.example/api/v1/a.svg', null],
    ['/api/dashboard/shops', null],
    ['api/v1/demo-assets/products/cbc.svg', null],
    ['', null],
    [null, null],
  ])('%s → %s', (input, expected) => {
    expect(safeImageUrl(input)).toBe(expected);
  });
});

describe('shop search', () => {
  const shops = [
    { id: '1', shopName: 'Lumen US', shopRegion: 'US', timezone: 'America/Los_Angeles', currency: 'USD' },
    { id: '2', shopName: 'Lumen Küche', shopRegion: 'DE', timezone: 'Europe/Berlin', currency: 'EUR' },
  ].map((s) => ({ ...s, shopId: s.id, shopCode: s.id, shopSellerType: 'LOCAL' }));

  it('matches name, region or time zone, ignoring case', () => {
    expect(filterShops(shops, 'küche').map((s) => s.id)).toEqual(['2']);
    expect(filterShops(shops, 'berlin').map((s) => s.id)).toEqual(['2']);
    expect(filterShops(shops, 'us').map((s) => s.id)).toEqual(['1']);
    expect(filterShops(shops, '  ')).toHaveLength(2);
  });
});

describe('refund chart data', () => {
  const details = {
    grossSalesRefund: -10.5,
    sellerDiscountRefund: 0,
    refundAdministrationFee: -0.2,
    returnShippingFee: 0,
    returnShippingLabelFee: 0,
    returnShippingFeePaidBuyer: 0,
    returnShippingFeeReimbursement: 0,
  };

  it('is in cents per category, labelled by the shop-calendar day', () => {
    const [day] = toChartDays([{ day: '2026-03-09', date: 0, value: -10.7, details }], REFUND_CATEGORIES);
    expect(day).toMatchObject({
      day: '2026-03-09',
      label: 'Mar 9',
      total: -1070,
      grossSalesRefund: -1050,
      refundAdministrationFee: -20,
    });
  });

  it('only keeps categories that occur', () => {
    const days = toChartDays([{ day: '2026-03-09', date: 0, value: -10.7, details }], REFUND_CATEGORIES);
    expect(activeCategories(days, REFUND_CATEGORIES).map((c) => c.key)).toEqual([
      'grossSalesRefund',
      'refundAdministrationFee',
    ]);
  });

  it('without costs and profit: the sales parts only, from an answer without the fee parts, never NaN', () => {
    const shown = refundCategoriesFor(false);
    expect(shown.map((c) => c.key)).toEqual(['grossSalesRefund', 'sellerDiscountRefund']);
    // What the API sends such a person: no fee key, the value the sum of the parts it sends.
    const item = {
      day: '2026-03-09',
      date: 0,
      value: -10.5,
      details: { grossSalesRefund: -10.5, sellerDiscountRefund: 0 },
    };
    const [day] = toChartDays([item as never], shown);
    expect(day).toEqual({
      day: '2026-03-09',
      label: 'Mar 9',
      total: -1050,
      grossSalesRefund: -1050,
      sellerDiscountRefund: 0,
    });
    expect(activeCategories([day!], shown).map((c) => c.key)).toEqual(['grossSalesRefund']);
    expect(refundCategoriesFor(true)).toBe(REFUND_CATEGORIES);
  });
});

describe('error states', () => {
  it('say the REST API is not on the plan, without a useless retry', () => {
    const copy = errorCopy({ code: 'FEATURE_UNAVAILABLE', message: 'Enable the REST API feature.' });
    expect(copy).toEqual({
      title: 'The REST API is not on your plan',
      message: 'Enable the REST API feature.',
      retryable: false,
    });
  });

  it('say how long to wait when rate limited', () => {
    const copy = errorCopy({ code: 'RATE_LIMITED', message: 'busy', retryAfterSeconds: 90 });
    expect(copy.title).toBe('The Reporting Service is busy');
    expect(copy.message).toContain('in 2 minutes');
    expect(copy.retryable).toBe(true);
  });

  it('distinguish credentials and unknown shops', () => {
    expect(errorCopy({ code: 'UPSTREAM_CREDENTIALS' }).title).toMatch(/credentials/);
    expect(errorCopy({ code: 'SHOP_NOT_FOUND' }).title).toBe('This shop is not available');
    expect(errorCopy(new TypeError('Failed to fetch'))).toMatchObject({
      title: 'Something went wrong',
      retryable: true,
    });
  });
});
