import fc from 'fast-check';
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { buildJournal, MAX_JOURNAL_ROWS, type ConversionPeriod, type Journal } from '@/lib/reports/journal';
import { journalNumber, journalShopCode } from '@/lib/reports/journal-numbers';
import { accountKeys, accountsOf, type SavedAccount } from '@/lib/reports/journal-accounts';
import { journalFile, QUICKBOOKS_COLUMNS, XERO_COLUMNS } from '@/lib/reports/journal-files';
import { noFigures, periodLines, type PnlLineValue } from '@/lib/reports/pnl-lines';

// The journal of any statement: generated statements in the P&L by month's shape (every line and
// part of this version, extra parts of a group, the seller's cost kinds, adjustments to earlier
// months' lines, zero lines), generated account choices (this shop's, every shop's, not posted), file
// sizes, and conversions into a books currency over generated rate periods. Each part balances to the
// cent within the row limit and has a number of its own; each posted statement line is one journal
// line per rate period of its cents there, converted once, and nothing else is posted but the
// counter-entries (what the lines sum to, converted once a period) and the rounding; the Xero and
// QuickBooks files of each part parse back alone to their documented columns and balance; a line
// without an account refuses the journal, naming it.

const SHOP = 'shop-1';
const TEMPLATE = periodLines(noFigures(), 'mine', { orders: {}, refunds: undefined });
const LEAVES = TEMPLATE.filter(
  (l) => l.kind === 'part' || (l.kind === 'line' && !TEMPLATE.some((p) => p.key.startsWith(`${l.key}.`))),
).map((l) => l.key);

/** A statement: cents on its leaves, each line with parts their sum, each total the lines above it. */
function statementOf(
  cents: Map<string, number>,
  extraFees: number[],
  kinds: number[],
  adjustments: [string, number][],
): PnlLineValue[] {
  const lines: PnlLineValue[] = [];
  for (const l of TEMPLATE) {
    if (l.key === 'bottomLine') break;
    lines.push({ ...l, cents: cents.get(l.key) ?? 0 });
    if (l.key === 'fees')
      extraFees.forEach((c, i) =>
        lines.push({ key: `fees.extra${i}`, label: `Extra fee ${i}`, kind: 'part', cents: c }),
      );
    // More of the seller's cost kinds charged per unit or order, each a line (posted to expenses once mapped).
    if (l.key === 'yours.charged:fulfilment')
      kinds.forEach((c, i) =>
        lines.push({ key: `yours.charged:kind${i}`, label: `Kind ${i} (yours)`, kind: 'line', cents: c }),
      );
  }
  const reduce = (all: PnlLineValue[], total: string) => {
    let running = 0;
    for (const l of all) {
      const parts = all.filter((p) => p.kind === 'part' && p.key.startsWith(`${l.key}.`));
      if (l.kind === 'line' && parts.length > 0) l.cents = parts.reduce((a, p) => a + p.cents, 0);
      if (l.kind === 'line') running += l.cents;
      if (l.kind === 'total') l.cents = running;
    }
    all.push({ key: total, label: total, kind: 'total', cents: running });
  };
  reduce(lines, 'bottomLine');
  if (adjustments.length === 0) return lines;
  lines.push({ key: 'adjustments', label: 'Adjustments to closed months', kind: 'line', cents: 0 });
  for (const [key, c] of adjustments)
    lines.push({ key: `adjustments.${key}`, label: `Change to ${key}`, kind: 'part', cents: c });
  const adjusted = lines.filter((l) => l.key !== 'bottomLine');
  reduce(adjusted, 'bottomLine.adjusted');
  return adjusted;
}

const cents = fc.oneof(fc.constant(0), fc.integer({ min: -50_000_000, max: 50_000_000 }));
const statementArb = fc
  .record({
    leaves: fc.array(cents, { minLength: LEAVES.length, maxLength: LEAVES.length }),
    extraFees: fc.oneof(fc.array(cents, { maxLength: 5 }), fc.array(cents, { minLength: 250, maxLength: 700 })),
    kinds: fc.constant([] as number[]),
    adjustments: fc.uniqueArray(fc.tuple(fc.constantFrom(...LEAVES), cents), { maxLength: 8, selector: (a) => a[0] }),
  })
  .map(({ leaves, extraFees, kinds, adjustments }) =>
    statementOf(new Map(LEAVES.map((k, i) => [k, leaves[i]!])), extraFees, kinds, adjustments),
  );

const KEYS = accountKeys();
const savedArb: fc.Arbitrary<SavedAccount[]> = fc
  .uniqueArray(
    fc.record({
      key: fc.constantFrom(...KEYS),
      shopId: fc.constantFrom(SHOP, ''),
      code: fc.constantFrom('4000', '4999', 'SALES-1', '1.2', 'x'),
      notPosted: fc.boolean(),
      name: fc.option(fc.constantFrom('Sales, "online"', '=cmd', 'Fees')),
      taxRate: fc.option(fc.constantFrom('No VAT', 'BAS Excluded', '-Tax')),
    }),
    { maxLength: 30, selector: (r) => `${r.shopId}:${r.key.key}` },
  )
  .map((rows) =>
    rows.map((r) => ({
      shopId: r.shopId,
      key: r.key.key,
      code: r.notPosted && r.key.role === 'line' ? null : r.code,
      name: r.name,
      taxRate: r.taxRate,
      updatedAt: 0,
      updatedBy: 'test',
    })),
  );

/** `cents × rate`, rounded half away from zero: the conversion rule restated. */
function convert(c: number, rate: string): number {
  const [whole, decimals = ''] = rate.split('.');
  const scale = 10n ** BigInt(decimals.length);
  const product = BigInt(c) * BigInt(whole! + decimals);
  const magnitude = product < 0n ? -product : product;
  let q = magnitude / scale;
  if ((magnitude % scale) * 2n >= scale) q += 1n;
  return Number(product < 0n ? -q : q);
}

/** A conversion: the posted lines' cents cut at random over 1–40 rate periods (a daily rate is 31). */
const conversionArb = (lines: readonly PnlLineValue[]) => {
  const leaves = lines.filter(
    (l) => l.kind === 'part' || (l.kind === 'line' && !lines.some((p) => p.key.startsWith(`${l.key}.`))),
  );
  return fc
    .record({
      rates: fc.array(fc.constantFrom('1.27', '0.8571', '1.083333', '151.37', '1'), { minLength: 1, maxLength: 40 }),
      seed: fc.integer(),
    })
    .map(({ rates, seed }): ConversionPeriod[] => {
      let s = seed;
      const next = () => (s = (Math.imul(s, 1103515245) + 12345) >>> 0) / 2 ** 32;
      const periods = rates.map((rate, i) => ({
        rate: {
          id: `r${i}`,
          currency: 'GBP',
          target: 'USD',
          fromDay: `2026-02-${String(i + 1).padStart(2, '0')}`,
          rate,
        },
        from: `2026-02-${String(i + 1).padStart(2, '0')}`,
        to: `2026-02-${String(i + 1).padStart(2, '0')}`,
        cents: new Map<string, number>(),
      }));
      for (const l of leaves) {
        let left = l.cents;
        periods.forEach((p, i) => {
          const piece = i === periods.length - 1 ? left : Math.round(left * next());
          left -= piece;
          p.cents.set(l.key, piece);
        });
      }
      return periods;
    });
};

const parse = (text: string) => {
  expect(text.startsWith('\uFEFF')).toBe(true);
  const { data, errors, meta } = Papa.parse<Record<string, string>>(text.slice(1), {
    header: true,
    skipEmptyLines: true,
  });
  expect(errors).toEqual([]);
  return { data, fields: meta.fields ?? [] };
};
const toCents = (text: string) => {
  expect(text).toMatch(/^-?\d+\.\d{2}$/);
  return Math.round(Number(text) * 100);
};

/** Each part's two files, read alone: their columns, one journal number, balanced. */
function checkFiles(journal: Journal) {
  journal.parts.forEach((part, i) => {
    const xero = parse(journalFile(journal, i, 'xero', { shopName: 'Acme, "Home"', region: 'GB' }));
    expect(xero.fields).toEqual([...XERO_COLUMNS]);
    expect(xero.data.length).toBe(part.entries.length);
    expect(xero.data.length).toBeLessThanOrEqual(MAX_JOURNAL_ROWS);
    expect(xero.data.reduce((a, r) => a + toCents(r['*Amount']!), 0)).toBe(0);
    for (const [j, r] of xero.data.entries()) {
      expect(r['*Narration']).toBe(part.narration);
      expect(r['*Narration']!.startsWith(`${part.number} · `)).toBe(true);
      expect(r['*Narration']).toContain(`in ${journal.currency}`);
      expect(r['*Date']).toMatch(/^\d{1,2} [A-Z][a-z]{2} \d{4}$/);
      expect(r['*AccountCode']).toBe(part.entries[j]!.code);
      expect(r['*TaxRate']!.replace(/^'/, '')).toBe(part.entries[j]!.taxRate);
      expect([r.TrackingName1, r.TrackingOption1]).toEqual(['Shop', 'Acme, "Home"']);
    }
    const qbo = parse(journalFile(journal, i, 'quickbooks', { shopName: 'Acme', region: 'US' }));
    const converted = journal.currency !== journal.shopCurrency;
    expect(qbo.fields).toEqual([...QUICKBOOKS_COLUMNS, ...(converted ? ['Currency Code'] : [])]);
    let debits = 0;
    let credits = 0;
    for (const r of qbo.data) {
      expect(r['Journal No.']).toBe(part.number);
      expect(r['Journal Date']).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
      expect(r.Class).toBe('Acme');
      expect(r.Description!.startsWith('Acme: ')).toBe(true);
      if (converted) expect(r['Currency Code']).toBe(journal.currency);
      expect([r.Debits, r.Credits].filter((v) => v !== '').length).toBe(1);
      if (r.Debits) debits += toCents(r.Debits);
      if (r.Credits) credits += toCents(r.Credits);
      expect(toCents(r.Debits || r.Credits!)).toBeGreaterThan(0);
    }
    expect(debits).toBe(credits);
  });
  // Every part is a journal of its own: its own number.
  expect(new Set(journal.parts.map((p) => p.number)).size).toBe(journal.parts.length);
}

const SHOP_INFO = { name: 'Acme', code: 'GB1A2B3C' };
const isLeaf = (lines: readonly PnlLineValue[], l: PnlLineValue) =>
  l.kind === 'part' || (l.kind === 'line' && !lines.some((p) => p.key.startsWith(`${l.key}.`)));

describe('a journal of any statement and mapping', () => {
  it('balances in every part, posts each statement line once at its cents, and its files parse back', () => {
    fc.assert(
      fc.property(
        statementArb,
        savedArb,
        fc.oneof(fc.constant(MAX_JOURNAL_ROWS), fc.integer({ min: 3, max: 40 })),
        fc.constantFrom('open', 'closed') as fc.Arbitrary<'open' | 'closed'>,
        (lines, saved, maxRows, status) => {
          const account = accountsOf(saved, SHOP);
          const result = buildJournal({
            shop: SHOP_INFO,
            month: '2026-02',
            status,
            lines,
            account,
            defaultTaxRate: 'No VAT',
            currency: { shop: 'GBP' },
            maxRows,
          });
          if (!('journal' in result)) throw new Error(`unmapped: ${result.unmapped.map((k) => k.key).join(', ')}`);
          const { journal } = result;
          expect(journal.date).toBe('2026-02-28');
          expect(journal.currency).toBe('GBP');
          const posted = new Map<string, number>();
          let counter = 0;
          for (const [i, part] of journal.parts.entries()) {
            expect(part.entries.length).toBeLessThanOrEqual(maxRows);
            expect(part.entries.reduce((a, e) => a + e.amount, 0)).toBe(0);
            expect(part.narration.includes('DRAFT')).toBe(status === 'open');
            expect(part.number).toBe(
              `GB1A2B3C-202602${status === 'open' ? '-D' : ''}${journal.parts.length > 1 ? `-${i + 1}` : ''}`,
            );
            expect(part.number.length).toBeLessThanOrEqual(21);
            for (const e of part.entries) {
              expect(e.amount).not.toBe(0);
              expect(e.key).not.toBe('rounding');
              if (lines.some((l) => l.key === e.key)) {
                expect(posted.has(e.key)).toBe(false);
                posted.set(e.key, e.amount);
              } else counter += e.amount;
            }
          }
          // The independent recount: the finest lines, zero or not posted ones left out.
          let sum = 0;
          for (const l of lines) {
            const code = account(l.key.replace(/^adjustments\./, '')).code;
            const expected = isLeaf(lines, l) && l.cents !== 0 && code !== null ? -l.cents : undefined;
            expect({ key: l.key, amount: posted.get(l.key) }).toEqual({ key: l.key, amount: expected });
            if (expected !== undefined) sum += l.cents;
          }
          expect(counter).toBe(sum);
          if (maxRows === MAX_JOURNAL_ROWS) checkFiles(journal);
        },
      ),
      { numRuns: 150, seed: 20_261_127 },
    );
  });

  it('converted into the books currency: each line per rate period at its rate, counter-entries converted once, the rounding apart', () => {
    fc.assert(
      fc.property(
        statementArb.chain((lines) => fc.tuple(fc.constant(lines), conversionArb(lines))),
        savedArb,
        ([lines, periods], saved) => {
          const account = accountsOf(saved, SHOP);
          const result = buildJournal({
            shop: SHOP_INFO,
            month: '2026-02',
            status: 'closed',
            lines,
            account,
            defaultTaxRate: 'No VAT',
            currency: { shop: 'GBP', books: 'USD', periods },
          });
          if (!('journal' in result)) throw new Error(`unmapped: ${result.unmapped.map((k) => k.key).join(', ')}`);
          const { journal } = result;
          expect([journal.currency, journal.shopCurrency]).toEqual(['USD', 'GBP']);
          const rows = journal.parts.flatMap((p) => p.entries);
          for (const part of journal.parts) {
            expect(part.entries.reduce((a, e) => a + e.amount, 0)).toBe(0);
            expect(part.entries.length).toBeLessThanOrEqual(MAX_JOURNAL_ROWS);
            expect(part.entries.filter((e) => e.key === 'rounding').length).toBeLessThanOrEqual(1);
          }
          // Each posted line, period by period: its cents there converted once, named with the rate.
          const pieces = new Map<string, number[]>();
          for (const e of rows)
            if (lines.some((l) => l.key === e.key)) {
              expect(e.description).toMatch(/ · GBP -?\d+\.\d{2} at [\d.]+ \(GBP→USD rate from /);
              pieces.set(e.key, [...(pieces.get(e.key) ?? []), e.amount]);
            }
          for (const l of lines) {
            const code = account(l.key.replace(/^adjustments\./, '')).code;
            const expected =
              isLeaf(lines, l) && code !== null
                ? periods.map((p) => -convert(p.cents.get(l.key) ?? 0, p.rate.rate)).filter((c) => c !== 0)
                : [];
            expect({ key: l.key, amounts: (pieces.get(l.key) ?? []).sort() }).toEqual({
              key: l.key,
              amounts: expected.sort(),
            });
          }
          // The rounding is what converting the lines one by one left over: small.
          const rounding = rows.filter((e) => e.key === 'rounding').reduce((a, e) => a + Math.abs(e.amount), 0);
          expect(rounding).toBeLessThanOrEqual(rows.length);
          checkFiles(journal);
        },
      ),
      { numRuns: 40, seed: 20_261_129 },
    );
  });

  it('a long month (many fee parts, cost kinds and adjustments, daily rates) is cut into parts importable alone', () => {
    const long = statementOf(
      new Map(LEAVES.map((k, i) => [k, (i % 7) * 1_234 - 3_000])),
      Array.from({ length: 400 }, (_, i) => -(i + 1) * 17),
      Array.from({ length: 12 }, (_, i) => -(i + 1) * 101),
      LEAVES.slice(0, 30).map((k, i) => [k, (i + 1) * 53] as [string, number]),
    );
    const mapped: SavedAccount[] = Array.from({ length: 12 }, (_, i) => ({
      shopId: '',
      key: `yours.charged:kind${i}`,
      code: '6500',
      name: 'Own costs',
      taxRate: null,
      updatedAt: 0,
      updatedBy: 'test',
    }));
    const periods = fc.sample(conversionArb(long), { numRuns: 1, seed: 7 })[0]!;
    for (const currency of [{ shop: 'GBP' }, { shop: 'GBP', books: 'USD', periods }]) {
      const result = buildJournal({
        shop: SHOP_INFO,
        month: '2026-02',
        status: 'open',
        lines: long,
        account: accountsOf(mapped, SHOP),
        defaultTaxRate: 'No VAT',
        currency,
      });
      if (!('journal' in result)) throw new Error('unmapped');
      const rows = result.journal.parts.reduce((a, p) => a + p.entries.length, 0);
      expect(rows).toBeGreaterThan(MAX_JOURNAL_ROWS);
      expect(result.journal.parts.length).toBeGreaterThan(1);
      checkFiles(result.journal);
    }
  });

  it('refuses a statement with a line no account is set for, naming each such line', () => {
    fc.assert(
      fc.property(statementArb, fc.integer({ min: 1, max: 1_000_000 }), (lines, c) => {
        const bottom = lines.findIndex((l) => l.kind === 'total' && l.key.startsWith('bottomLine'));
        const withNew = [
          ...lines.slice(0, bottom),
          { key: 'yours.charged:storage', label: 'Storage (yours)', kind: 'line' as const, cents: -c },
          ...lines.slice(bottom),
        ];
        const result = buildJournal({
          shop: SHOP_INFO,
          month: '2026-03',
          status: 'open',
          lines: withNew,
          account: accountsOf([], SHOP),
          defaultTaxRate: 'Tax Exempt',
          currency: { shop: 'USD' },
        });
        expect(result).toEqual({
          unmapped: [{ key: 'yours.charged:storage', label: 'Storage (yours)', role: 'line' }],
        });
      }),
      { numRuns: 20, seed: 20_261_128 },
    );
  });
});

describe('journal numbers', () => {
  it('are unique per shop, month, draft mark and part, within QuickBooks’ 21 characters', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.string({ minLength: 0, maxLength: 24 }), { minLength: 2, maxLength: 8 }),
        (codes) => {
          const shops = codes.map((shopCode, i) => ({ id: `shop-${i}`, shopCode }));
          const shopCodes = shops.map(journalShopCode);
          const numbers = new Set<string>();
          let count = 0;
          // Distinct marketplace codes stay distinct once normalised (letters and digits, upper case).
          const normalised = new Set(
            codes.map((c) =>
              c
                .normalize('NFKD')
                .replace(/[^A-Za-z0-9]/g, '')
                .toUpperCase(),
            ),
          );
          if (normalised.size < codes.length || normalised.has('')) return;
          // Each shop's journal of each month, a draft or closed, in 1 to 12 parts.
          for (const [i, code] of shopCodes.entries())
            for (const [j, month] of ['2025-12', '2026-01', '2026-11'].entries())
              for (const draft of [true, false]) {
                const parts = [1, 2, 12][(i + j + (draft ? 1 : 0)) % 3]!;
                for (let part = 1; part <= parts; part++) {
                  const n = journalNumber(code, month, draft, part, parts);
                  expect(n.length).toBeLessThanOrEqual(21);
                  numbers.add(n);
                  count += 1;
                }
              }
          expect(numbers.size).toBe(count);
        },
      ),
      { numRuns: 200, seed: 20_261_130 },
    );
  });
});
