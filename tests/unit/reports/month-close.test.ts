import { lastDayOfMonth, monthAfter } from '@/lib/time';
import { describe, expect, it } from 'vitest';
import {
  adjustmentLines,
  closeRefusal,
  firstOpenMonth,
  pendingAdjustments,
  reopenRefusal,
  sourceWords,
} from '@/lib/reports/month-close';
import { basisWords } from '@/lib/format/books';
import type { PnlLineValue } from '@/lib/reports/pnl-lines';

describe('the chain of closed months', () => {
  it('counts months across years and their last days', () => {
    expect(monthAfter('2025-12')).toBe('2026-01');
    expect(monthAfter('2026-01')).toBe('2026-02');
    expect(lastDayOfMonth('2024-02')).toBe('2024-02-29');
    expect(lastDayOfMonth('2026-12')).toBe('2026-12-31');
    expect(firstOpenMonth([])).toBeNull();
    expect(firstOpenMonth(['2026-01', '2026-02'])).toBe('2026-03');
  });

  it('lets the first close be any ended, stored month, then only the next one', () => {
    expect(closeRefusal('2026-03', [], '2026-05-02', true)).toBeNull();
    expect(closeRefusal('2026-05', [], '2026-05-31', true)).toMatch(/has not ended yet/);
    expect(closeRefusal('2026-04', [], '2026-04-30', true)).toMatch(/May|has not ended/);
    expect(closeRefusal('2026-04', [], '2026-05-01', true)).toBeNull();
    expect(closeRefusal('2026-04', [], '2026-05-01', false)).toMatch(/Not every day of Apr 2026 is stored/);
    expect(closeRefusal('2026-04', ['2026-02'], '2026-05-01', true)).toBe(
      'Closed months follow each other: the next month to close is Mar 2026, not Apr 2026.',
    );
    expect(closeRefusal('2026-03', ['2026-02'], '2026-05-01', true)).toBeNull();
    expect(closeRefusal('2026-02', ['2026-02'], '2026-05-01', true)).toBe('Feb 2026 is already closed.');
  });

  it('reopens only the latest closed month', () => {
    expect(reopenRefusal('2026-03', ['2026-02', '2026-03'])).toBeNull();
    expect(reopenRefusal('2026-02', ['2026-02', '2026-03'])).toMatch(/reopen Mar 2026 first/);
    expect(reopenRefusal('2026-04', ['2026-02', '2026-03'])).toBe('Apr 2026 is not closed.');
  });

  it('says the basis in words', () => {
    expect(basisWords({ switches: { includeCancelled: false, includeSamples: false }, costs: 'mine' })).toBe(
      'cancelled orders left out, sample orders as a cost line, with your costs',
    );
  });
});

describe('adjustments to closed periods', () => {
  const item = (source: string, lineKey: string, cents: number) => ({ source, lineKey, cents });

  it('are what changed since the close and was not booked yet, per source and line', () => {
    const atClose = [
      item('order:1', 'fees', -100),
      item('order:2', 'fees', -50),
      item('refund-day:2026-03-03', 'refunds', -10),
    ];
    const now = [item('order:1', 'fees', -130), item('order:2', 'fees', -50), item('order:3', 'fees', -5)];
    const booked = [{ ...item('order:1', 'fees', -20), forMonth: '2026-03', bookedMonth: '2026-04' }];
    expect(pendingAdjustments('2026-03', now, atClose, booked, '2026-05')).toEqual([
      { source: 'order:1', lineKey: 'fees', cents: -10, forMonth: '2026-03', bookedMonth: '2026-05' },
      { source: 'order:3', lineKey: 'fees', cents: -5, forMonth: '2026-03', bookedMonth: '2026-05' },
      { source: 'refund-day:2026-03-03', lineKey: 'refunds', cents: 10, forMonth: '2026-03', bookedMonth: '2026-05' },
    ]);
  });

  it('show as a line with a part per statement line and the bottom line including them, only when nonzero', () => {
    const column: PnlLineValue[] = [
      { key: 'fees', label: 'Platform fees', kind: 'line', cents: -500 },
      { key: 'fees.transactionFee', label: 'Transaction fee', kind: 'part', cents: -500 },
      { key: 'refunds', label: 'Refunds (daily totals)', kind: 'line', cents: 0 },
      { key: 'bottomLine', label: 'Bottom line', kind: 'total', cents: 1000 },
    ];
    const adj = (lineKey: string, cents: number, forMonth = '2026-03') => ({
      source: 'order:1',
      lineKey,
      cents,
      forMonth,
      bookedMonth: '2026-04',
    });
    expect(adjustmentLines([], column)).toEqual([]);
    expect(adjustmentLines([adj('fees', 5), adj('fees', -5, '2026-02')], column)).toEqual([]);
    expect(
      adjustmentLines([adj('fees', -30), adj('fees.transactionFee', -30), adj('refunds', 12, '2026-02')], column),
    ).toEqual([
      { key: 'adjustments', label: 'Adjustments to closed periods', kind: 'line', cents: -18 },
      { key: 'adjustments.fees', label: 'Platform fees (Mar 2026)', kind: 'part', cents: -30 },
      { key: 'adjustments.refunds', label: 'Refunds (daily totals) (Feb 2026)', kind: 'part', cents: 12 },
      {
        key: 'bottomLine.adjusted',
        label: 'Net profit including adjustments to closed periods',
        kind: 'total',
        cents: 982,
      },
    ]);
  });

  it("show a sample's change part by part (cost of goods apart), and a month closed before the parts as the line", () => {
    const column: PnlLineValue[] = [
      { key: 'samples', label: 'Sample orders (marketing cost)', kind: 'line', cents: -900 },
      { key: 'samples.cogs', label: 'Cost of goods', kind: 'part', cents: -600 },
      { key: 'samples.marketplace', label: 'Shipping, fees and commission, less any sales', kind: 'part', cents: -300 },
      { key: 'bottomLine', label: 'Bottom line', kind: 'total', cents: 1000 },
    ];
    const adj = (lineKey: string, cents: number, forMonth: string) => ({
      source: 'order:9',
      lineKey,
      cents,
      forMonth,
      bookedMonth: '2026-04',
    });
    // March was itemised with the parts; February (closed before they existed) only by the line.
    const lines = adjustmentLines(
      [
        adj('samples', -70, '2026-03'),
        adj('samples.cogs', -50, '2026-03'),
        adj('samples.marketplace', -20, '2026-03'),
        adj('samples', 8, '2026-02'),
      ],
      column,
    );
    expect(lines.map((l) => [l.key, l.label, l.cents])).toEqual([
      ['adjustments', 'Adjustments to closed periods', -62],
      ['adjustments.samples', 'Sample orders (marketing cost) (Feb 2026)', 8],
      ['adjustments.samples.cogs', 'Sample orders (marketing cost): Cost of goods (Mar 2026)', -50],
      [
        'adjustments.samples.marketplace',
        'Sample orders (marketing cost): Shipping, fees and commission, less any sales (Mar 2026)',
        -20,
      ],
      ['bottomLine.adjusted', 'Net profit including adjustments to closed periods', 938],
    ]);
  });

  it('name their sources in words', () => {
    expect(sourceWords('order:5761234')).toBe('Order 5761234');
    expect(sourceWords('refund-day:2026-03-03')).toBe('Refunds of Mar 3, 2026');
    expect(sourceWords('adSpend:2026-03-02')).toBe('Ad spend of Mar 2, 2026');
    expect(sourceWords('expenses:2026-03-02')).toBe('Other expenses of Mar 2, 2026');
  });
});
