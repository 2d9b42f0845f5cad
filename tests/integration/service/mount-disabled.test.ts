import { beforeAll, describe, expect, it } from 'vitest';
import { errorBodySchema } from '@/lib/contract';

// With a real upstream configured (UPSTREAM_BASE_URL), the embedded service is switched off and
// /api/v1/* answers 404 to everything, without opening a store.

let route: typeof import('@/app/api/v1/[...path]/route');

beforeAll(async () => {
  Object.assign(process.env, {
    UPSTREAM_BASE_URL: 'https://reporting.example.com',
    UPSTREAM_APP_KEY: 'key',
    UPSTREAM_APP_SECRET: 'secret',
    DASHBOARD_PASSWORD: 'password',
    SESSION_SECRET: 'a-session-secret-of-at-least-32-characters',
  });
  route = await import('@/app/api/v1/[...path]/route');
});

describe('mount with a real upstream', () => {
  it.each(['GET', 'POST', 'DELETE'] as const)('%s answers 404 with the error body', async (method) => {
    const request = new Request('http://localhost/api/v1/shops', {
      method,
      headers: { 'X-App-Key': 'demo-app-key', 'X-App-Secret': 'demo-app-secret' },
    });
    const response = await route[method](request);
    expect(response.status).toBe(404);
    expect(errorBodySchema.parse(await response.json()).error.code).toBe('NOT_FOUND');
  });
});
