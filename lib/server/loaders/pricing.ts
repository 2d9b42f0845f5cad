import 'server-only';
import { readPricingLines } from '@/lib/pricing/read';
import { pricingModel, pricingReport, type PricingReport, type PricingSkuNames } from '@/lib/pricing/report';
import { EMPTY_SCENARIO, type Scenario } from '@/lib/pricing/replay';
import { parseChanges } from '@/lib/pricing/scenario';
import type { SavedScenario, ScenarioList } from '@/lib/pricing/scenario-schemas';
import type { SkuOverhead } from '@/lib/pricing/model';
import type { ReportEnvelope } from '@/lib/reports/envelope';
import { expectedFor } from '@/lib/reports/settlement-expected';
import { settlementForecast } from '@/lib/reports/settlement-report';
import { skuReport } from '@/lib/reports/sku-report';
import { getOrderStore } from '@/lib/store';
import { listScenarios, type PricingScenarioRow } from '@/lib/store/pricing-scenarios';
import { skuInfo } from '@/lib/store/reads';
import { dayCount } from '@/lib/time';
import type { PricingQuery } from '@/lib/views/pricing';
import type { ConnectedShop } from './shops';
import { costInputsFor, reportDeps, reportFrame } from './reports';

// The Pricing page's report (docs/ARCHITECTURE.md#pricing): the per-SKU model learned from the
// lookback's stored lines, its answers at the seller's target margin, and the what-if of the
// scenario in the URL. It reads; it never changes a stored or reported figure.

/** The scenario of a parsed view (its `changes` were checked by the view's field). */
export function scenarioOf(view: Pick<PricingQuery, 'changes' | 'elasticity'>): Scenario {
  const parsed = view.changes ? parseChanges(view.changes) : EMPTY_SCENARIO;
  if (typeof parsed === 'string') return { ...EMPTY_SCENARIO, elasticity: view.elasticity ?? null };
  return { ...parsed, elasticity: view.elasticity ?? null };
}

export async function loadPricing(shop: ConnectedShop, view: PricingQuery): Promise<ReportEnvelope<PricingReport>> {
  const d = await reportDeps();
  const [{ range, frame, countedDays }, costs, info] = await Promise.all([
    reportFrame(shop, view.range, d),
    costInputsFor(d, shop.id, { costs: view.costs, allocate: false }),
    skuInfo(d.store.db, shop.id),
  ]);
  const prices = new Map([...info].map(([sku, i]) => [sku, i.priceCents]));
  const [lines, skus, drift] = await Promise.all([
    readPricingLines(d.store.db, shop.id, range, prices, costs),
    skuReport(d, shop, range, { costs, countedDays }),
    view.settlement === 'expected'
      ? settlementForecast(d.store.db, shop.id, range, { lookbackDays: dayCount(range.from, range.to) })
      : null,
  ]);
  const overheads = new Map<string, SkuOverhead>();
  for (const r of skus.rows) {
    const charged = Object.values(r.chargedCosts).reduce((a, b) => a + b, 0);
    overheads.set(r.skuId, { adSpend: r.adSpend, other: r.allocatedCosts + charged });
  }
  const target = view.target / 100;
  const model = pricingModel(
    {
      lines,
      prices,
      overheads,
      refunds: skus.refunds,
      drift: drift ? (skuId) => expectedFor(drift.expected, skuId).ratios : null,
    },
    target,
  );
  const names = new Map<string, PricingSkuNames>(
    [...info].map(([id, i]) => [id, { productName: i.productName, skuName: i.skuName, sellerSku: i.sellerSku }]),
  );
  const report = pricingReport(model, scenarioOf(view), {
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
