import type { CogsImportPreview, CogsImportRow } from './cogs-import';
import { count, day, money, text } from './history';
import type { KindImport } from './kind-import';

// Unit costs' CSV import as the one import dialog shows it (lib/costs/kind-import): what the file
// holds (lib/costs/cogs-import reads it), the template the endpoint makes (every SKU with its unit
// cost today), the preview (each SKU's unit cost before → after). The kind's `import` (lib/costs/kind-cogs).

export const COGS_TEMPLATE_FROM_NOTE =
  'In the template, from is the day each of your unit costs already starts, and blank where you have none: fill in the first day the cost applies. Orders from that day on count it, so a day in the past changes the profit of the orders since then.';

/** "2, 5 and 9": the lines, when few enough to read. */
const lineList = (rows: readonly number[]) =>
  rows.length === 1 ? String(rows[0]) : `${rows.slice(0, -1).join(', ')} and ${rows.at(-1)}`;

export const COGS_IMPORT: KindImport<CogsImportRow, CogsImportPreview> = {
  endpoint: 'POST shops/[shopId]/your-costs/cogs/import',
  title: 'Import unit costs from a CSV',
  intro:
    "One line per SKU and first day: from that day, orders of the SKU count your unit cost instead of the service's. A SKU's unit cost already set on that day is replaced. The whole file is one change in the Your costs history, undone as one.",
  columns: [
    { name: 'seller_sku', meaning: 'your seller SKU (or a sku_id column with the SKU id); required' },
    { name: 'unit_cost', meaning: 'your cost of one unit, like 4.10 (or "unit cost"); a blank one is skipped' },
    { name: 'from', meaning: 'the first day it applies, YYYY-MM-DD (or "from_date"); required' },
  ],
  template: {
    download: 'GET shops/[shopId]/your-costs/cogs/import',
    lineNote: 'every SKU with its unit cost today',
    note: COGS_TEMPLATE_FROM_NOTE,
  },
  button: 'Import {n, plural, one {# unit cost} other {# unit costs}}',
  table: {
    label: 'Unit costs to import',
    columns: [
      {
        label: 'SKU',
        role: 'title',
        cell: (r) => ({
          message: '{sku}',
          values: { sku: { sku: r.skuId, sellerSku: r.sellerSku || null } },
          note: r.productName,
        }),
      },
      {
        label: 'Unit cost',
        role: 'lead',
        num: true,
        cell: (r) => ({
          message:
            "{before, select, none {none} other {{before}}}{source, select, service { (the service's)} yours { (yours)} other {}} → {after}",
          values: {
            ...(r.unitCostBeforeCents === null ? {} : { before: money(r.unitCostBeforeCents) }),
            ...(r.unitCostBeforeSource ? { source: text(r.unitCostBeforeSource) } : {}),
            after: money(r.unitCostCents),
          },
        }),
      },
      {
        label: 'From',
        role: 'detail',
        nowrap: true,
        cell: (r) => ({
          message: '{day}',
          values: { day: day(r.fromDay) },
          note: r.replacesCogsEntry ? '(replaces yours of that day)' : null,
        }),
      },
    ],
  },
  summary: (p) => ({
    message:
      '{count, plural, one {# unit cost} other {# unit costs}} to import.{unchanged, plural, =0 {} one { # line{lines, select, none {} other { (line {lines})}} leaves its unit cost as it is (yours is already that amount on that day, or none is given): not imported.} other { # lines{lines, select, none {} other { (lines {lines})}} leave their unit cost as it is (yours is already that amount on that day, or none is given): not imported.}}',
    values: {
      count: count(p.rows.length),
      unchanged: count(p.unchanged.length),
      ...(p.unchanged.length > 0 && p.unchanged.length <= 10 ? { lines: text(lineList(p.unchanged)) } : {}),
    },
  }),
};
