import { sayer } from '@/lib/format/sentence';

// The digest e-mail's lines, each one whole template (lib/format/sentence's ICU subset) so a
// translator reads and reorders it here; its figures are values, written in the recipient's locale
// (docs/ARCHITECTURE.md#the-persons-locale).

export const DIGEST_MESSAGES = {
  /** The subject's and the body's first line: the shop and the period. */
  heading: '{shop}, {period}',
  subject: '{shop}, {period}: {headline}',
  headlineProfit: '{profit} net profit on {sales}',
  headlineSales: '{sales} net sales',
  /** The week of a weekly digest; a daily one is its day. */
  week: 'the week of {range}',
  netSales: 'Net sales: {amount}',
  netProfit: 'Net profit: {amount}',
  /** … with the change against the period's average (a whole percent, signed). */
  netSalesVs: 'Net sales: {amount} ({change}% vs the average {average})',
  netProfitVs: 'Net profit: {amount} ({change}% vs the average {average})',
  margin: 'Margin: {margin} (average {average})',
  lines: 'Order lines: {count}',
  refunds: 'Refunds: {amount}',
  topSkus: 'Top SKUs:',
  losingSkus: 'Losing SKUs:',
  skuLine: '  {sku}: {amount} net profit',
  watch: 'Watch: {clauses}',
  watchNothing: 'Watch: nothing open; the data is fresh.',
  books: 'Books: {clauses}.',
  skuProfitLink: 'SKU profit: {link}',
  overviewLink: 'Overview: {link}',
} as const satisfies Record<string, string>;

/** One of the digest's lines in words, in the recipient's locale. */
export const sayDigest = sayer(DIGEST_MESSAGES);
