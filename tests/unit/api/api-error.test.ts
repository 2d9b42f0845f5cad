import { describe, expect, it } from 'vitest';
import { readApiError } from '@/lib/api/api-error';

function answer(status: number, body: string, headers: Record<string, string> = {}): Response {
  return new Response(body, { status, headers });
}

describe('readApiError: the one reader of the dashboard API error body', () => {
  it('takes code, message, request id and Retry-After from a well-formed body', async () => {
    const body = JSON.stringify({ success: false, error: { code: 'RATE_LIMITED', message: 'busy', requestId: 'r1' } });
    const error = await readApiError(answer(503, body, { 'Retry-After': '17' }));
    expect(error).toMatchObject({
      name: 'ApiError',
      status: 503,
      code: 'RATE_LIMITED',
      message: 'busy',
      requestId: 'r1',
      retryAfterSeconds: 17,
    });
  });

  it.each([
    [401, 'UNAUTHENTICATED'],
    [502, 'UPSTREAM_UNAVAILABLE'],
    [404, 'INVALID_REQUEST'],
  ] as const)('without our body, a %i is %s with that code’s message', async (status, code) => {
    const error = await readApiError(answer(status, '<html>proxy</html>'));
    expect(error.code).toBe(code);
    expect(error.message).toBeTruthy();
    expect(error.requestId).toBeUndefined();
  });

  it('uses the caller’s fallback message and ignores a Retry-After that is not a positive number', async () => {
    const error = await readApiError(
      answer(500, '{"error":"nope"}', { 'Retry-After': 'soon' }),
      () => 'The export failed (HTTP 500).',
    );
    expect(error.message).toBe('The export failed (HTTP 500).');
    expect(error.retryAfterSeconds).toBeUndefined();
  });
});
