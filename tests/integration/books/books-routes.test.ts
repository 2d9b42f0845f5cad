import { beforeAll, describe, expect, it } from 'vitest';
import type { Shop } from '@/lib/contract';
import type { BooksState, MonthAdjustments } from '@/lib/reports/books-schemas';
import { GET as getBooks } from '@/app/api/dashboard/shops/[shopId]/books/route';
import { GET as getAdjustments } from '@/app/api/dashboard/shops/[shopId]/books/adjustments/route';
import { POST as close } from '@/app/api/dashboard/shops/[shopId]/books/months/[month]/close/route';
import { POST as reopen } from '@/app/api/dashboard/shops/[shopId]/books/months/[month]/reopen/route';
import { GET as getPnl } from '@/app/api/dashboard/shops/[shopId]/reports/pnl-by-month/route';
import { routesFixture } from '@/tests/support/api/routes-fixture';
import { localDayOf } from '@/tests/support/oracle/recount';
import { body, call, freshIp, ORIGIN, postLogin, type ErrorEnvelope } from '../api/support';
import { postToMonth } from './support';

// The books' routes as the owner calls them: the month that may close next, the refusals in words
// (not ended, not next in the chain, not the latest closed, a reason missing), a close and the
// P&L by month then showing the month as closed, a reopening with its reason in the history.

const monthBefore = (m: string) =>
  m.endsWith('-01')
    ? `${Number(m.slice(0, 4)) - 1}-12`
    : `${m.slice(0, 5)}${String(Number(m.slice(5)) - 1).padStart(2, '0')}`;

describe('the books routes', () => {
  const fixture = routesFixture({ orders: 600, postgres: false });
  let shop: Shop;
  let cookie = '';
  let thisMonth = '';
  let last = '';

  const post = (handler: typeof close, month: string, payload: unknown) =>
    postToMonth(handler as never, shop.id, month, cookie, payload);
  const books = async () =>
    (
      await body<{ data: BooksState }>(
        await call(getBooks as never, `/api/dashboard/shops/${shop.id}/books`, {
          params: { shopId: shop.id },
          cookie,
          ip: freshIp(),
        }),
      )
    ).data;
  const refusal = async (response: Response) => {
    const b = await body<ErrorEnvelope>(response);
    return [response.status, b.error.code, b.error.message];
  };

  beforeAll(async () => {
    shop = fixture.shops[0]!;
    const today = localDayOf(Math.floor(Date.now() / 1000), shop.timezone);
    thisMonth = today.slice(0, 7);
    last = monthBefore(thisMonth);
    await fixture.engine.sync(shop, { from: `${last}-01`, to: today });
    const login = await postLogin('demo', freshIp(), { origin: ORIGIN });
    cookie = (login.headers.get('set-cookie') ?? '').split(';')[0]!;
  }, 180_000);

  it('offers the last ended month and refuses the others with a sentence', async () => {
    const state = await books();
    expect(state.closed).toEqual([]);
    expect(state.next).toEqual({ month: last, refusal: null });
    expect(await refusal(await post(close, thisMonth, {}))).toEqual([
      409,
      'CONFLICT',
      expect.stringMatching(/has not ended yet in the shop's time zone/),
    ]);
    expect(await refusal(await post(close, monthBefore(monthBefore(last)), {}))).toEqual([
      409,
      'CONFLICT',
      expect.stringMatching(/^Not every day of .* is stored yet/),
    ]);
    expect(await refusal(await post(close, '2026-13', {}))).toEqual([
      400,
      'INVALID_REQUEST',
      expect.stringMatching(/YYYY-MM/),
    ]);
  });

  it('closes the month, shows it closed in the P&L, and reopens only with a reason', async () => {
    const closed = await post(close, last, { cancelled: 'exclude', samples: 'separate', costs: 'service' });
    expect(closed.status).toBe(200);
    const state = (await body<{ data: BooksState }>(closed)).data;
    expect(state.closed.map((c) => c.month)).toEqual([last]);
    expect(state.firstOpen).toBe(thisMonth);
    expect(state.basisWords).toBe(
      "cancelled orders left out, sample orders as a cost line, with the service's figures only",
    );
    expect(state.history[0]).toMatchObject({
      month: last,
      action: 'close',
      person: 'owner@demo.example',
      reason: null,
    });

    const pnl = await call(
      getPnl as never,
      `/api/dashboard/shops/${shop.id}/reports/pnl-by-month?range=custom&from=${last}-01&to=${localDayOf(Math.floor(Date.now() / 1000), shop.timezone)}`,
      {
        params: { shopId: shop.id },
        cookie,
        ip: freshIp(),
      },
    );
    const report = (await body<{ data: { report: { months: { month: string; closed?: { by: string } }[] } } }>(pnl))
      .data.report;
    expect(report.months.map((m) => [m.month, m.closed?.by ?? null])).toEqual([
      [last, 'owner@demo.example'],
      [thisMonth, null],
    ]);
    const adjustments = await call(getAdjustments as never, `/api/dashboard/shops/${shop.id}/books/adjustments`, {
      params: { shopId: shop.id },
      cookie,
      ip: freshIp(),
    });
    expect((await body<{ data: MonthAdjustments }>(adjustments)).data).toMatchObject({
      month: thisMonth,
      status: 'pending',
    });

    expect(await refusal(await post(close, last, {}))).toEqual([
      409,
      'CONFLICT',
      expect.stringMatching(/is already closed/),
    ]);
    // One sentence per wrong input, the field named once (missing, or too short alike).
    const reasonRefusal = [
      400,
      'INVALID_REQUEST',
      'reason: say why the month is reopened, in at least 3 words; it stays in the history',
    ];
    expect(await refusal(await post(reopen, last, {}))).toEqual(reasonRefusal);
    expect(await refusal(await post(reopen, last, { reason: 'oops' }))).toEqual(reasonRefusal);
    expect(await refusal(await post(reopen, monthBefore(last), { reason: 'we entered costs late' }))).toEqual([
      409,
      'CONFLICT',
      expect.stringMatching(/is not closed/),
    ]);
    const reopened = await post(reopen, last, { reason: 'we entered costs late' });
    expect(reopened.status).toBe(200);
    const after = (await body<{ data: BooksState }>(reopened)).data;
    expect(after.closed).toEqual([]);
    expect(after.history.map((h) => [h.action, h.reason])).toEqual([
      ['reopen', 'we entered costs late'],
      ['close', null],
    ]);
  });
});
