import { expect } from 'vitest';
import type { z } from 'zod';
import { ERROR_STATUS, errorBodySchema, listEnvelopeSchema, type ErrorCode } from '@/lib/contract';
import type { ServiceHandler } from '@/lib/service/handler';

// Calls the handler in-process the way an HTTP client would, and checks every body against the
// contract schemas (a response that does not match is a failure whatever the test asserts).

export const DEMO_HEADERS = { 'X-App-Key': 'demo-app-key', 'X-App-Secret': 'demo-app-secret' };
export const BASIC_HEADERS = { 'X-App-Key': 'basic-app-key', 'X-App-Secret': 'basic-app-secret' };

export interface CallOptions {
  headers?: Record<string, string>;
  method?: string;
  ip?: string;
}

export interface Call {
  response: Response;
  body: unknown;
}

export function createClient(handler: ServiceHandler, defaults: CallOptions = {}) {
  async function call(path: string, options: CallOptions = {}): Promise<Call> {
    const { headers = defaults.headers ?? {}, method = 'GET', ip = defaults.ip ?? '10.0.0.1' } = options;
    const request = new Request(`http://service.test/api/v1/${path}`, { method, headers });
    const response = await handler.handle(request, { clientIp: ip });
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('no-store');
    return { response, body: await response.json() };
  }

  /** A 200 whose body is a valid list envelope of `item`. */
  async function ok<T extends z.ZodType>(path: string, item: T, options?: CallOptions) {
    const { response, body } = await call(path, options);
    if (response.status !== 200) throw new Error(`GET ${path} → ${response.status} ${JSON.stringify(body)}`);
    return listEnvelopeSchema(item).parse(body).data;
  }

  /** An error response with the spec's status for `code`; returns the message. */
  async function fails(path: string, code: ErrorCode, options?: CallOptions) {
    const { response, body } = await call(path, options);
    const parsed = errorBodySchema.parse(body);
    expect(parsed.error.code, `GET ${path}: ${parsed.error.message}`).toBe(code);
    expect(response.status).toBe(ERROR_STATUS[code]);
    return { message: parsed.error.message, response };
  }

  return { call, ok, fails };
}
