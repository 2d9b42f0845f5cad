import 'server-only';
import type { ConnectedShop } from '@/lib/api/schemas';
import type { ProfitSwitches } from '@/lib/profit';
import { getOrderStore } from '@/lib/store';
import { estimateFirstRead, getSyncEngine } from '@/lib/sync';
import type { ReadEstimate } from '@/lib/sync/estimate';
import { DashboardError } from '@/lib/api/dashboard-error';
import { withLocale } from '@/lib/format/locale';
import { formatSentence } from '@/lib/format/sentence';
import { sayRead } from './read-messages';
import { resolveRange, type DayRange, type RangeInput } from '@/lib/time';
import type { ReportEnvelope, ReportFrame } from '@/lib/reports/envelope';
import { comparisonPeriod, overviewReport } from '@/lib/reports/overview';
import { periodFigures } from '@/lib/reports/period-figures';
import {
  monthElapsed,
  projectionBasis,
  projectMonth,
  tilePeriods,
  TILE_LABELS,
  type PeriodTile,
  type PeriodTiles,
  type TileKey,
} from '@/lib/reports/period-tiles';
import { dayCount, eachShopDay } from '@/lib/time';
import type { PeriodDeps } from '@/lib/reports/period';
import { DEFAULT_COST_VIEW, type CostViewOptions } from '@/lib/views/switches';
import type { SkuProfitQuery } from '@/lib/views/sku-profit';
import type { ShopCostInputs } from '@/lib/costs/kinds';
import { readCostInputs } from '@/lib/store/cost-inputs';
import { skuInfo } from '@/lib/store/reads';
import { searchedOrWhole, skuReport } from '@/lib/reports/sku-report';
import {
  withOverviewForecast,
  withSkuForecast,
  type OverviewWithForecast,
  type SkuReportWithForecast,
} from '@/lib/reports/settlement-apply';
import { settlementForecast } from '@/lib/reports/settlement-report';
import { refundPartsFor, seesProfit } from '../access';

// What the report routes answer: the report from what is stored (marked partial while the range
// is still being synced, with its coverage and the time its data was read), and the sync's
// progress. A GET changes nothing: it never starts a sync (a cross-site GET could), it tells the
// page `needsSync` (days of the range are not stored), and the page asks for the sync with POST /sync.

/** What a report reads, for the person being served (their refund parts: ../access). */
async function deps(): Promise<PeriodDeps> {
  const [store, refundParts] = await Promise.all([getOrderStore(), refundPartsFor()]);
  return { store, now: Date.now(), refundParts };
}

async function frame(shop: ConnectedShop, rangeInput: RangeInput, d: PeriodDeps, compare = false) {
  const resolved = resolveRange(rangeInput, shop.timezone, d.now);
  const range = { from: resolved.from, to: resolved.to };
  const engine = await getSyncEngine();
  const ref = { id: shop.id, timezone: shop.timezone };
  // The period the overview compares with (cut at the same elapsed time while today is in the range).
  const previous = comparisonPeriod(range, shop.timezone, d.now);
  const [{ coverage, days }, sync, previousCoverage] = await Promise.all([
    engine.storedDays(ref, range),
    engine.progress(shop.id),
    compare ? engine.coverage(ref, { from: previous.from, to: previous.to }) : null,
  ]);
  // While partial, the seller's own costs are placed on the stored days only, as every order figure is.
  const countedDays = coverage.complete ? null : days;
  return {
    range,
    countedDays,
    storedDays: days,
    previousCovered: previousCoverage?.complete ?? false,
    frame: {
      shop: { id: shop.id, name: shop.shopName, timezone: shop.timezone, currency: shop.currency },
      range: { ...range, timeZone: shop.timezone },
      coverage,
      sync,
      partial: !coverage.complete,
      // Missing days only: keeping stored days fresh is the refresh policy's (lib/sync/refresh).
      needsSync: !coverage.complete || (compare && previousCoverage?.complete === false),
    } satisfies ReportFrame,
  };
}

/** The seller's inputs a view counts: all of them, or none for the service-only view. */
export async function costInputsFor(
  d: PeriodDeps,
  shopId: string,
  view: CostViewOptions,
): Promise<ShopCostInputs | null> {
  return view.costs === 'mine' ? readCostInputs(d.store.db, shopId) : null;
}

/** The forecast of the range's open orders (`forecast=on`), or null: nothing is read when it is off. */
async function openForecast(d: PeriodDeps, shopId: string, range: DayRange, switches: ProfitSwitches, on: boolean) {
  return on ? (await settlementForecast(d.store.db, shopId, range, { switches })).forecast : null;
}

export async function loadSkuReport(
  shop: ConnectedShop,
  rangeInput: RangeInput,
  switches: ProfitSwitches,
  view: Pick<SkuProfitQuery, 'q' | 'sort' | 'dir'> & Partial<Pick<SkuProfitQuery, 'forecast'>>,
  costView: CostViewOptions = DEFAULT_COST_VIEW,
): Promise<ReportEnvelope<SkuReportWithForecast>> {
  const d = await deps();
  const [{ range, frame: f, countedDays }, costs] = await Promise.all([
    frame(shop, rangeInput, d),
    costInputsFor(d, shop.id, costView),
  ]);
  const [whole, forecast] = await Promise.all([
    skuReport(d, shop, range, {
      switches,
      search: view.q,
      sort: { key: view.sort, dir: view.dir },
      costs,
      allocate: costView.allocate,
      countedDays,
    }),
    openForecast(d, shop.id, range, switches, view.forecast === 'on'),
  ]);
  const report = searchedOrWhole(whole);
  return { ...f, report: forecast ? withSkuForecast(report, forecast) : report };
}

export async function loadOverview(
  shop: ConnectedShop,
  rangeInput: RangeInput,
  switches: ProfitSwitches,
  costView: CostViewOptions = DEFAULT_COST_VIEW,
  withForecast = false,
): Promise<ReportEnvelope<OverviewWithForecast>> {
  const d = await deps();
  const [{ range, frame: f, previousCovered, countedDays }, costs] = await Promise.all([
    frame(shop, rangeInput, d, true),
    costInputsFor(d, shop.id, costView),
  ]);
  const [full, forecast, ranks] = await Promise.all([
    overviewReport(d, shop, range, switches, { previousCovered, costs, allocate: costView.allocate, countedDays }),
    openForecast(d, shop.id, range, switches, withForecast),
    seesProfit(),
  ]);
  // The top and bottom SKUs are chosen and ordered by net profit: even with their figures left out,
  // the lists would rank SKUs by a figure a person without costs and profit may not see.
  const report = ranks ? full : { ...full, top: [], bottom: [] };
  return { ...f, report: forecast ? withOverviewForecast(report, forecast) : report };
}

/**
 * The sync's progress; with `start` (POST only), starts syncing the range (and its comparison
 * period). A long first read (lib/sync/estimate) starts only with `confirm`: without, it is refused
 * with its estimate in words (CONFIRM_LONG_READ) and nothing is read.
 */
export async function loadSyncStatus(
  shop: ConnectedShop,
  rangeInput: RangeInput | null,
  start: boolean,
  compare = false,
  retry = false,
  confirm = false,
) {
  const engine = await getSyncEngine();
  const ref = { id: shop.id, timezone: shop.timezone };
  if (!rangeInput) return { sync: await engine.progress(shop.id), coverage: null };
  const resolved = resolveRange(rangeInput, shop.timezone);
  const range = { from: resolved.from, to: resolved.to };
  if (start && !confirm) {
    const now = await engine.progress(shop.id);
    // A read of this range already under way (confirmed before, on this page or another) is not asked about again.
    const reading =
      now.running && now.range?.from !== undefined && now.range.from >= range.from && now.range.to <= range.to;
    const estimate = reading ? null : await estimateFirstRead(ref, range);
    if (estimate?.ask) throw new DashboardError('CONFIRM_LONG_READ', longReadQuestion(estimate));
  }
  let sync = start ? await engine.ensure(ref, range, { retry }) : await engine.progress(shop.id);
  if (start && compare) {
    const previous = comparisonPeriod(range, shop.timezone, Date.now());
    sync = await engine.ensure(ref, { from: previous.from, to: previous.to }, { why: 'comparison' });
  }
  return { sync, coverage: await engine.coverage(ref, range) };
}

/** The question a long first read asks, with its estimate: what is read, how many pages, how long. */
function longReadQuestion(estimate: ReadEstimate): string {
  const { range, firstOrderDay, days, pages, minutes } = estimate;
  const from = firstOrderDay
    ? sayRead('fromFirstOrder', { day: { day: firstOrderDay } })
    : sayRead('fromDay', { day: { day: range.from } });
  return sayRead('longRead', {
    range: { days: range },
    days: { count: days },
    from: { text: from },
    pages: { count: pages },
    minutes: { count: minutes },
  });
}

/** The report frame and its deps, shared with the All shops loader (one code path for every report). */
export { deps as reportDeps, frame as reportFrame };

/**
 * The overview's period tiles (today, yesterday, month to date, this month projected, last month)
 * from the store, framed over the days they need (last month's first to today), so the page syncs
 * those days and each tile says how much of it is stored.
 */
export async function loadPeriodTiles(
  shop: ConnectedShop,
  switches: ProfitSwitches,
  costView: CostViewOptions = DEFAULT_COST_VIEW,
): Promise<ReportEnvelope<PeriodTiles>> {
  const d = await deps();
  const periods = tilePeriods(d.now, shop.timezone);
  // The catalog is read once for the four periods (each tile's figures need it for the seller's COGS).
  const [{ frame: f, storedDays, countedDays }, costs, info] = await Promise.all([
    frame(shop, periods.all, d),
    costInputsFor(d, shop.id, costView),
    skuInfo(d.store.db, shop.id),
  ]);
  const options = { costs, allocate: costView.allocate, counted: countedDays, info };
  const tile = async (key: Exclude<TileKey, 'monthProjected'>): Promise<PeriodTile> => {
    const range = periods[key];
    const stored = eachShopDay(range.from, range.to).filter((day) => storedDays.has(day)).length;
    return {
      key,
      label: TILE_LABELS[key],
      range,
      // A tile's label names its whole period: its figures show once every day of it is stored,
      // never a total of the days read so far under "Last month".
      figures:
        stored === dayCount(range.from, range.to) ? await periodFigures(d, shop, range, switches, options) : null,
      daysStored: stored,
      daysTotal: dayCount(range.from, range.to),
    };
  };
  const [today, yesterday, monthToDate, lastMonth] = await Promise.all([
    tile('today'),
    tile('yesterday'),
    tile('monthToDate'),
    tile('lastMonth'),
  ]);
  const elapsed = monthElapsed(d.now, shop.timezone);
  const projected: PeriodTile = {
    key: 'monthProjected',
    label: TILE_LABELS.monthProjected,
    range: periods.month,
    figures:
      monthToDate.figures && monthToDate.daysStored === monthToDate.daysTotal
        ? projectMonth(monthToDate.figures, elapsed)
        : null,
    daysStored: monthToDate.daysStored,
    daysTotal: monthToDate.daysTotal,
    basis: withLocale('en-US', () => formatSentence(projectionBasis(elapsed))),
    elapsed,
  };
  return { ...f, report: { tiles: [today, yesterday, monthToDate, projected, lastMonth] } };
}
