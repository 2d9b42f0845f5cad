import { expect, test } from '@playwright/test';

// The dashboard API's OpenAPI document is served by the started app without a session (the proxy
// lets that one path through), while the endpoints it describes still need one
// (docs/ARCHITECTURE.md#the-dashboard-apis-description).

test('the API description is public; the API it describes is not', async ({ request }) => {
  const doc = await request.get('/api/dashboard/openapi.json');
  expect(doc.status()).toBe(200);
  expect(doc.headers()['content-type']).toContain('application/json');
  const body = (await doc.json()) as { openapi: string; paths: Record<string, unknown> };
  expect(body.openapi).toBe('3.1.0');
  expect(Object.keys(body.paths)).toEqual(
    expect.arrayContaining(['/api/dashboard/shops', '/api/dashboard/shops/{shopId}/orders']),
  );
  const shops = await request.get('/api/dashboard/shops');
  expect(shops.status()).toBe(401);
});
