import { expect, test } from '@playwright/test';

// The embedded Reporting Service answers over HTTP in the started app, at /api/v1 (docs/ARCHITECTURE.md#data-flow).

const DEMO = { 'X-App-Key': 'demo-app-key', 'X-App-Secret': 'demo-app-secret' };

test.describe('embedded Reporting Service', () => {
  test('lists the demo shops and the orders of the first one', async ({ request }) => {
    const shops = await request.get('/api/v1/shops', { headers: DEMO });
    expect(shops.status()).toBe(200);
    expect(shops.headers()['content-type']).toContain('application/json');
    const shopBody = await shops.json();
    expect(shopBody.success).toBe(true);
    expect(shopBody.data.items.length).toBeGreaterThanOrEqual(2);

    const shopId: string = shopBody.data.items[0].id;
    const orders = await request.get('/api/v1/orders-by-product?limit=5', {
      headers: { ...DEMO, 'X-Shop-Id': shopId },
    });
    expect(orders.status()).toBe(200);
    const orderBody = await orders.json();
    expect(orderBody.data.items.length).toBeGreaterThan(0);
    expect(orderBody.data.items[0].products.length).toBeGreaterThan(0);
    expect(orderBody.data.pagination).toMatchObject({ page: 1, limit: 5 });
  });

  test('refuses a request without credentials', async ({ request }) => {
    const response = await request.get('/api/v1/shops');
    expect(response.status()).toBe(401);
    expect(await response.json()).toEqual({
      success: false,
      error: { code: 'MISSING_CREDENTIALS', message: expect.any(String) },
    });
  });

  test('publishes its OpenAPI document and refuses writes', async ({ request }) => {
    const doc = await request.get('/api/v1/openapi.json');
    expect(doc.status()).toBe(200);
    expect((await doc.json()).openapi).toBe('3.1.0');
    const post = await request.post('/api/v1/shops', { headers: DEMO, data: {} });
    expect(post.status()).toBe(405);
    expect(post.headers()['allow']).toBe('GET');
  });
});
