import { afterEach, describe, expect, it } from 'vitest';
import { resetLoginThrottleForTests } from '@/lib/session/login-throttle';
import { NextRequest } from 'next/server';
import { DELETE as logout, GET as sessionStatus } from '@/app/api/dashboard/session/route';
import { GET as listShops } from '@/app/api/dashboard/shops/route';
import { GET as listOrders } from '@/app/api/dashboard/shops/[shopId]/orders/route';
import { setUpstreamClientForTests } from '@/lib/server/upstream';
import { parseServerConfig } from '@/lib/config/env';
import { sessionOptions } from '@/lib/session/options';
import { proxy } from '@/proxy';
import { body, call, fakeClient, freshIp, ORIGIN, postLogin, signedInCookie, type ErrorEnvelope } from './support';

afterEach(() => {
  setUpstreamClientForTests(undefined);
  resetLoginThrottleForTests();
});

function proxyRequest(path: string, init: { cookie?: string; method?: string; origin?: string } = {}) {
  const headers = new Headers({ host: new URL(ORIGIN).host });
  if (init.cookie) headers.set('cookie', init.cookie);
  if (init.origin) headers.set('origin', init.origin);
  return proxy(new NextRequest(ORIGIN + path, { method: init.method ?? 'GET', headers }));
}

describe('sign-in', () => {
  it('accepts the password and sets an httpOnly, SameSite=Lax session cookie', async () => {
    const response = await postLogin('demo');
    expect(response.status).toBe(200);
    expect(await body(response)).toEqual({ success: true, data: { authenticated: true } });
    const cookie = response.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(/^spd_session=[^;]+/);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).toMatch(/Path=\//);
    // Not production here, so not Secure (plain-http localhost must keep working)…
    expect(cookie).not.toMatch(/Secure/i);
  });

  it('marks the cookie Secure in production', () => {
    const production = parseServerConfig({ NODE_ENV: 'production' });
    expect(sessionOptions(production).cookieOptions?.secure).toBe(true);
  });

  it('refuses a wrong password with a clear message and no cookie', async () => {
    const response = await postLogin('not-the-password');
    expect(response.status).toBe(401);
    const { error } = await body<ErrorEnvelope>(response);
    expect(error.code).toBe('WRONG_PASSWORD');
    expect(error.message).toBe('That email and password do not match.');
    expect(response.headers.get('set-cookie')).toBeNull();
  });

  it('names the missing field when the body has no password', async () => {
    const response = await call((await import('@/app/api/dashboard/session/route')).POST, '/api/dashboard/session', {
      method: 'POST',
      ip: freshIp(),
      headers: { origin: ORIGIN, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(response.status).toBe(400);
    expect((await body<ErrorEnvelope>(response)).error.message).toMatch(/^password: is required/);
  });

  it('throttles a client after 5 wrong passwords: 429, Retry-After, and the right password is refused too', async () => {
    const ip = freshIp();
    const statuses: number[] = [];
    const messages: string[] = [];
    for (let i = 0; i < 5; i += 1) {
      const response = await postLogin(`guess-${i}`, ip);
      statuses.push(response.status);
      messages.push((await body<ErrorEnvelope>(response)).error.message);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401]);
    expect(messages[2]).toMatch(/2 attempts left/);
    expect(messages[3]).toMatch(/1 attempt left/);
    expect(messages[4]).toMatch(/try again in 15 minutes/);

    const blocked = await postLogin('demo', ip);
    expect(blocked.status).toBe(429);
    const retryAfter = Number(blocked.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(14 * 60);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    expect((await body<ErrorEnvelope>(blocked)).error).toMatchObject({
      code: 'TOO_MANY_ATTEMPTS',
      message: 'Too many sign-in attempts. Try again in 15 minutes.',
    });
    expect(blocked.headers.get('set-cookie')).toBeNull();

    // Another client is not affected.
    expect((await postLogin('demo', freshIp())).status).toBe(200);
  });

  it('a locked-out client cannot sign in by adding or rotating X-Forwarded-For', async () => {
    const ip = freshIp();
    for (let i = 0; i < 5; i += 1) expect((await postLogin(`guess-${i}`, ip)).status).toBe(401);
    for (const forged of ['1.2.3.4', '5.6.7.8, 9.9.9.9', freshIp()]) {
      const response = await postLogin('demo', ip, { origin: ORIGIN, 'x-forwarded-for': forged, 'x-real-ip': forged });
      expect(response.status).toBe(429);
      expect(response.headers.get('set-cookie')).toBeNull();
    }
  });

  it('counts concurrent wrong passwords before checking any: 10 at once from one client, only 5 are checked', async () => {
    const ip = freshIp();
    const statuses = (await Promise.all(Array.from({ length: 10 }, (_, i) => postLogin(`guess-${i}`, ip)))).map(
      (r) => r.status,
    );
    expect(statuses.filter((s) => s === 401)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(5);
  });

  it("one client's failures (forged headers or not) never lock another client out", async () => {
    const attacker = freshIp();
    for (let i = 0; i < 30; i += 1)
      await postLogin(`guess-${i}`, attacker, { origin: ORIGIN, 'x-forwarded-for': `10.99.${i}.1` });
    expect((await postLogin('demo', freshIp())).status).toBe(200);
  });

  it('refuses a POST without an Origin or from another site (403), before looking at the password', async () => {
    const missing = await postLogin('demo', freshIp(), {});
    expect(missing.status).toBe(403);
    expect((await body<ErrorEnvelope>(missing)).error.code).toBe('FORBIDDEN_ORIGIN');
    const foreign = await postLogin('demo', freshIp(), { origin: 'https://evil.example' });
    expect(foreign.status).toBe(403);
    expect(foreign.headers.get('set-cookie')).toBeNull();
  });
});

describe('gating', () => {
  it('answers 401 JSON to an API call without a cookie, and does not reach the upstream', async () => {
    const client = fakeClient();
    setUpstreamClientForTests(client);
    const response = await call(listShops, '/api/dashboard/shops');
    expect(response.status).toBe(401);
    expect(await body(response)).toEqual({
      success: false,
      error: {
        code: 'UNAUTHENTICATED',
        message: 'Your session has ended. Sign in again.',
        requestId: response.headers.get('x-request-id'),
      },
    });
    expect(client.calls.shops).toBe(0);
  });

  it('rejects a tampered cookie and one sealed with another secret', async () => {
    const cookie = await signedInCookie();
    const [name, value = ''] = cookie.split('=');
    const flipped = value.slice(0, 20) + (value[20] === 'A' ? 'B' : 'A') + value.slice(21);
    const tampered = await call(listShops, '/api/dashboard/shops', { cookie: `${name}=${flipped}` });
    expect(tampered.status).toBe(401);

    const { sealData } = await import('iron-session');
    const foreign = await sealData({ signedInAt: Date.now() }, { password: 'x'.repeat(32) + '-another-secret' });
    expect((await call(listShops, '/api/dashboard/shops', { cookie: `spd_session=${foreign}` })).status).toBe(401);
  });

  it('lets a signed-in request through', async () => {
    setUpstreamClientForTests(fakeClient());
    const response = await call(listShops, '/api/dashboard/shops', { cookie: await signedInCookie() });
    expect(response.status).toBe(200);
  });

  it('proxy: redirects a page to /login with a same-site next, answers 401 on the API, lets public paths through', async () => {
    const page = await proxyRequest('/shops/shop-us/orders?range=last-7-days');
    expect(page.status).toBe(307);
    // NextRequest calls 127.0.0.1 "localhost"; the built app's adapter sends the Location relative.
    const location = (response: Response) => {
      const url = new URL(response.headers.get('location') ?? '', ORIGIN);
      return url.pathname + url.search;
    };
    expect(location(page)).toBe(`/login?next=${encodeURIComponent('/shops/shop-us/orders?range=last-7-days')}`);
    expect(location(await proxyRequest('/'))).toBe('/login');

    const api = await proxyRequest('/api/dashboard/shops');
    expect(api.status).toBe(401);
    expect((await body<ErrorEnvelope>(api)).error.code).toBe('UNAUTHENTICATED');

    for (const open of ['/login', '/api/dashboard/session', '/api/v1/shops', '/_next/static/chunks/app.js']) {
      const response = await proxyRequest(open);
      expect(response.headers.get('x-middleware-next'), open).toBe('1');
    }
    const signedIn = await proxyRequest('/', { cookie: await signedInCookie() });
    expect(signedIn.headers.get('x-middleware-next')).toBe('1');
  });

  it('proxy: every page gets a Content-Security-Policy with a fresh nonce, handed to Next for its scripts', async () => {
    const cookie = await signedInCookie();
    const policies: string[] = [];
    for (const path of ['/login', '/', '/shops/shop-us/orders']) {
      const response = await proxyRequest(path, { cookie });
      const policy = response.headers.get('content-security-policy') ?? '';
      expect(policy, path).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]{20,}' 'strict-dynamic'/);
      expect(policy).toMatch(/object-src 'none'/);
      expect(policy).toMatch(/frame-ancestors 'none'/);
      expect(policy).not.toMatch(/script-src[^;]*'unsafe-inline'/);
      // The request Next renders carries the same policy, so its scripts get this nonce.
      expect(response.headers.get('x-middleware-request-content-security-policy')).toBe(policy);
      policies.push(policy);
    }
    expect(new Set(policies).size).toBe(policies.length);
  });

  it('proxy: refuses a state-changing API call from another origin even with a session', async () => {
    const cookie = await signedInCookie();
    const response = await proxyRequest('/api/dashboard/sync', {
      method: 'POST',
      cookie,
      origin: 'https://evil.example',
    });
    expect(response.status).toBe(403);
    const same = await proxyRequest('/api/dashboard/sync', { method: 'POST', cookie, origin: ORIGIN });
    expect(same.headers.get('x-middleware-next')).toBe('1');
  });

  it('route handlers check again: a shop-scoped call without a session is 401 even past the proxy', async () => {
    const response = await call(listOrders, '/api/dashboard/shops/shop-us/orders', { params: { shopId: 'shop-us' } });
    expect(response.status).toBe(401);
  });
});

describe('sign-out', () => {
  it('expires the cookie; the browser then has no session', async () => {
    const cookie = await signedInCookie();
    expect(await body(await call(sessionStatus, '/api/dashboard/session', { cookie }))).toEqual({
      success: true,
      data: expect.objectContaining({ authenticated: true, person: expect.objectContaining({ role: 'owner' }) }),
    });
    const response = await call(logout, '/api/dashboard/session', {
      method: 'DELETE',
      cookie,
      headers: { origin: ORIGIN },
    });
    expect(response.status).toBe(200);
    const setCookie = response.headers.get('set-cookie') ?? '';
    expect(setCookie).toMatch(/^spd_session=;/);
    expect(setCookie).toMatch(/Max-Age=0|Expires=Thu, 01 Jan 1970/i);
    // What the browser sends after applying that Set-Cookie: no session cookie.
    expect(await body(await call(sessionStatus, '/api/dashboard/session'))).toEqual({
      success: true,
      data: { authenticated: false },
    });
  });

  it('ends the session on the server: a copy of the cookie kept from before sign-out is refused everywhere', async () => {
    setUpstreamClientForTests(fakeClient());
    const copied = await signedInCookie();
    const other = await signedInCookie(); // another browser, signed in separately
    expect((await call(listShops, '/api/dashboard/shops', { cookie: copied })).status).toBe(200);
    await call(logout, '/api/dashboard/session', { method: 'DELETE', cookie: copied, headers: { origin: ORIGIN } });
    const replay = await call(listShops, '/api/dashboard/shops', { cookie: copied });
    expect(replay.status).toBe(401);
    expect((await body<ErrorEnvelope>(replay)).error.code).toBe('UNAUTHENTICATED');
    expect(await body(await call(sessionStatus, '/api/dashboard/session', { cookie: copied }))).toMatchObject({
      data: { authenticated: false },
    });
    // Only that sign-in ended.
    expect((await call(listShops, '/api/dashboard/shops', { cookie: other })).status).toBe(200);
  });

  it('refuses a cookie sealed with the right secret but without a listed session id (an old or forged seal)', async () => {
    const { sealData } = await import('iron-session');
    const { password } = sessionOptions();
    for (const data of [{ signedInAt: Date.now() }, { signedInAt: Date.now(), sid: 'never-issued' }]) {
      const seal = await sealData(data, { password });
      expect((await call(listShops, '/api/dashboard/shops', { cookie: `spd_session=${seal}` })).status).toBe(401);
    }
  });

  it('refuses a sign-out from another site', async () => {
    const response = await call(logout, '/api/dashboard/session', {
      method: 'DELETE',
      cookie: await signedInCookie(),
      headers: { origin: 'https://evil.example' },
    });
    expect(response.status).toBe(403);
    expect(response.headers.get('set-cookie')).toBeNull();
  });
});
