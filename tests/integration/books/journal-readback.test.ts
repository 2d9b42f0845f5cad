import Papa from 'papaparse';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Shop } from '@/lib/contract';
import { DEFAULT_SWITCHES } from '@/lib/profit';
import { accountKeys } from '@/lib/reports/journal-accounts';
import { createFxRate } from '@/lib/store/fx-rates';
import { routesFixture } from '@/tests/support/api/routes-fixture';
import { convertAt, recountPayout, recountStockOut } from '@/tests/support/oracle/payout';
import { monthsOf, recountPnlMonth } from '@/tests/support/oracle/pnl';
import { localDayOf, readShop, shiftDay, type RawShop } from '@/tests/support/oracle/recount';
import { DEMO_KEY, DEMO_SECRET } from '@/tests/support/sync/harness';
import { body, call, ORIGIN, signedInCookie, type ErrorEnvelope } from '../api/support';

// Every journal read back the way Xero and QuickBooks read it: each file of each part of each shop's
// journal of the last three months, downloaded through the route and parsed by its columns. Each
// balances to the cent; marketplace clearing is what the marketplace pays out for the month (net
// sales − fees − shipping − commission − refunds, recounted from the service's raw orders and refund
// days); inventory gives out the cost of goods sold and the samples' (a sample's cost of goods never
// goes to clearing); journal numbers are unique across shops, months and parts. With the books kept
// in USD, the GBP shop's journal is that month's statement converted at the stored rates, line by
// line and rate period by rate period (one rate, a rate changing mid-month, a rate a day: a journal
// of several parts), clearing the payout of each period converted, balanced by a rounding line; a
// day without a rate refuses the journal, naming the pair and the days. On both stores.

const { GET: journalRoute } = await import('@/app/api/dashboard/shops/[shopId]/exports/journal/route');
const { PUT: currencyRoute } = await import('@/app/api/dashboard/books/currency/route');

const DAY = 86_400;
type Row = Record<string, string>;
/** A file as an import reads it: UTF-8 with its BOM, then the CSV by its header. */
const parse = async (response: Response) => {
  const bytes = new Uint8Array(await response.arrayBuffer());
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const csv = Papa.parse<Row>(new TextDecoder().decode(bytes.subarray(3)), { header: true, skipEmptyLines: true });
  expect(csv.errors).toEqual([]);
  return csv;
};
const money = (text: string | undefined) => (text ? Math.round(Number(text) * 100) : 0);

/** The statement's words of each posted line (what a journal line's description starts with). */
const WORDS = new Map(
  accountKeys()
    .filter((k) => k.role === 'line')
    .map((k) => [k.label, k.key]),
);

describe.each([false, ...(process.env.TEST_DATABASE_URL ? [true] : [])])(
  'journals read back as the accounting tools read them (postgres: %s)',
  (postgres) => {
    const fixture = routesFixture({ orders: 1_500, postgres });
    let owner = '';
    const raw = new Map<string, RawShop>();
    const months = new Map<string, string[]>();

    const download = async (shop: Shop, month: string, format: 'xero' | 'quickbooks', part = 1) =>
      call(
        journalRoute,
        `/api/dashboard/shops/${shop.id}/exports/journal?month=${month}&format=${format}&part=${part}`,
        {
          params: { shopId: shop.id },
          cookie: owner,
        },
      );
    /** Every part of a journal in both formats: their rows, and the QuickBooks file's journal number. */
    async function journal(shop: Shop, month: string) {
      const first = await download(shop, month, 'xero');
      expect(first.status).toBe(200);
      const parts = Number(first.headers.get('x-journal-parts'));
      const out: { xero: Papa.ParseResult<Row>; qbo: Papa.ParseResult<Row> }[] = [];
      for (let part = 1; part <= parts; part++) {
        const xero = await parse(part === 1 ? first : await download(shop, month, 'xero', part));
        const qbo = await parse(await download(shop, month, 'quickbooks', part));
        out.push({ xero, qbo });
      }
      return out;
    }
    const setCurrency = (currency: string | null) =>
      call(currencyRoute, '/api/dashboard/books/currency', {
        method: 'PUT',
        cookie: owner,
        headers: { origin: ORIGIN, 'content-type': 'application/json' },
        body: JSON.stringify({ currency }),
      });

    beforeAll(async () => {
      owner = await signedInCookie();
      const now = Math.floor(Date.now() / 1000);
      const fetch = (request: Request) => fixture.svc.handler.handle(request, { clientIp: '127.0.0.1' });
      for (const shop of fixture.shops) {
        const today = localDayOf(now, shop.timezone);
        // The three months before this one.
        const first = `${shiftDay(`${today.slice(0, 7)}-01`, -75).slice(0, 7)}-01`;
        const last = shiftDay(`${today.slice(0, 7)}-01`, -1);
        months.set(
          shop.id,
          monthsOf(first, last).map((m) => m.month),
        );
        await fixture.engine.sync(shop, { from: first, to: today });
        raw.set(
          shop.id,
          await readShop(fetch, DEMO_KEY, DEMO_SECRET, shop.id, shop.timezone, now - 130 * DAY, now + DAY),
        );
      }
    }, 300_000);

    it('in the shop’s currency: balanced, clearing the payout, inventory the goods sold and given away, numbers unique', async () => {
      const numbers = new Map<string, string>();
      let samplesCogs = 0;
      for (const shop of fixture.shops)
        for (const month of months.get(shop.id)!) {
          const window = { from: `${month}-01`, to: shiftDay(`${shiftDay(`${month}-01`, 32).slice(0, 7)}-01`, -1) };
          const parts = await journal(shop, month);
          let clearing = 0;
          let inventory = 0;
          for (const { xero, qbo } of parts) {
            expect(xero.data.reduce((a, r) => a + money(r['*Amount']), 0)).toBe(0);
            expect(qbo.data.reduce((a, r) => a + money(r.Debits) - money(r.Credits), 0)).toBe(0);
            const number = qbo.data[0]!['Journal No.']!;
            expect(new Set(qbo.data.map((r) => r['Journal No.']))).toEqual(new Set([number]));
            expect(numbers.get(number)).toBeUndefined();
            numbers.set(number, `${shop.shopName} ${month}`);
            expect(number.length).toBeLessThanOrEqual(21);
            expect(xero.data[0]!['*Narration']).toContain(number);
            expect(qbo.data.every((r) => r.Class === shop.shopName)).toBe(true);
            for (const r of xero.data) {
              if (r['*AccountCode'] === '1210') clearing += money(r['*Amount']);
              if (r['*AccountCode'] === '1400') inventory += money(r['*Amount']);
              // A sample's cost of goods posts to its expense, against inventory (never clearing).
              if (r.Description?.startsWith('Sample orders (marketing cost): Cost of goods')) {
                expect(r['*AccountCode']).toBe('6400');
                samplesCogs += money(r['*Amount']);
              }
            }
          }
          const shopRaw = raw.get(shop.id)!;
          expect({ shop: shop.shopName, month, clearing }).toEqual({
            shop: shop.shopName,
            month,
            clearing: recountPayout(shopRaw, window, DEFAULT_SWITCHES),
          });
          const out = recountStockOut(shopRaw, window, DEFAULT_SWITCHES);
          expect({ shop: shop.shopName, month, inventory }).toEqual({
            shop: shop.shopName,
            month,
            inventory: out.sold + out.samples,
          });
        }
      expect(numbers.size).toBeGreaterThanOrEqual(fixture.shops.length * 3);
      // Not a vacuous pass: samples with a cost of goods were posted.
      expect(samplesCogs).toBeGreaterThan(0);
    }, 600_000);

    it('in the books currency: each line the statement converted at the stored rates, period by period, balanced', async () => {
      const shop = fixture.shops.find((s) => s.shopRegion === 'GB')!;
      const [m3, m2, m1] = months.get(shop.id)!;
      const db = fixture.store.db;
      // One rate a day through m3, then 1.27 from m2's first day and 1.3125 from its 15th (on through m1).
      const daily = monthsOf(`${m3}-01`, shiftDay(`${m2}-01`, -1))[0]!;
      for (let d = daily.from, i = 1; d <= daily.to; d = shiftDay(d, 1), i++)
        await createFxRate(db, {
          currency: 'GBP',
          target: 'USD',
          fromDay: d,
          rate: `1.2${String(i).padStart(2, '0')}7`,
        });
      await createFxRate(db, { currency: 'GBP', target: 'USD', fromDay: `${m2}-01`, rate: '1.27' });
      await createFxRate(db, { currency: 'GBP', target: 'USD', fromDay: `${m2}-15`, rate: '1.3125' });
      expect((await setCurrency('USD')).status).toBe(200);
      const rateOn = (day: string) => {
        if (day >= `${m2}-15`) return '1.3125';
        if (day >= `${m2}-01`) return '1.27';
        return `1.2${String(Number(day.slice(8))).padStart(2, '0')}7`;
      };
      const shopRaw = raw.get(shop.id)!;
      const numbers = new Set<string>();
      for (const month of [m3!, m2!, m1!]) {
        const last = shiftDay(`${shiftDay(`${month}-01`, 32).slice(0, 7)}-01`, -1);
        // The month's rate periods: the days sharing one rate.
        const periods: { from: string; to: string; rate: string }[] = [];
        for (let d = `${month}-01`; d <= last; d = shiftDay(d, 1)) {
          const p = periods.at(-1);
          if (p && p.rate === rateOn(d)) p.to = d;
          else periods.push({ from: d, to: d, rate: rateOn(d) });
        }
        const parts = await journal(shop, month);
        if (month === m3) expect(parts.length).toBeGreaterThan(1);
        const got = new Map<string, number>();
        let clearing = 0;
        for (const { xero, qbo } of parts) {
          expect(xero.data.reduce((a, r) => a + money(r['*Amount']), 0)).toBe(0);
          expect(qbo.meta.fields).toContain('Currency Code');
          expect(qbo.data.every((r) => r['Currency Code'] === 'USD')).toBe(true);
          expect(qbo.data.reduce((a, r) => a + money(r.Debits) - money(r.Credits), 0)).toBe(0);
          numbers.add(qbo.data[0]!['Journal No.']!);
          expect(xero.data[0]!['*Narration']).toContain('in USD, converted from GBP at your exchange rates');
          for (const r of xero.data) {
            const [words, converted] = r.Description!.split(' · GBP ');
            if (r['*AccountCode'] === '1210') clearing += money(r['*Amount']);
            if (!converted) continue;
            const rate = /at ([\d.]+) \(GBP→USD rate from /.exec(converted)![1]!;
            const key = `${WORDS.get(words!) ?? words} @ ${rate}`;
            got.set(key, (got.get(key) ?? 0) + money(r['*Amount']));
          }
        }
        // The statement of each period's days, recounted, its posted lines negated and converted once.
        const want = new Map<string, number>();
        for (const p of periods) {
          const lines = recountPnlMonth(shopRaw, { month, from: p.from, to: p.to }, DEFAULT_SWITCHES, undefined).lines;
          for (const key of WORDS.values()) {
            const group = key.split('.')[0]!;
            const cents = key.endsWith('.unsplit')
              ? (lines.get(group) ?? 0) -
                [...lines].filter(([k]) => k.startsWith(`${group}.`)).reduce((a, [, c]) => a + c, 0)
              : (lines.get(key) ?? 0);
            const amount = -convertAt(cents, p.rate);
            if (amount !== 0 && !key.startsWith('yours.')) want.set(`${key} @ ${p.rate}`, amount);
          }
        }
        expect(Object.fromEntries([...got].sort())).toEqual(Object.fromEntries([...want].sort()));
        if (parts.length === 1)
          expect(clearing).toBe(
            periods.reduce((a, p) => a + convertAt(recountPayout(shopRaw, p, DEFAULT_SWITCHES), p.rate), 0),
          );
      }
      expect(numbers.size).toBeGreaterThanOrEqual(4);
    }, 600_000);

    it('refuses a journal a rate is missing for, naming the pair and the days', async () => {
      const shop = fixture.shops.find((s) => s.shopRegion === 'DE')!;
      expect((await setCurrency('JPY')).status).toBe(200);
      const month = months.get(shop.id)![2]!;
      const answer = await download(shop, month, 'xero');
      expect(answer.status).toBe(409);
      const { error } = await body<ErrorEnvelope>(answer);
      expect(error.message).toMatch(/^Your books are kept in JPY, .* no EUR→JPY exchange rate for [A-Z][a-z]{2} 1 – /);
      expect(error.message).toMatch(/Nothing was exported\.$/);
      expect((await setCurrency(null)).status).toBe(200);
    });
  },
);
