import { sayer } from '@/lib/format/sentence';

// Your costs' sentences that carry a figure, each one whole template (lib/format/sentence's ICU
// subset), so a translator reads and reorders them here, never pieced together where they are
// shown (docs/ARCHITECTURE.md#the-persons-locale). Figures are values, written in the person's locale.

export const YOUR_COSTS_MESSAGES = {
  /** The ad spend form's title while one day's entry is edited. */
  editAdSpend: 'Edit ad spend of {day}',
  /** Under "Ad spend": the range, its entries and their total, then how spend is counted. */
  adSpendSummary:
    '{range}: {entries, plural, one {# entry} other {# entries}}, {total} in all. Spend on a SKU counts against that SKU, on a product is split over its SKUs by sales, on the whole shop is a period cost.',
  /** The ad spend list when the range has none. */
  adSpendEmpty: 'Nothing is entered from {range}. Add a day above or import a CSV.',
  /** An ad spend row, as its Edit and Delete buttons name it. */
  adSpendRow: 'ad spend of {amount} on {day}',
  /** A unit cost row, as its Edit and Delete buttons name it. */
  cogsRow: 'the unit cost of {sku} from {day}',
  /** Under the unit cost form's SKU: its price and the service's unit cost. */
  skuFigures:
    "Price {price, select, none {unknown} other {{price}}} · the service's unit cost: {cost, select, none {none} other {{cost}}}",
  /** An expense's share of one day, in the expenses list. */
  perDay: '≈ {amount} per day',
  /** The CSV dialog, when the chosen file is over the import's limit. */
  fileTooLarge: '{file} is {size}; the limit is {limit}. Split it by month and import each part.',
  /** Under a CSV preview's first hundred rows: how many more the file has. */
  moreRows: '…and {n, plural, one {# more row} other {# more rows}}.',
  /** Above a file's problems (`verb`: imported, restored). */
  rowErrors:
    '{n, plural, one {# problem} other {# problems}} in the file: nothing can be {verb} until {n, plural, one {it is} other {they are}} fixed.',
  /** Above a file's lines worth a look (`verb`: imported, restored). */
  rowWarnings:
    '{n, plural, one {# line} other {# lines}} to check: {n, plural, one {it is} other {they are}} {verb} as {n, plural, one {it is} other {they are}} unless you fix the file.',
  /** The SKU picker, no search typed: part of the catalog is listed. */
  skusShown: '{shown} of {total} SKUs shown — type to find the rest.',
  /** The SKU picker, a search with more matches than listed. */
  matchingShown: '{shown} of {total} matching SKUs shown — type more to narrow them.',
  /** The SKU picker, a search whose every match is listed. */
  skusMatch: '{total, plural, one {# SKU matches} other {# SKUs match}}.',
  /** A restore's preview: the backup's shop, currency and the dashboard version that wrote it. */
  backupOf:
    'A backup of {shop} ({currency}), made by dashboard {version, select, none {version unknown} other {{version}}}.',
  /** A restore's preview: what the file holds and what it replaces (lists of `kindCount`). */
  fileHolds: 'The file holds {holds}. Restoring replaces the {replaces} entered now. You can undo it in History.',
  /** One cost kind's count in a restore's preview, in the registry's words ("3 ad spend rows"). */
  kindCount: '{n, plural, one {# {one}} other {# {many}}}',
  /** The last two items of a list ("3 ad spend rows, 1 expense and 2 COGS entries"). */
  listAnd: '{items} and {last}',
  /** A restore whose rows name SKUs or products the shop does not have, and which. */
  unmatchedRows: '{n, plural, one {# row names} other {# rows name}} a SKU or product this shop does not have: {rows}.',
} as const satisfies Record<string, string>;

/** One of Your costs' sentences in words, in the person's locale. */
export const say = sayer(YOUR_COSTS_MESSAGES);
