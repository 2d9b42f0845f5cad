import 'server-only';
import { createHash } from 'node:crypto';
import { ENTRY_BYTES } from '@/lib/config/cache-limits';
import { boundedCache, jsonBytes } from '@/lib/config/caches';
import { countLearning } from '@/lib/metrics';
import type { ShopCostInputs } from '@/lib/costs/kinds';
import { readPricingLines } from '@/lib/pricing/read';
import {
  pricingModel,
  pricingReport,
  type PricingModel,
  type PricingReport,
  type PricingSkuNames,
} from '@/lib/pricing/report';
import { EMPTY_SCENARIO, type Scenario } from '@/lib/pricing/replay';
import { parseChanges, resolveScenarioSkus, type ScenarioSku } from '@/lib/pricing/scenario';
import { DashboardError } from '@/lib/api/dashboard-error';
import type { SavedScenario, ScenarioList } from '@/lib/pricing/scenario-schemas';
import type { SkuOverhead } from '@/lib/pricing/model';
import type { ReportEnvelope } from '@/lib/reports/envelope';
import { expectedFor } from '@/lib/reports/settlement-expected';
import { settlementForecast } from '@/lib/reports/settlement-report';
import { skuReport } from '@/lib/reports/sku-report';
import { getOrderStore } from '@/lib/store';
import { deepFreeze } from '@/lib/upstream/cache';
import { keptForRange } from '@/lib/store/month-cache';
import type { OrderStore } from '@/lib/store/order-store';
import { listScenarios, type PricingScenarioRow } from '@/lib/store/pricing-scenarios';
import { skuInfo } from '@/lib/store/reads';
import { dayCount, type DayRange } from '@/lib/time';
import type { PricingQuery } from '@/lib/views/pricing';
import type { ConnectedShop } from './shops';
import { costInputsFor, reportDeps, reportFrame } from './reports';

// The Pricing page's report (docs/ARCHITECTURE.md#pricing): the per-SKU model learned from the
// lookback's stored lines, its answers at the seller's target margin, and the what-if of the
// scenario in the URL. It reads; it never changes a stored or reported figure.

/**
 * The scenario of a parsed view (its `changes` were checked by the view's field), every SKU it
 * names placed among the shop's by id or seller SKU: a SKU the shop does not have is a 400 naming it.
 */
function scenarioOf(view: Pick<PricingQuery, 'changes' | 'elasticity'>, skus: readonly ScenarioSku[]): Scenario {
  const parsed = view.changes ? parseChanges(view.changes) : EMPTY_SCENARIO;
  const resolved = typeof parsed === 'string' ? parsed : resolveScenarioSkus(parsed, skus);
  if (typeof resolved === 'string') throw new DashboardError('INVALID_REQUEST', `changes: ${resolved}`);
  return { all: resolved.all, skus: resolved.skus, elasticity: view.elasticity ?? null };
}

/** What a model is learned from besides the lookback's stored data: all of it compared by value. */
export interface PricingModelInputs {
  prices: ReadonlyMap<string, number | null>;
  /** The seller's costs (their COGS re-cost the lines), or null for the service's figures. */
  costs: ShopCostInputs | null;
  overheads: ReadonlyMap<string, SkuOverhead>;
  /** Σ refund days of the lookback (≤ 0). */
  refunds: number;
  settlement: 'expected' | 'reported';
  /** The target margin (a fraction of net sales). */
  target: number;
}

/**
 * The model learned from every stored line of the lookback (~10,000 for a quarter of the biggest
 * demo shop: 150–350 ms of payloads parsed and fees fitted). The expected drift learns from the
 * lookback itself, so the model reads no day outside it.
 */
export async function learnPricingModel(
  db: OrderStore['db'],
  shopId: string,
  range: DayRange,
  inputs: PricingModelInputs,
): Promise<PricingModel> {
  const [lines, drift] = await Promise.all([
    readPricingLines(db, shopId, range, inputs.prices, inputs.costs),
    inputs.settlement === 'expected'
      ? settlementForecast(db, shopId, range, { lookbackDays: dayCount(range.from, range.to) })
      : null,
  ]);
  const model = pricingModel(
    {
      lines,
      prices: inputs.prices,
      overheads: inputs.overheads,
      refunds: inputs.refunds,
      drift: drift ? (skuId) => expectedFor(drift.expected, skuId).ratios : null,
    },
    inputs.target,
  );
  // Shared by every ask once kept: frozen to its last line (a few ms once per learning).
  return deepFreeze(model);
}

/** Models kept until a month of their lookback is written (lib/store/month-cache), bounded by the bytes they hold. */
const keptModels = boundedCache<string, PricingModel>('pricingModels', {
  size: (model) => jsonBytes(model) * ENTRY_BYTES.pricingJsonByte,
});

/**
 * The learned model, kept per shop, lookback and inputs until one of the lookback's months is
 * written again: the page, its what-if and its export ask for the same model on every change of
 * scenario, search or sort. Inputs are named by a digest of their values (the seller's costs and
 * the catalog prices are read on every ask), so an edited cost or price is a new model at once.
 * A kept model is shared (frozen), and the report is built anew from it on every ask.
 */
export function keptPricingModel(
  db: OrderStore['db'],
  shopId: string,
  range: DayRange,
  inputs: PricingModelInputs,
): Promise<PricingModel> {
  const digest = createHash('sha256')
    .update(
      JSON.stringify([
        inputs.settlement,
        inputs.target,
        [...inputs.prices],
        inputs.costs?.cogs ?? null,
        [...inputs.overheads],
        inputs.refunds,
      ]),
    )
    .digest('base64url');
  return keptForRange(db, shopId, range, `pricing-model:${digest}`, keptModels, () => {
    countLearning('pricing-model');
    return learnPricingModel(db, shopId, range, inputs);
  });
}

export async function loadPricing(shop: ConnectedShop, view: PricingQuery): Promise<ReportEnvelope<PricingReport>> {
  const d = await reportDeps();
  const info = await skuInfo(d.store.db, shop.id);
  const scenario = scenarioOf(
    view,
    [...info].map(([skuId, i]) => ({ skuId, sellerSku: i.sellerSku })),
  );
  const [{ range, frame, countedDays }, costs] = await Promise.all([
    reportFrame(shop, view.range, d),
    costInputsFor(d, shop.id, { costs: view.costs, allocate: false }),
  ]);
  const prices = new Map([...info].map(([sku, i]) => [sku, i.priceCents]));
  const skus = await skuReport(d, shop, range, { costs, countedDays });
  const overheads = new Map<string, SkuOverhead>();
  for (const r of skus.rows) {
    const charged = Object.values(r.chargedCosts).reduce((a, b) => a + b, 0);
    overheads.set(r.skuId, { adSpend: r.adSpend, other: r.allocatedCosts + charged });
  }
  const target = view.target / 100;
  const model = await keptPricingModel(d.store.db, shop.id, range, {
    prices,
    costs,
    overheads,
    refunds: skus.refunds,
    settlement: view.settlement,
    target,
  });
  const names = new Map<string, PricingSkuNames>(
    [...info].map(([id, i]) => [
      id,
      { productId: i.productId, productName: i.productName, skuName: i.skuName, sellerSku: i.sellerSku },
    ]),
  );
  const report = pricingReport(model, scenario, {
    target,
    settlement: view.settlement,
    names,
    search: view.q ?? null,
    sort: { key: view.sort, dir: view.dir },
  });
  return { ...frame, report };
}

/** A stored scenario as the page reads it. */
export function scenarioOfRow(row: PricingScenarioRow): SavedScenario {
  return {
    id: row.id,
    name: row.name,
    changes: row.changes,
    elasticity: row.elasticity === null ? null : Number(row.elasticity),
    createdBy: row.created_by,
    createdAt: Number(row.created_at),
    updatedAt: Number(row.updated_at),
  };
}

/** The shop's saved scenarios, by name (docs/ARCHITECTURE.md#pricing). */
export async function loadScenarios(shop: ConnectedShop): Promise<ScenarioList> {
  const store = await getOrderStore();
  return { scenarios: (await listScenarios(store.db, shop.id)).map(scenarioOfRow) };
}
