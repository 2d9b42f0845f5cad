import { formatMoney, formatPercent } from '@/lib/format/money';
import { BRIDGE_LABELS } from '@/lib/reports/bridge';
import { SALES_REFUNDS_LABEL } from '@/lib/format/refund-labels';

// The short text beside each tool's structured answer (docs/ARCHITECTURE.md#the-mcp-server): what
// the answer covers in the seller's words — the shop, the range, the currency, the days not read
// yet and what is still estimated — and its headline figures. It reads only the answer the route
// gave (the hidden figures already left out for a person without costs and profit), so it cannot
// say a figure the structured answer does not carry.

type Json = Record<string, unknown>;

/** What a summary knows besides the answer: the shop (from the person's shop list) and their access. */
export interface SummaryContext {
  shop?: { name: string; currency: string };
  seesProfit: boolean;
  /** The tool's arguments as sent (the what-if's changes). */
  args: Record<string, string>;
}

const isObject = (v: unknown): v is Json => v !== null && typeof v === 'object' && !Array.isArray(v);
function at(value: unknown, path: string): unknown {
  return path.split('.').reduce<unknown>((o, key) => (isObject(o) ? o[key] : undefined), value);
}
const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);
const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
const text = (v: unknown): string => (typeof v === 'string' ? v : '');

/** A money figure in cents, or nothing when the answer does not carry it. */
function money(label: string, cents: unknown, currency: string): string | null {
  const c = num(cents);
  return c === null ? null : `${label} ${formatMoney(c, currency)}`;
}
const joined = (parts: readonly (string | null | undefined)[], glue = '; ') => parts.filter(Boolean).join(glue);
const units = (n: number, one: string, other = `${one}s`) => `${n.toLocaleString('en-US')} ${n === 1 ? one : other}`;

/** The frame of a report (lib/reports/envelope): shop, range, currency and what is not read yet. */
function reportFrame(data: unknown): { currency: string; sentence: string } {
  const currency = text(at(data, 'shop.currency'));
  const from = text(at(data, 'range.from'));
  const to = text(at(data, 'range.to'));
  const stored = num(at(data, 'coverage.daysStored'));
  const total = num(at(data, 'coverage.daysTotal'));
  const head = `${text(at(data, 'shop.name'))}, ${from} to ${to} (the shop's calendar), amounts in ${currency}.`;
  return { currency, sentence: `${head} ${readSentence(stored, total)}` };
}

function readSentence(stored: number | null, total: number | null): string {
  if (stored === null || total === null) return '';
  if (stored >= total) return `Every day of the range is read (${units(total, 'day')}).`;
  return `Not read yet: ${units(total - stored, 'day')} of ${total}; the figures cover only the ${units(stored, 'stored day')}, and opening this view in the dashboard reads the rest.`;
}

/** The frame of a list (orders, refunds): its range and coverage, the currency from the shop list. */
function listFrame(data: unknown, context: SummaryContext): { currency: string; sentence: string } {
  const currency = context.shop?.currency ?? '';
  const head = `${context.shop?.name ?? ''}, ${text(at(data, 'range.from'))} to ${text(at(data, 'range.to'))} (the shop's calendar), amounts in ${currency}.`;
  const read = readSentence(num(at(data, 'coverage.daysStored')), num(at(data, 'coverage.daysTotal')));
  const upstream =
    at(data, 'source') === 'upstream' ? 'Read from the marketplace now: these days are not stored yet.' : '';
  return { currency, sentence: joined([head, read, upstream], ' ') };
}

function estimatedSentence(share: unknown, context: SummaryContext): string | null {
  const s = num(share);
  if (!s) return null;
  return `${formatPercent(s)} of net sales is from orders not settled yet: ${context.seesProfit ? 'their fees are estimated and may still change' : 'their figures may still change'}.`;
}

const kpi = (data: unknown, key: string) => at(data, `report.kpis.${key}.value`);

export const SUMMARIES = {
  shops(data: unknown): string {
    const items = list(at(data, 'items'));
    const usable = items.map((s) => `${text(at(s, 'shopName'))} (id ${text(at(s, 'id'))}, ${text(at(s, 'currency'))})`);
    const unavailable = list(at(data, 'unavailable')).map(
      (s) => `${text(at(s, 'shopName'))}: ${text(at(s, 'reason'))}`,
    );
    return joined(
      [
        `${units(items.length, 'shop')} you may see: ${usable.join(', ') || 'none'}.`,
        unavailable.length ? `Not usable: ${unavailable.join('; ')}.` : null,
      ],
      ' ',
    );
  },

  overview(data: unknown, context: SummaryContext): string {
    const { currency, sentence } = reportFrame(data);
    const orders = num(kpi(data, 'orders'));
    const figures = joined([
      orders === null ? null : `Orders ${orders.toLocaleString('en-US')}`,
      money(BRIDGE_LABELS.netSales, kpi(data, 'netSales'), currency),
      money(BRIDGE_LABELS.netProfit, kpi(data, 'netProfit'), currency),
      money(context.seesProfit ? BRIDGE_LABELS.refunds : SALES_REFUNDS_LABEL, kpi(data, 'refunds'), currency),
      money(BRIDGE_LABELS.bottomLine, kpi(data, 'netProfitAfterRefunds'), currency),
    ]);
    return joined(
      [sentence, figures ? `${figures}.` : null, estimatedSentence(at(data, 'report.estimatedShare'), context)],
      ' ',
    );
  },

  periodTiles(data: unknown): string {
    const currency = text(at(data, 'shop.currency'));
    const tiles = list(at(data, 'report.tiles')).map((tile) => {
      const label = text(at(tile, 'label'));
      const [from, to] = [text(at(tile, 'range.from')), text(at(tile, 'range.to'))];
      const range = from === to ? from : `${from} to ${to}`;
      if (!isObject(at(tile, 'figures'))) return `${label} (${range}): not read yet`;
      const partial =
        (num(at(tile, 'daysStored')) ?? 0) < (num(at(tile, 'daysTotal')) ?? 0)
          ? `, ${num(at(tile, 'daysStored'))} of ${num(at(tile, 'daysTotal'))} days read`
          : '';
      const figures = joined(
        [
          money(BRIDGE_LABELS.netSales, at(tile, 'figures.netSales'), currency),
          money(BRIDGE_LABELS.netProfit, at(tile, 'figures.netProfit'), currency),
        ],
        ', ',
      );
      return `${label} (${range}${partial}): ${figures}`;
    });
    return `${text(at(data, 'shop.name'))}, amounts in ${currency}, on the shop's calendar. ${tiles.join('; ')}.`;
  },

  skuProfit(data: unknown): string {
    const { currency, sentence } = reportFrame(data);
    const rows = list(at(data, 'report.rows'));
    const search = text(at(data, 'report.search'));
    const losing = rows
      .filter((r) => (num(at(r, 'netProfit')) ?? 0) < 0)
      .sort((a, b) => (num(at(a, 'netProfit')) ?? 0) - (num(at(b, 'netProfit')) ?? 0));
    const name = (r: unknown) => text(at(r, 'sellerSku')) || text(at(r, 'skuName')) || text(at(r, 'skuId'));
    return joined(
      [
        sentence,
        `${units(rows.length, 'SKU')}${search ? ` matching "${search}"` : ''}: ${joined(
          [
            money(BRIDGE_LABELS.netSales, at(data, 'report.totals.netSales'), currency),
            money(BRIDGE_LABELS.netProfit, at(data, 'report.totals.netProfit'), currency),
          ],
          ', ',
        )}.`,
        losing.length
          ? `${units(losing.length, 'SKU')} lost money; the most: ${losing
              .slice(0, 3)
              .map((r) => `${name(r)} (${formatMoney(num(at(r, 'netProfit')) ?? 0, currency)})`)
              .join(', ')}.`
          : rows.length
            ? 'No SKU lost money.'
            : null,
        search
          ? 'A search counts its SKUs alone: the refunds, samples and shop costs are the whole shop’s view.'
          : null,
      ],
      ' ',
    );
  },

  orders(data: unknown, context: SummaryContext): string {
    const { sentence } = listFrame(data, context);
    const items = list(at(data, 'items'));
    const open = items.filter((o) => at(o, 'orderType') !== 'SETTLED').length;
    return joined(
      [
        sentence,
        `Page ${num(at(data, 'pagination.page')) ?? 1} of ${num(at(data, 'pagination.totalPages')) ?? 1}: ${units(items.length, 'order')} of ${num(at(data, 'pagination.total')) ?? items.length}.`,
        open
          ? `${units(open, 'order')} on this page not settled yet: ${context.seesProfit ? 'their fees are estimated' : 'their figures may still change'}.`
          : null,
      ],
      ' ',
    );
  },

  refunds(data: unknown, context: SummaryContext): string {
    const { currency, sentence } = listFrame(data, context);
    const value = num(at(data, 'totals.value'));
    const label = context.seesProfit ? BRIDGE_LABELS.refunds : SALES_REFUNDS_LABEL;
    return joined(
      [
        sentence,
        value === null ? null : `${label}: ${formatMoney(Math.round(value * 100), currency)} over the range.`,
        'Refunds are daily totals: they are not attributed to SKUs.',
      ],
      ' ',
    );
  },

  pnlByMonth(data: unknown, context: SummaryContext): string {
    const { currency, sentence } = reportFrame(data);
    const months = list(at(data, 'report.months'));
    const lines = list(at(data, 'report.lines'));
    const bottom = lines.find((l) => at(l, 'key') === 'bottomLine');
    return joined(
      [
        sentence,
        `${units(months.length, 'month')}: ${joined(
          [
            money(BRIDGE_LABELS.netSales, at(data, 'report.total.netSales'), currency),
            money(BRIDGE_LABELS.bottomLine, at(bottom, 'total'), currency),
          ],
          ', ',
        )} in total.`,
        estimatedSentence(at(data, 'report.total.estimatedShare'), context),
      ],
      ' ',
    );
  },

  settlement(data: unknown): string {
    const { currency, sentence } = reportFrame(data);
    const observed = num(at(data, 'report.observed.overall.orders'));
    const open = num(at(data, 'report.forecast.total.orders'));
    return joined(
      [
        sentence,
        observed === null ? null : `${units(observed, 'order')} of the range seen both estimated and settled.`,
        open === null
          ? null
          : `${units(open, 'order')} not settled yet: estimated net profit ${formatMoney(num(at(data, 'report.forecast.total.estimateNetProfit')) ?? 0, currency)}, expected once settled ${formatMoney(num(at(data, 'report.forecast.total.expectedNetProfit')) ?? 0, currency)}.`,
      ],
      ' ',
    );
  },

  pricing(data: unknown, context: SummaryContext): string {
    const { currency, sentence } = reportFrame(data);
    const rows = list(at(data, 'report.rows'));
    const target = num(at(data, 'report.target'));
    const below = rows.filter((r) => (num(at(r, 'answers.gapToTarget')) ?? 0) < 0).length;
    const changes = context.args.changes ?? '';
    const before = at(data, 'report.total.before');
    const after = at(data, 'report.total.after');
    return joined(
      [
        sentence,
        `Learned from the range's orders: ${units(rows.length, 'SKU')}${target === null ? '' : `, target margin ${formatPercent(target)}`}${below ? `; ${units(below, 'SKU')} priced below the target` : ''}.`,
        at(data, 'report.settlement') === 'expected'
          ? 'Orders not settled yet count at their expected settled figures.'
          : null,
        changes
          ? `What-if (${changes}): ${joined(
              [
                money(`${BRIDGE_LABELS.netSales} before`, at(before, 'netSales'), currency),
                money('after', at(after, 'netSales'), currency),
                money('net profit before', at(before, 'netProfit'), currency),
                money('after', at(after, 'netProfit'), currency),
              ],
              ', ',
            )}. A what-if is computed only; nothing is saved or changed.`
          : null,
      ],
      ' ',
    );
  },
} satisfies Record<string, (data: unknown, context: SummaryContext) => string>;
