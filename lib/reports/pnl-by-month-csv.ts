import { ratioCell, type CsvColumn } from '@/lib/csv';
import { centsToDecimal } from '@/lib/format/money';
import type { PnlByMonth, PnlLine } from './pnl-by-month';
import { ESTIMATED_LABEL, monthHeading, PNL_KIND_WORDS } from './pnl-words';

// The P&L by month export, CSV or Excel: one row per line of the statement (its stable key, its
// words, what kind of line it is), a column per month and the total, amounts in major units;
// with `share=on`, each amount is followed by its share of that month's net sales. The last row is
// the net sales still estimated (orders not settled), so a file says what the page says.

const ratio = (part: number, whole: number) => ratioCell(whole === 0 ? null : part / whole);

/** The statement's rows: its lines, then the estimated net sales of each month. */
export function pnlRows(report: PnlByMonth): PnlLine[] {
  return [
    ...report.lines,
    {
      key: 'memo.estimatedNetSales',
      label: ESTIMATED_LABEL,
      kind: 'memo',
      values: report.months.map((m) => m.estimatedNetSales),
      total: report.total.estimatedNetSales,
    },
  ];
}

export function pnlColumns(report: PnlByMonth, withShare: boolean): CsvColumn<PnlLine>[] {
  const money = (header: string, cents: (l: PnlLine) => number, netSales: number): CsvColumn<PnlLine>[] => [
    { header, value: (l) => centsToDecimal(cents(l)), kind: 'money' },
    ...(withShare
      ? [
          {
            header: `${header}, share of net sales`,
            value: (l: PnlLine) => ratio(cents(l), netSales),
            kind: 'ratio' as const,
          },
        ]
      : []),
  ];
  return [
    { header: 'Line key', value: (l) => l.key },
    { header: 'Line', value: (l) => l.label },
    { header: 'Kind', value: (l) => PNL_KIND_WORDS[l.kind] },
    ...report.months.flatMap((m, i) => money(monthHeading(m), (l) => l.values[i] ?? 0, m.netSales)),
    ...money('Total', (l) => l.total, report.total.netSales),
  ];
}
