import fc from 'fast-check';
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { buildJournal, MAX_JOURNAL_ROWS, type Journal } from '@/lib/reports/journal';
import { accountKeys, accountsOf, type SavedAccount } from '@/lib/reports/journal-accounts';
import { journalFile, QUICKBOOKS_COLUMNS, XERO_COLUMNS } from '@/lib/reports/journal-files';
import { periodLines, type PnlLineValue } from '@/lib/reports/pnl-lines';

// The journal of any statement: generated statements in the P&L by month's shape (every line and
// part of this version, extra parts of a group, adjustments to earlier months' lines, zero lines),
// generated account choices (this shop's, every shop's, not posted) and file sizes. Each part
// balances to the cent within the row limit; each posted statement line is one journal line of its
// negated cents and nothing else is posted; the counter-entries are what the lines sum to; the Xero
// and QuickBooks files parse back to their documented columns and balance; a line without an
// account refuses the journal, naming it.

const SHOP = 'shop-1';
const ZERO = {
  grossSales: 0,
  promos: 0,
  netSales: 0,
  costOfGoods: 0,
  shipping: 0,
  platformFees: 0,
  affiliateCommission: 0,
  samples: 0,
  sampleCostOfGoods: 0,
  refunds: 0,
  yours: {},
  bottomLine: 0,
};
const TEMPLATE = periodLines(ZERO, 'mine', { orders: {}, refunds: undefined });
const LEAVES = TEMPLATE.filter(
  (l) => l.kind === 'part' || (l.kind === 'line' && !TEMPLATE.some((p) => p.key.startsWith(`${l.key}.`))),
).map((l) => l.key);

/** A statement: cents on its leaves, each line with parts their sum, each total the lines above it. */
function statementOf(cents: Map<string, number>, extraFees: number[], adjustments: [string, number][]): PnlLineValue[] {
  const lines: PnlLineValue[] = [];
  for (const l of TEMPLATE) {
    if (l.key === 'bottomLine') break;
    lines.push({ ...l, cents: cents.get(l.key) ?? 0 });
    if (l.key === 'fees')
      extraFees.forEach((c, i) =>
        lines.push({ key: `fees.extra${i}`, label: `Extra fee ${i}`, kind: 'part', cents: c }),
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
    adjustments: fc.uniqueArray(fc.tuple(fc.constantFrom(...LEAVES), cents), { maxLength: 8, selector: (a) => a[0] }),
  })
  .map(({ leaves, extraFees, adjustments }) =>
    statementOf(new Map(LEAVES.map((k, i) => [k, leaves[i]!])), extraFees, adjustments),
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

const parse = (text: string) => {
  expect(text.startsWith('\uFEFF')).toBe(true);
  const { data, errors } = Papa.parse<Record<string, string>>(text.slice(1), { header: true, skipEmptyLines: true });
  expect(errors).toEqual([]);
  return data;
};
const toCents = (text: string) => {
  expect(text).toMatch(/^-?\d+\.\d{2}$/);
  return Math.round(Number(text) * 100);
};

function checkFiles(journal: Journal) {
  journal.parts.forEach((part, i) => {
    const xeroText = journalFile(journal, i, 'xero', { shopName: 'Acme, "Home"', region: 'GB' });
    expect(xeroText.slice(1).split('\r\n')[0]).toBe(XERO_COLUMNS.join(','));
    const xero = parse(xeroText);
    expect(xero.length).toBe(part.entries.length);
    expect(xero.length).toBeLessThanOrEqual(MAX_JOURNAL_ROWS);
    expect(xero.reduce((a, r) => a + toCents(r['*Amount']!), 0)).toBe(0);
    for (const [j, r] of xero.entries()) {
      expect(r['*Narration']).toBe(part.narration);
      expect(r['*Date']).toMatch(/^\d{1,2} [A-Z][a-z]{2} \d{4}$/);
      expect(r['*AccountCode']).toBe(part.entries[j]!.code);
      expect(r['*TaxRate']!.replace(/^'/, '')).toBe(part.entries[j]!.taxRate);
      expect([r.TrackingName1, r.TrackingOption1]).toEqual(['Shop', 'Acme, "Home"']);
    }
    const qbo = parse(journalFile(journal, i, 'quickbooks', { shopName: 'Acme', region: 'US' }));
    expect(Object.keys(qbo[0] ?? Object.fromEntries(QUICKBOOKS_COLUMNS.map((c) => [c, ''])))).toEqual([
      ...QUICKBOOKS_COLUMNS,
    ]);
    let debits = 0;
    let credits = 0;
    for (const r of qbo) {
      expect(r['Journal No.']).toBe(part.number);
      expect(r['Journal Date']).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
      expect([r.Debits, r.Credits].filter((v) => v !== '').length).toBe(1);
      if (r.Debits) debits += toCents(r.Debits);
      if (r.Credits) credits += toCents(r.Credits);
      expect(toCents(r.Debits || r.Credits!)).toBeGreaterThan(0);
    }
    expect(debits).toBe(credits);
  });
}

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
          const result = buildJournal({ shop: { name: 'Acme' }, month: '2026-02', status, lines, account, maxRows });
          if (!('journal' in result)) throw new Error(`unmapped: ${result.unmapped.map((k) => k.key).join(', ')}`);
          const { journal } = result;
          expect(journal.date).toBe('2026-02-28');
          const posted = new Map<string, number>();
          let counter = 0;
          for (const part of journal.parts) {
            expect(part.entries.length).toBeLessThanOrEqual(maxRows);
            expect(part.entries.reduce((a, e) => a + e.amount, 0)).toBe(0);
            expect(part.narration.includes('DRAFT')).toBe(status === 'open');
            expect(part.number.includes('DRAFT')).toBe(status === 'open');
            for (const e of part.entries) {
              expect(e.amount).not.toBe(0);
              if (lines.some((l) => l.key === e.key)) {
                expect(posted.has(e.key)).toBe(false);
                posted.set(e.key, e.amount);
              } else counter += e.amount;
            }
          }
          // The independent recount: the finest lines, zero or not posted ones left out.
          let sum = 0;
          for (const l of lines) {
            const leaf = l.kind === 'part' || (l.kind === 'line' && !lines.some((p) => p.key.startsWith(`${l.key}.`)));
            const code = account(l.key.replace(/^adjustments\./, '')).code;
            const expected = leaf && l.cents !== 0 && code !== null ? -l.cents : undefined;
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
          shop: { name: 'Acme' },
          month: '2026-03',
          status: 'open',
          lines: withNew,
          account: accountsOf([], SHOP),
        });
        expect(result).toEqual({
          unmapped: [{ key: 'yours.charged:storage', label: 'Storage (yours)', role: 'line' }],
        });
      }),
      { numRuns: 20, seed: 20_261_128 },
    );
  });
});
