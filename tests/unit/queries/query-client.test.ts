import { afterEach, describe, expect, it, vi } from 'vitest';
import { fetchJson } from '@/lib/api/fetch-json';
import { makeQueryClient } from '@/lib/queries/query-client';

// The browser must not stack retries on the server's: every answer of our API is final; only a
// request that never reached the server is tried again, once.

function errorResponse(status: number, code: string): Response {
  return Response.json({ success: false, error: { code, message: 'x' } }, { status, headers: { 'Retry-After': '5' } });
}

async function attemptsFor(respond: () => Promise<Response>): Promise<number> {
  const fetchMock = vi.fn(respond);
  vi.stubGlobal('fetch', fetchMock);
  const client = makeQueryClient();
  // retryDelay 0: the policy is what is tested, not react-query's backoff timing.
  client.setDefaultOptions({ queries: { ...client.getDefaultOptions().queries, retryDelay: 0 } });
  await client.fetchQuery({ queryKey: ['t'], queryFn: () => fetchJson('/api/dashboard/x') }).catch(() => undefined);
  return fetchMock.mock.calls.length;
}

afterEach(() => vi.unstubAllGlobals());

describe('browser retry policy', () => {
  it.each([
    [502, 'UPSTREAM_UNAVAILABLE'],
    [502, 'BAD_UPSTREAM_PAYLOAD'],
    [503, 'RATE_LIMITED'],
    [503, 'STORE_UNAVAILABLE'],
    [500, 'INTERNAL_ERROR'],
    [400, 'INVALID_REQUEST'],
    [404, 'SHOP_NOT_FOUND'],
  ])('asks once for a %i %s: the server already retried what could change', async (status, code) => {
    expect(await attemptsFor(async () => errorResponse(status, code))).toBe(1);
  });

  it('tries a request that never reached the server once more', async () => {
    expect(await attemptsFor(async () => Promise.reject(new TypeError('Failed to fetch')))).toBe(2);
  });
});
