import type { Kysely } from 'kysely';
import { DEFAULT_SWITCHES, type ProfitSwitches } from '@/lib/profit';
import type { StoreDatabase } from '@/lib/store/schema';
import { readSettlePairs, readStoredLines, snapshotsSince } from '@/lib/store/snapshots';
import { addDays, type DayRange } from '@/lib/time';
import { observedDrift, type ObservedDrift } from './settlement';
import { expectedDrift, type ExpectedDriftOptions, type ExpectedDriftSet } from './settlement-expected';
import { backtestDrift, forecastOpen, type Backtest, type Forecast } from './settlement-forecast';

// A shop's settlement figures over a range of shop-local days, read from the store at once: what
// was observed for the range's orders, what to expect, the forecast of its open orders, the backtest.

export interface SettlementReport {
  range: DayRange;
  /** The days the expected drift learns from: `lookbackDays` up to the range's last day. */
  learnedFrom: DayRange;
  /** The earliest snapshot (ms): drift is observed from then on; null before the first sync that took one. */
  snapshotsSince: number | null;
  /** Orders of the range seen in both states. */
  observed: ObservedDrift;
  expected: ExpectedDriftSet;
  /** The range's open (unsettled or draft) orders. */
  forecast: Forecast;
  /** Over the range's orders seen in both states. */
  backtest: Backtest;
}

/** A SKU's names, as the Settlement page shows them. */
export interface SkuName {
  productName: string;
  skuName: string;
  sellerSku: string;
}

/** The Settlement endpoint's report: the figures and the names of the SKUs they mention. */
export type SettlementData = SettlementReport & {
  skus: Record<string, SkuName>;
};

/**
 * A person's settlement check: which stored days' orders settled since the last check. `checked`:
 * those days were read again (the reports include them); `rereading`: still being read when the
 * server stopped waiting (the page waits for the sync); `failed`: the re-read stopped (`error`, the
 * sync status's words); `busy`: the shop was syncing, nothing was checked.
 */
export interface SettlementCheck {
  state: 'checked' | 'rereading' | 'failed' | 'busy';
  changedDays: string[];
  requests: number;
  error: string | null;
}

export interface SettlementReportOptions extends ExpectedDriftOptions {
  /** Days of orders the expected drift learns from, ending at the range's last day (default 90). */
  lookbackDays?: number;
  switches?: ProfitSwitches;
  /** How many orders the observed drift explains (default 10). */
  top?: number;
}

/** The days the expected drift learns from: `lookbackDays` (default 90) up to the range's last day. */
const learnedFromOf = (range: DayRange, options: SettlementReportOptions): DayRange => ({
  from: addDays(range.to, -((options.lookbackDays ?? 90) - 1)),
  to: range.to,
});

/**
 * The expected drift and the forecast of the range's open orders alone (what the SKU profit and
 * overview pages add with `forecast=on`): the range's own pairs, its observed drift and backtest
 * are not read.
 */
export async function settlementForecast(
  db: Kysely<StoreDatabase>,
  shopId: string,
  range: DayRange,
  options: SettlementReportOptions = {},
): Promise<Pick<SettlementReport, 'learnedFrom' | 'expected' | 'forecast'>> {
  const switches = options.switches ?? DEFAULT_SWITCHES;
  const learnedFrom = learnedFromOf(range, options);
  const [learnPairs, learnLines, open] = await Promise.all([
    readSettlePairs(db, shopId, learnedFrom.from, learnedFrom.to, switches),
    readStoredLines(db, shopId, learnedFrom.from, learnedFrom.to, { switches }),
    readStoredLines(db, shopId, range.from, range.to, { openOnly: true, switches }),
  ]);
  const expected = expectedDrift(learnPairs, learnLines, options);
  return { learnedFrom, expected, forecast: forecastOpen(open, expected) };
}

/** The days a report of `range` reads: the range and the lookback its expected drift learns from. */
export function settlementReportSpan(range: DayRange, options: SettlementReportOptions = {}): DayRange {
  const learnedFrom = learnedFromOf(range, options);
  return { from: learnedFrom.from < range.from ? learnedFrom.from : range.from, to: range.to };
}

/** The report's figures: everything but the shop's earliest snapshot, read from the days of settlementReportSpan alone. */
export async function settlementFigures(
  db: Kysely<StoreDatabase>,
  shopId: string,
  range: DayRange,
  options: SettlementReportOptions = {},
): Promise<Omit<SettlementReport, 'snapshotsSince'>> {
  const switches = options.switches ?? DEFAULT_SWITCHES;
  const [pairs, ahead] = await Promise.all([
    readSettlePairs(db, shopId, range.from, range.to, switches),
    settlementForecast(db, shopId, range, options),
  ]);
  return {
    range,
    observed: observedDrift(pairs, { top: options.top }),
    ...ahead,
    backtest: backtestDrift(pairs, options),
  };
}

export async function settlementReport(
  db: Kysely<StoreDatabase>,
  shopId: string,
  range: DayRange,
  options: SettlementReportOptions = {},
): Promise<SettlementReport> {
  const [since, figures] = await Promise.all([
    snapshotsSince(db, shopId),
    settlementFigures(db, shopId, range, options),
  ]);
  return { ...figures, snapshotsSince: since };
}
