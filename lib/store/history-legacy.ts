import {
  before,
  count,
  day,
  HISTORY_ACTIONS,
  money,
  text,
  type HistoryAction,
  type HistoryDetail,
  type HistoryValue,
  type HistoryValues,
} from '@/lib/costs/history';
import { KINDS } from '@/lib/costs/kinds';

// The history lines written as text before v21, read back into structured entries
// (lib/costs/history) by the sentences the store wrote then: amounts as "500.00", days as
// "2026-11-01", SKUs as "SKU <seller SKU>" (the id from the change's rows). A line none of them
// reads keeps its text, shown as it was.

const A = '(\\d+\\.\\d{2})';
const D = '(\\d{4}-\\d{2}-\\d{2})';
const cents = (amount: string) => Math.round(Number(amount) * 100);

/** What the line is of, read from its text alone, or null. */
type Reader = (m: RegExpMatchArray, skuId: string | null) => HistoryValues;

const sku = (sellerSku: string, skuId: string | null): HistoryValue => ({ sku: skuId ?? sellerSku, sellerSku });
const TARGET = '(for SKU (.+?)|for product (.+?)|for the whole shop)';
const target = (m: RegExpMatchArray, at: number, skuId: string | null): HistoryValues =>
  m[at + 1] !== undefined
    ? { on: text('sku'), sku: sku(m[at + 1]!, skuId) }
    : m[at + 2] !== undefined
      ? { on: text('product'), product: text(m[at + 2]!) }
      : { on: text('shop') };
const campaign = (c: string | undefined): HistoryValues => (c === undefined ? {} : { campaign: text(c) });
const CAMPAIGN = '(?: \\(campaign "(.*)"\\))?';

const REC = `(?:once on ${D}|(monthly|yearly) from ${D}(?: to ${D})?)`;
const recurrence = (m: RegExpMatchArray, at: number): HistoryValues =>
  m[at] !== undefined
    ? { recurrence: text('once'), startDay: day(m[at]!) }
    : {
        recurrence: text(m[at + 1]!),
        startDay: day(m[at + 2]!),
        ...(m[at + 3] !== undefined ? { endDay: day(m[at + 3]!) } : {}),
      };

const WHO = '(for every SKU|for SKU (.+?))';
const who = (m: RegExpMatchArray, at: number, skuId: string | null): HistoryValues =>
  m[at + 1] === undefined ? {} : { sku: sku(m[at + 1]!, skuId) };
const RATE = `1 ([A-Z]{3}) = ([\\d.]+) ([A-Z]{3}) from ${D}`;
const rate = (m: RegExpMatchArray, at: number): HistoryValues => ({
  currency: text(m[at]!),
  rate: text(m[at + 1]!),
  target: text(m[at + 2]!),
  day: day(m[at + 3]!),
});
const SPAN = `(?: \\(${D}(?: … ${D})?\\))?`;
const span = (m: RegExpMatchArray, at: number): HistoryValues => ({
  ...(m[at] !== undefined ? { from: day(m[at]!) } : {}),
  ...(m[at + 1] !== undefined ? { to: day(m[at + 1]!) } : {}),
});

/** "Added …" or "Deleted …": the same sentence of a create and a delete (the verb is the match's first group). */
const VERB = '(Added|Deleted)';
const verb = (m: RegExpMatchArray): HistoryAction => (m[1] === 'Added' ? 'create' : 'delete');

/** Each sentence the store wrote: its kind, its action (or the verb's), its pattern and how it reads. */
const LINES: readonly [string, HistoryAction | typeof verb, RegExp, Reader][] = [
  [
    'adSpend',
    verb,
    new RegExp(`^${VERB} ad spend ${A} on ${D} ${TARGET}${CAMPAIGN}$`),
    (m, id) => ({ amount: money(cents(m[2]!)), day: day(m[3]!), ...target(m, 4, id), ...campaign(m[7]) }),
  ],
  [
    'adSpend',
    'update',
    new RegExp(`^Changed ad spend ${A} on ${D} to ${A} on ${D} ${TARGET}${CAMPAIGN}$`),
    (m, id) => ({
      beforeAmount: money(cents(m[1]!)),
      beforeDay: day(m[2]!),
      amount: money(cents(m[3]!)),
      day: day(m[4]!),
      ...target(m, 5, id),
      ...campaign(m[8]),
    }),
  ],
  [
    'expenses',
    verb,
    new RegExp(`^${VERB} expense "(.*)" ${A} ${REC}$`),
    (m) => ({ name: text(m[2]!), amount: money(cents(m[3]!)), ...recurrence(m, 4) }),
  ],
  [
    'expenses',
    'update',
    new RegExp(`^Changed expense "(.*)" to "(.*)" ${A} ${REC}$`),
    (m) => ({ beforeName: text(m[1]!), name: text(m[2]!), amount: money(cents(m[3]!)), ...recurrence(m, 4) }),
  ],
  [
    'cogs',
    'create',
    new RegExp(`^Set the unit cost of SKU (.+) to ${A} from ${D}$`),
    (m, id) => ({ sku: sku(m[1]!, id), amount: money(cents(m[2]!)), day: day(m[3]!) }),
  ],
  [
    'cogs',
    'update',
    new RegExp(`^Changed the unit cost of SKU (.+) \\(${A} from ${D}\\) to ${A} from ${D}$`),
    (m, id) => ({
      sku: sku(m[1]!, id),
      beforeAmount: money(cents(m[2]!)),
      beforeDay: day(m[3]!),
      amount: money(cents(m[4]!)),
      day: day(m[5]!),
    }),
  ],
  [
    'cogs',
    'delete',
    new RegExp(`^Removed the unit cost ${A} of SKU (.+) from ${D}$`),
    (m, id) => ({ amount: money(cents(m[1]!)), sku: sku(m[2]!, id), day: day(m[3]!) }),
  ],
  [
    'fulfilment',
    verb,
    new RegExp(`^${VERB} fulfilment and packaging ${A} per (order|unit) ${WHO} from ${D}$`),
    (m, id) => ({ amount: money(cents(m[2]!)), per: text(m[3]!), ...who(m, 4, id), day: day(m[6]!) }),
  ],
  [
    'fulfilment',
    'update',
    new RegExp(
      `^Changed fulfilment and packaging ${A} per (order|unit) from ${D} to ${A} per (order|unit) ${WHO} from ${D}$`,
    ),
    (m, id) => ({
      beforeAmount: money(cents(m[1]!)),
      beforePer: text(m[2]!),
      beforeDay: day(m[3]!),
      amount: money(cents(m[4]!)),
      per: text(m[5]!),
      ...who(m, 6, id),
      day: day(m[8]!),
    }),
  ],
  ['rate', verb, new RegExp(`^${VERB} the rate ${RATE}$`), (m) => rate(m, 2)],
  [
    'rate',
    'update',
    new RegExp(`^Changed the rate ${RATE} to ${RATE}$`),
    (m) => ({ ...before(rate(m, 1)), ...rate(m, 5) }),
  ],
  [
    'adSpend',
    'import',
    new RegExp(`^Imported (\\d+) ad spend rows?${SPAN}(?:, replacing (\\d+) rows?)?$`),
    (m) => ({ count: count(Number(m[1])), ...span(m, 2), replaced: count(Number(m[4] ?? 0)) }),
  ],
  [
    'cogs',
    'import',
    new RegExp(`^Imported (\\d+) unit costs?${SPAN}(?:, replacing (\\d+) entr(?:y|ies))?$`),
    (m) => ({ count: count(Number(m[1])), ...span(m, 2), replaced: count(Number(m[4] ?? 0)) }),
  ],
];

/** "Restored a backup: 3 ad spend rows, 1 expense, …": every kind of the registry named, in its order. */
function restored(line: string): HistoryValues | null {
  const m = /^Restored a backup: (.*)$/.exec(line);
  if (!m) return null;
  const parts = m[1]!.split(', ');
  if (parts.length !== KINDS.length) return null;
  const values: HistoryValues = {};
  for (const [i, kind] of KINDS.entries()) {
    const p = /^(\d+) (.+)$/.exec(parts[i]!);
    const n = Number(p?.[1]);
    if (!p || p[2] !== (n === 1 ? kind.labels.one : kind.labels.many)) return null;
    values[kind.id] = count(n);
  }
  return values;
}

function read(line: string, skuId: string | null): Omit<HistoryDetail, 'undid'> | null {
  for (const [kind, action, pattern, values] of LINES) {
    const m = line.match(pattern);
    if (m) return { kind, action: typeof action === 'function' ? action(m) : action, values: values(m, skuId) };
  }
  const counts = restored(line);
  return counts ? { kind: 'backup', action: 'restore', values: counts } : null;
}

/** The SKU id of a change's rows, when they name one (the line names it by seller SKU). */
export function skuOfChanges(changes: string): string | null {
  try {
    const list = JSON.parse(changes) as {
      before: Record<string, unknown> | null;
      after: Record<string, unknown> | null;
    }[];
    const row = list.map((c) => c.after ?? c.before).find((r) => r && typeof r.sku_id === 'string');
    return row ? String(row.sku_id) : null;
  } catch {
    return null;
  }
}

/** A line written as text (and its action as stored) as a structured entry; its text kept when it cannot be read. */
export function readLegacyLine(line: string, action: string, skuId: string | null = null): HistoryDetail {
  const undone = /^Undid: (.*)$/.exec(line);
  const inner = undone ? read(undone[1]!, skuId) : null;
  if (undone && inner) return { kind: inner.kind, action: 'undo', values: {}, undid: inner };
  const entry = undone ? null : read(line, skuId);
  if (entry) return entry;
  const known = (HISTORY_ACTIONS as readonly string[]).includes(action) ? (action as HistoryAction) : 'update';
  return { kind: 'text', action: known, values: {}, text: line };
}
