import 'server-only';
import type { ConnectedShop } from '@/lib/api/schemas';
import type { ProfitSwitches } from '@/lib/profit';
import { getOrderStore } from '@/lib/store';
import { getSyncEngine } from '@/lib/sync';
import type { ReportEnvelope, ReportFrame } from './envelope';
import { previousDayRange } from '@/lib/store/days';
import { resolveRange, type RangeInput } from '@/lib/time';
import { overviewReport, type Overview } from './overview';
import type { SkuViewQuery } from './queries';
import { skuReport, type SkuReport } from './sku-report';

// What the report routes answer: the report when the range is synced, and always the sync's
// progress. Opening a report for an unsynced range starts the sync and returns at once.


async function frame(shop: ConnectedShop, rangeInput: RangeInput, withPrevious = false) {
  const resolved = resolveRange(rangeInput, shop.timezone);
  const range = { from: resolved.from, to: resolved.to };
  const engine = await getSyncEngine();
  const ref = { id: shop.id, timezone: shop.timezone };
  // Missing or stale days start a background sync; the report answers from what is stored. The
  // current range is asked for first, so it is ready before the previous period is.
  const sync = await engine.ensure(ref, range);
  const previous = previousDayRange(range);
  if (withPrevious) await engine.ensure(ref, previous);
  const coverage = await engine.coverage(ref, range);
  return {
    range,
    previousCovered: withPrevious && (await engine.coverage(ref, previous)).complete,
    frame: {
      shop: { id: shop.id, name: shop.shopName, timezone: shop.timezone, currency: shop.currency },
      range: { ...range, timeZone: shop.timezone },
      coverage,
      sync,
    } satisfies ReportFrame,
  };
}

export async function loadSkuReport(
  shop: ConnectedShop,
  rangeInput: RangeInput,
  switches: ProfitSwitches,
  view: SkuViewQuery,
): Promise<ReportEnvelope<SkuReport>> {
  const { range, frame: f } = await frame(shop, rangeInput);
  if (!f.coverage.complete) return { ...f, report: null };
  const store = await getOrderStore();
  const report = await skuReport(store, shop.id, range, { switches, search: view.q, sort: { key: view.sort, dir: view.dir } });
  return { ...f, report };
}

export async function loadOverview(shop: ConnectedShop, rangeInput: RangeInput, switches: ProfitSwitches): Promise<ReportEnvelope<Overview>> {
  const { range, frame: f, previousCovered } = await frame(shop, rangeInput, true);
  if (!f.coverage.complete) return { ...f, report: null };
  return { ...f, report: await overviewReport(await getOrderStore(), shop.id, range, switches, { previousCovered }) };
}

export async function loadSyncStatus(shop: ConnectedShop, rangeInput: RangeInput | null, start: boolean) {
  const engine = await getSyncEngine();
  const ref = { id: shop.id, timezone: shop.timezone };
  if (!rangeInput) return { sync: await engine.progress(shop.id), coverage: null };
  const resolved = resolveRange(rangeInput, shop.timezone);
  const range = { from: resolved.from, to: resolved.to };
  const sync = start ? await engine.ensure(ref, range) : await engine.progress(shop.id);
  return { sync, coverage: await engine.coverage(ref, range) };
}
