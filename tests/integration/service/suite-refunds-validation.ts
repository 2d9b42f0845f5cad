import { describe, expect, it } from 'vitest';
import { refundDaySchema, shopSchema } from '@/lib/contract';
import { createClient, DEMO_HEADERS } from './client';
import type { DemoFixture } from './demo-fixture';
import { filterRefunds } from './oracle';

// Refunds and the parameter rules (docs/reporting-service.md, The endpoints and Limits): defaults, maxima, date ranges, and
// 400 INVALID_REQUEST naming the parameter for anything malformed.

const DAY = 86_400;

export function refundsAndValidationSuite(fixture: () => DemoFixture) {
  const main = () => fixture().shops.find((s) => s.accountId === fixture().demoAccountId && s.active)!.id;
  const opts = () => ({ headers: { ...DEMO_HEADERS, 'X-Shop-Id': main() } });
  const client = () => createClient(fixture().handler);

  describe('refunds (4.4)', () => {
    it('returns the refund days inside the inclusive range, newest first by default, ASC on request', async () => {
      const days = await fixture().refunds(main());
      expect(days.length).toBeGreaterThan(300);
      const latest = Math.max(...days.map((d) => d.date));
      const start = latest - 30 * DAY;
      for (const sort of ['DESC', 'ASC'] as const) {
        const expected = filterRefunds(days, start, latest, sort);
        const page = await client().ok(
          `refunds?startDate=${start}&endDate=${latest}&sort=${sort}&limit=100`,
          refundDaySchema,
          opts(),
        );
        expect(page.items).toEqual(expected);
        expect(page.pagination.total).toBe(expected.length);
      }
      const exact = days[10]!.date;
      expect((await client().ok(`refunds?startDate=${exact}&endDate=${exact}`, refundDaySchema, opts())).items).toEqual(
        [days[10]],
      );
      expect(
        (await client().ok(`refunds?startDate=${exact + 1}&endDate=${exact + 1}`, refundDaySchema, opts())).items,
      ).toEqual(filterRefunds(days, exact + 1, exact + 1));
    });

    it('pages with default limit 10 and an empty page past the end', async () => {
      const days = await fixture().refunds(main());
      const end = Math.max(...days.map((d) => d.date));
      const start = end - 366 * DAY;
      const expected = filterRefunds(days, start, end);
      const second = await client().ok(`refunds?startDate=${start}&endDate=${end}&page=2`, refundDaySchema, opts());
      expect(second.items).toEqual(expected.slice(10, 20));
      expect(second.pagination).toEqual({
        page: 2,
        limit: 10,
        total: expected.length,
        totalPages: Math.ceil(expected.length / 10),
      });
      const past = await client().ok(`refunds?startDate=${start}&endDate=${end}&page=1000`, refundDaySchema, opts());
      expect(past.items).toEqual([]);
      expect(past.pagination.total).toBe(expected.length);
    });

    it('requires both startDate and endDate', async () => {
      expect((await client().fails('refunds', 'INVALID_REQUEST', opts())).message).toMatch(/startDate.*endDate/);
      expect((await client().fails('refunds?startDate=0', 'INVALID_REQUEST', opts())).message).toMatch(/endDate/);
      expect((await client().fails('refunds?endDate=0', 'INVALID_REQUEST', opts())).message).toMatch(/startDate/);
    });
  });

  describe('date ranges (4.3, 4.4, 8)', () => {
    it.each(['orders-by-product', 'refunds'])('%s: at most 366 days, endDate not before startDate', async (path) => {
      const t = 1_700_000_000;
      const ok = await client().call(`${path}?startDate=${t}&endDate=${t + 366 * DAY}`, opts());
      expect(ok.response.status).toBe(200);
      const tooLong = await client().fails(
        `${path}?startDate=${t}&endDate=${t + 366 * DAY + 1}`,
        'INVALID_REQUEST',
        opts(),
      );
      expect(tooLong.message).toMatch(/endDate.*366 days/);
      const reversed = await client().fails(`${path}?startDate=${t}&endDate=${t - 1}`, 'INVALID_REQUEST', opts());
      expect(reversed.message).toMatch(/endDate/);
    });
  });

  describe('parameter validation', () => {
    const cases: Array<[string, string]> = [
      ['page=0', 'page'],
      ['page=-1', 'page'],
      ['page=1.5', 'page'],
      ['page=abc', 'page'],
      ['page=', 'page'],
      ['page=99999999999', 'page'],
      ['limit=0', 'limit'],
      ['limit=101', 'limit'],
      ['limit=1e2', 'limit'],
      ['limit=ten', 'limit'],
      ['startDate=yesterday', 'startDate'],
      ['startDate=-86400', 'startDate'],
      ['endDate=1.5', 'endDate'],
      ['sort=UP', 'sort'],
      ['sort=asc', 'sort'],
      ['orderType=PAID', 'orderType'],
      ['sampleOrder=maybe', 'sampleOrder'],
      ['limit=1&limit=2', 'limit'],
      ['status=A&status=B', 'status'],
      [`name=${'x'.repeat(201)}`, 'name'],
    ];
    it.each(cases)('orders-by-product?%s → 400 naming %s', async (q, name) => {
      const { message } = await client().fails(`orders-by-product?${q}`, 'INVALID_REQUEST', opts());
      expect(message).toMatch(new RegExp(`^${name}\\b|; ${name}\\b`));
    });

    it.each(['shops', 'products', 'refunds?startDate=0&endDate=86400'])(
      '%s validates page and limit too',
      async (path) => {
        const sep = path.includes('?') ? '&' : '?';
        expect((await client().fails(`${path}${sep}limit=500`, 'INVALID_REQUEST', opts())).message).toMatch(/^limit/);
        expect((await client().fails(`${path}${sep}page=zero`, 'INVALID_REQUEST', opts())).message).toMatch(/^page/);
      },
    );

    it('accepts limit=100 and ignores unknown parameters', async () => {
      const page = await client().ok('shops?limit=100&colour=blue&sort=sideways', shopSchema, opts());
      expect(page.pagination.limit).toBe(100);
    });
  });
}
