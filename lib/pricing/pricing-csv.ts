import { ratioCell, type CsvColumn } from '@/lib/csv';
import { centsToDecimal } from '@/lib/format/money';
import type { ReplayFigures } from './replay';
import type { PricingReport } from './report';

// The what-if export: one row per SKU (its answers and its figures before → after), then one per
// month and the whole range. Amounts in major units with two decimals, margins as fractions.

export interface WhatIfExportRow {
  row: 'SKU' | 'Month' | 'Whole range';
  skuId: string;
  productName: string;
  sellerSku: string;
  skuName: string;
  month: string;
  listPrice: number | null;
  breakEvenPrice: number | null;
  targetPrice: number | null;
  before: ReplayFigures;
  after: ReplayFigures;
}

export function whatIfExportRows(report: PricingReport): WhatIfExportRow[] {
  const blank = { skuId: '', productName: '', sellerSku: '', skuName: '', month: '' };
  const none = { listPrice: null, breakEvenPrice: null, targetPrice: null };
  return [
    ...report.rows.map((r) => ({
      row: 'SKU' as const,
      ...blank,
      skuId: r.skuId,
      productName: r.productName,
      sellerSku: r.sellerSku,
      skuName: r.skuName,
      listPrice: r.model.listPrice,
      breakEvenPrice: r.answers.breakEvenPrice,
      targetPrice: r.answers.targetPrice,
      before: r.whatIf.before,
      after: r.whatIf.after,
    })),
    ...report.months.map((m) => ({
      row: 'Month' as const,
      ...blank,
      ...none,
      month: m.month,
      before: m.before,
      after: m.after,
    })),
    { row: 'Whole range' as const, ...blank, ...none, before: report.total.before, after: report.total.after },
  ];
}

const money = (cents: number | null) => (cents === null ? null : centsToDecimal(cents));
const margin = (f: ReplayFigures) => ratioCell(f.netSales === 0 ? null : f.netProfit / f.netSales);

export const whatIfCsvColumns: CsvColumn<WhatIfExportRow>[] = [
  { header: 'Row', value: (r) => r.row },
  { header: 'Product', value: (r) => r.productName },
  { header: 'Seller SKU', value: (r) => r.sellerSku },
  { header: 'SKU', value: (r) => r.skuName },
  { header: 'SKU id', value: (r) => r.skuId },
  { header: 'Month', value: (r) => r.month },
  { header: 'List price', value: (r) => money(r.listPrice), kind: 'money' },
  { header: 'Break-even price', value: (r) => money(r.breakEvenPrice), kind: 'money' },
  { header: 'Price for target margin', value: (r) => money(r.targetPrice), kind: 'money' },
  { header: 'Net sales before', value: (r) => money(r.before.netSales), kind: 'money' },
  { header: 'Net sales after', value: (r) => money(r.after.netSales), kind: 'money' },
  { header: 'Net profit before', value: (r) => money(r.before.netProfit), kind: 'money' },
  { header: 'Net profit after', value: (r) => money(r.after.netProfit), kind: 'money' },
  { header: 'Margin before', value: (r) => margin(r.before), kind: 'ratio' },
  { header: 'Margin after', value: (r) => margin(r.after), kind: 'ratio' },
];
