import type { CostsView } from '@/lib/costs/types';
import type { ShopCostInputs } from '@/lib/costs/kinds';
import type { ProfitSwitches } from '@/lib/profit';
import type { DayRange } from '@/lib/time';
import { monthPieces } from '@/lib/store/month-cache';
import { partSums, refundParts } from '@/lib/store/part-sums';
import { skuInfo } from '@/lib/store/reads';
import { periodSums, type PeriodDeps, type ShopZone } from './period';
import {
  figuresOfReport,
  partsOfDays,
  periodLines,
  sampleCostOfGoodsOf,
  statementFrame,
  type PnlLineKind,
  type PnlLineValue,
} from './pnl-lines';
import { cogsRuleOf, skuReportOfSums } from './sku-report';
import { ratio } from './sums';

// The P&L by month (docs/ARCHITECTURE.md#pl-by-month): one column per calendar month of the range
// (the first and last may be partial months) and a total. Each month is the SKU report of its days
// and the refunds of those days, built by the same call as the SKU profit page (so every line equals
// that page's figure for the month), with the seller's whole-shop costs as period lines (never
// allocated: a statement shows them as costs of their own). The total column is the sum of the
// months; every line is additive, so it is also the range's figure.

/** The most months a statement shows (two years side by side). */
export const MAX_PNL_MONTHS = 24;

export interface PnlMonth {
  /** `YYYY-MM`, and the days of it in the range (shop-local). */
  month: string;
  from: string;
  to: string;
  netSales: number;
  /** Net sales of orders not settled yet (their fees may still change) and its share of net sales. */
  estimatedNetSales: number;
  estimatedShare: number | null;
  /** Counted order lines. */
  lines: number;
  /** Set when the month is closed (lib/reports/month-close): its column is the statement frozen then. */
  closed?: { at: number; by: string };
}

export interface PnlLine {
  key: string;
  label: string;
  kind: PnlLineKind;
  /** Cents per month, in the order of `months`. */
  values: number[];
  total: number;
}

export interface PnlByMonth {
  months: PnlMonth[];
  lines: PnlLine[];
  total: Omit<PnlMonth, 'month' | 'from' | 'to'>;
  switches: ProfitSwitches;
  costs: CostsView;
}

export interface PnlOptions {
  switches: ProfitSwitches;
  costs: ShopCostInputs | null;
  /** While the range is still being synced: the stored days (the seller's costs are placed on them only). */
  countedDays?: ReadonlySet<string> | null;
}

/** Lines always shown (the statement's frame), even when zero in every month. */
const ALWAYS = new Set([
  'sales.gross',
  'promos.seller',
  'sales.net',
  'cogs',
  'shipping',
  'fees',
  'affiliate',
  'netProfit',
  'refunds',
  'bottomLine',
]);

/** The months of a range, each with its days in the range (the first and last may be partial). */
export function pnlMonths(range: DayRange): { month: string; from: string; to: string }[] {
  return monthPieces(range.from, range.to).map(({ month, from, to }) => ({ month, from, to }));
}

/** The statement of the range's months, from the store. */
export async function pnlByMonth(
  deps: PeriodDeps,
  shop: ShopZone,
  range: DayRange,
  options: PnlOptions,
): Promise<PnlByMonth> {
  const columns = await monthColumns(deps, shop, range, options);
  return { ...statementOf(columns), switches: options.switches, costs: options.costs ? 'mine' : 'service' };
}

/** One column of the statement: a month's entry and every line of it (zero lines included). */
export interface PnlColumn {
  month: PnlMonth;
  lines: PnlLineValue[];
}

/** The range's month columns, each with every line (what a closed month freezes, lib/reports/month-close). */
export async function monthColumns(
  deps: PeriodDeps,
  shop: ShopZone,
  range: DayRange,
  options: PnlOptions,
): Promise<PnlColumn[]> {
  const db = deps.store.db;
  const [info, partRows, refundDays] = await Promise.all([
    skuInfo(db, shop.id),
    partSums(db, shop.id, range.from, range.to),
    refundParts(db, shop.id, range.from, range.to),
  ]);
  const cogs = cogsRuleOf(options.costs, info);
  const pieces = pnlMonths(range);
  // While the range is read, the days stored completely alone, as the overview counts them (periodSums).
  const counted = options.countedDays ?? null;
  const columns = await Promise.all(
    pieces.map(async (piece) => {
      const period = { from: piece.from, to: piece.to };
      const sums = await periodSums(deps, shop, period, { days: false, cogs, counted });
      const report = skuReportOfSums(period, sums, info, {
        switches: options.switches,
        costs: options.costs,
        countedDays: counted,
      });
      const parts = partsOfDays(
        partRows,
        refundDays,
        options.switches,
        (day) => day.startsWith(piece.month) && (!counted || counted.has(day)),
      );
      const month: PnlMonth = {
        month: piece.month,
        from: piece.from,
        to: piece.to,
        netSales: report.totals.netSales,
        estimatedNetSales: report.totals.estimatedNetSales,
        estimatedShare: report.totals.estimatedShare,
        lines: report.totals.lines,
      };
      const figures = figuresOfReport(report, sampleCostOfGoodsOf(sums.skus, options.switches));
      return { month, lines: periodLines(figures, report.costs, parts) };
    }),
  );
  return columns;
}

/** The statement of its month columns and their total. */
export function statementOf(
  columns: readonly { month: PnlMonth; lines: readonly PnlLineValue[] }[],
): Pick<PnlByMonth, 'months' | 'lines' | 'total'> {
  return {
    months: columns.map((c) => c.month),
    lines: mergeLines(columns.map((c) => c.lines)),
    total: totalOf(columns.map((c) => c.month)),
  };
}

/**
 * The months' lines side by side, by key, in the statement's order (lib/reports/pnl-lines; a key it
 * does not list, as the adjustments' lines, goes after the key it follows in its column); lines zero
 * everywhere dropped. A month's column may lack a line: a closed month's frozen statement has the
 * lines of its day, and only the first open month carries the adjustments. A line it lacks is zero
 * there, but a total it lacks is made as every total is, the sum of the lines above it, so "Net
 * profit of orders" and "Net profit including adjustments to closed periods" are right in every
 * month and in the total column.
 */
function mergeLines(months: readonly (readonly PnlLineValue[])[]): PnlLine[] {
  const frame = statementFrame('mine');
  const order: PnlLineValue[] = [];
  for (const lines of [frame, ...months]) {
    let at = 0;
    for (const line of lines) {
      const found = order.findIndex((l) => l.key === line.key);
      if (found >= 0) at = found + 1;
      else order.splice(at++, 0, line);
    }
  }
  // The statement's totals show even over months frozen before one of them existed.
  const shown = new Set([
    ...frame.filter((l) => l.kind === 'total').map((l) => l.key),
    ...months.flatMap((lines) => lines.map((l) => l.key)),
  ]);
  const byMonth = months.map((lines) => {
    const own = new Map(lines.map((l) => [l.key, l.cents]));
    const values = new Map<string, number>();
    let running = 0;
    for (const line of order) {
      const cents = own.get(line.key);
      if (line.kind === 'line') running += cents ?? 0;
      values.set(line.key, cents ?? (line.kind === 'total' ? running : 0));
    }
    return values;
  });
  // The first month's words win, as the frame's are the seller's cost view's (the cost of goods' words).
  const labels = new Map<string, string>();
  for (const lines of months) for (const l of lines) if (!labels.has(l.key)) labels.set(l.key, l.label);
  return order
    .filter((line) => shown.has(line.key))
    .map((line) => {
      const values = byMonth.map((m) => m.get(line.key) ?? 0);
      const label = labels.get(line.key) ?? line.label;
      return { key: line.key, label, kind: line.kind, values, total: values.reduce((a, v) => a + v, 0) };
    })
    .filter((l) => ALWAYS.has(l.key) || l.values.some((v) => v !== 0));
}

function totalOf(months: readonly PnlMonth[]): PnlByMonth['total'] {
  const netSales = months.reduce((a, m) => a + m.netSales, 0);
  const estimatedNetSales = months.reduce((a, m) => a + m.estimatedNetSales, 0);
  return {
    netSales,
    estimatedNetSales,
    estimatedShare: ratio(estimatedNetSales, netSales),
    lines: months.reduce((a, m) => a + m.lines, 0),
  };
}
