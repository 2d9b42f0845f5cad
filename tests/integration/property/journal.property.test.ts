import fc from 'fast-check';
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { buildJournal } from '@/lib/reports/journal';
import { journalShopCode } from '@/lib/reports/journal-numbers';
import { accountKeys, accountsOf, defaultTaxRate } from '@/lib/reports/journal-accounts';
import { journalFile, QUICKBOOKS_COLUMNS, XERO_COLUMNS } from '@/lib/reports/journal-files';
import { pnlByMonth } from '@/lib/reports/pnl-by-month';
import { EVERY_SHOP, readAccountRows, writeAccountRows, type AccountChange } from '@/lib/store/account-map';
import { shiftDay } from '@/tests/support/oracle/recount';
import { monthsOf, recountPnlMonth } from '@/tests/support/oracle/pnl';
import { costsArb, runs, SEED, switchesArb, todayOf, toInputs } from './arbitraries';
import { propertyFixture } from '@/tests/support/property/fixture';

// A month's journal from the store, on both stores: for generated shops, months, switches, the
// seller's costs and account choices saved through the store (this shop's, every shop's, not
// posted, back to the default), every journal balances to the cent, and its lines sum, statement
// line by statement line, to the oracle's recount of that month (tests/support/oracle/pnl); a
// group's remainder line to the group's recount less its parts. Both files parse back to their
// columns, one of Debits and Credits a row, each balanced.

const KEYS = accountKeys();

describe.each([false, ...(process.env.TEST_DATABASE_URL ? [true] : [])])(
  "a month's journal from the store sums to the recount (postgres: %s)",
  (postgres) => {
    const fx = propertyFixture({ orders: 1_500, postgres, rawDays: 460 });

    const changeArb = fc.record({
      key: fc.constantFrom(...KEYS),
      every: fc.boolean(),
      choice: fc.constantFrom('account', 'not-posted', 'inherit'),
      code: fc.constantFrom('4000', '1210', 'X-9', '7.1'),
    });
    const caseArb = () =>
      fc.integer({ min: 0, max: fx.shops.length - 1 }).chain((i) => {
        const shop = fx.shops[i]!;
        const today = todayOf(shop.timezone);
        return fc.record({
          shop: fc.constant(shop),
          back: fc.integer({ min: 0, max: 13 }),
          switches: switchesArb,
          costs: costsArb(fx.raw.get(shop.id)!, today),
          changes: fc.array(changeArb, { maxLength: 12 }),
        });
      });

    it('balances, and its lines are the recount of the month, line by line', async () => {
      let postedLines = 0;
      await fc.assert(
        fc.asyncProperty(caseArb(), async ({ shop, back, switches, costs, changes }) => {
          const today = todayOf(shop.timezone);
          let first = `${today.slice(0, 7)}-01`;
          for (let i = 0; i < back; i++) first = `${shiftDay(first, -1).slice(0, 7)}-01`;
          const month = first.slice(0, 7);
          const lastDay = shiftDay(`${shiftDay(first, 40).slice(0, 7)}-01`, -1);
          const range = { from: first, to: lastDay < today ? lastDay : today };
          await fx.engine.sync(shop, range);
          const statement = await pnlByMonth({ store: fx.store, now: Date.now() }, shop, range, {
            switches,
            costs: costs ? toInputs(costs) : null,
          });
          const lines = statement.lines.map((l) => ({ key: l.key, label: l.label, kind: l.kind, cents: l.values[0]! }));

          // The choices go through the store as the mapping screen saves them.
          await fx.store.db.deleteFrom('st_account_map').execute();
          const writes = changes.map(({ key, every, choice, code }): AccountChange => {
            const shopId = every ? EVERY_SHOP : shop.id;
            if (choice === 'inherit') return { shopId, key: key.key, clear: true };
            const posted = choice === 'account' || key.role === 'contra';
            return { shopId, key: key.key, code: posted ? code : null, name: null, taxRate: posted ? 'No VAT' : null };
          });
          await writeAccountRows(fx.store.db, writes, 'owner@demo.example', Date.now());
          const account = accountsOf(await readAccountRows(fx.store.db, shop.id), shop.id);

          const result = buildJournal({
            shop: { name: shop.shopName, code: journalShopCode(shop) },
            month,
            status: 'open',
            lines,
            account,
            defaultTaxRate: defaultTaxRate(shop.shopRegion),
            currency: { shop: 'USD' },
          });
          if (!('journal' in result)) throw new Error(`unmapped: ${result.unmapped.map((k) => k.key).join(', ')}`);
          const { journal } = result;

          const posted = new Map<string, number>();
          for (const part of journal.parts) {
            expect(part.entries.reduce((a, e) => a + e.amount, 0)).toBe(0);
            for (const e of part.entries) if (lines.some((l) => l.key === e.key)) posted.set(e.key, e.amount);
          }
          postedLines += posted.size;
          const expected = recountPnlMonth(
            fx.raw.get(shop.id)!,
            monthsOf(range.from, range.to)[0]!,
            switches,
            costs,
          ).lines;
          for (const l of lines) {
            const parts = lines.filter((p) => p.kind === 'part' && p.key.startsWith(`${l.key}.`));
            const leaf = l.kind === 'part' || (l.kind === 'line' && parts.length === 0);
            if (!leaf) continue;
            // The recount has each figure but a group's remainder, which is the group less its parts.
            const group = l.key.split('.')[0]!;
            const recount = l.key.endsWith('.unsplit')
              ? (expected.get(group) ?? 0) -
                lines
                  .filter((p) => p.kind === 'part' && p.key.startsWith(`${group}.`) && p.key !== l.key)
                  .reduce((a, p) => a + (expected.get(p.key) ?? 0), 0)
              : (expected.get(l.key) ?? 0);
            const mapped = account(l.key).code !== null;
            expect({ key: l.key, amount: posted.get(l.key) ?? 0 }).toEqual({
              key: l.key,
              amount: mapped ? -recount : 0,
            });
          }

          for (const [i, part] of journal.parts.entries()) {
            const xero = Papa.parse<Record<string, string>>(
              journalFile(journal, i, 'xero', { shopName: shop.shopName, region: shop.shopRegion }).slice(1),
              { header: true, skipEmptyLines: true },
            );
            expect(xero.meta.fields).toEqual([...XERO_COLUMNS]);
            expect(xero.data.length).toBe(part.entries.length);
            expect(xero.data.reduce((a, r) => a + Math.round(Number(r['*Amount']) * 100), 0)).toBe(0);
            const qbo = Papa.parse<Record<string, string>>(
              journalFile(journal, i, 'quickbooks', { shopName: shop.shopName, region: shop.shopRegion }).slice(1),
              { header: true, skipEmptyLines: true },
            );
            expect(qbo.meta.fields).toEqual([...QUICKBOOKS_COLUMNS]);
            expect(qbo.data.every((r) => r['Journal No.'] === part.number && r.Class === shop.shopName)).toBe(true);
            const sum = (col: 'Debits' | 'Credits') =>
              qbo.data.reduce((a, r) => a + (r[col] ? Math.round(Number(r[col]) * 100) : 0), 0);
            expect(qbo.data.every((r) => (r.Debits === '') !== (r.Credits === ''))).toBe(true);
            expect(sum('Debits')).toBe(sum('Credits'));
          }
        }),
        { numRuns: runs(12), seed: SEED + 34, endOnFailure: true },
      );
      // Not a vacuous pass: the generated months had figures to post.
      expect(postedLines).toBeGreaterThan(50);
    }, 600_000);
  },
);
