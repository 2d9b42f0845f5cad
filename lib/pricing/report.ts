import type { Cents } from '@/lib/profit/money';
import { skuAnswers, type SkuAnswers } from './answers';
import { withExpectedDrift, type DriftRatios, type PricingLine } from './line';
import { feeBasisOf, shopShares, skuModel, type ShopShares, type SkuModel, type SkuOverhead } from './model';
import { replayScenario, type Scenario, type SkuReplayInput, type WhatIf } from './replay';

// The Pricing report (docs/ARCHITECTURE.md#pricing): per SKU its learned model and its answers,
// and the what-if of a scenario, all from the same lines (estimates moved by their expected
// settlement drift when `settlement` is 'expected'), so a price the answers give replays to what
// they promise.

export interface PricingInput {
  lines: readonly PricingLine[];
  prices: ReadonlyMap<string, Cents | null>;
  overheads: ReadonlyMap<string, SkuOverhead>;
  /** Σ refund days of the lookback (≤ 0). */
  refunds: Cents;
  /** Per SKU, its expected drift ratios (null: the lines as reported). */
  drift: ((skuId: string) => DriftRatios) | null;
}

export interface PricingSku {
  model: SkuModel;
  answers: SkuAnswers;
}

export interface PricingModel {
  shop: ShopShares;
  skus: PricingSku[];
  /** The lines' fees against the fee models, over every SKU: Σ|line − model| / Σ|line|. */
  feeFitError: number | null;
  /** Lines whose estimate was moved by the expected settlement drift. */
  adjustedLines: number;
  replayInputs: SkuReplayInput[];
}

const NO_OVERHEAD: SkuOverhead = { adSpend: 0, other: 0 };

export function pricingModel(input: PricingInput, target: number): PricingModel {
  const lines = input.drift ? input.lines.map((l) => withExpectedDrift(l, input.drift!(l.skuId))) : [...input.lines];
  const bySku = new Map<string, PricingLine[]>();
  for (const l of lines) {
    const list = bySku.get(l.skuId);
    if (list) list.push(l);
    else bySku.set(l.skuId, [l]);
  }
  const shop = shopShares(lines, input.refunds);
  const skus: PricingSku[] = [];
  const replayInputs: SkuReplayInput[] = [];
  let err = 0;
  let abs = 0;
  for (const [skuId, own] of [...bySku].sort(([a], [b]) => (a < b ? -1 : 1))) {
    const overhead = input.overheads.get(skuId) ?? NO_OVERHEAD;
    const listPrice = input.prices.get(skuId) ?? null;
    const model = skuModel(skuId, own, listPrice, overhead, shop);
    const replayInput: SkuReplayInput = { skuId, lines: own, listPrice, basis: feeBasisOf(model), overhead };
    skus.push({ model, answers: skuAnswers(replayInput, model, target) });
    replayInputs.push(replayInput);
    const feeAbs = own.reduce((a, l) => a + Math.abs(Object.values(l.fees).reduce((x, y) => x + y, 0)), 0);
    if (model.feeFitError !== null) {
      err += model.feeFitError * feeAbs;
      abs += feeAbs;
    }
  }
  return {
    shop,
    skus,
    feeFitError: abs === 0 ? null : err / abs,
    adjustedLines: lines.filter((l, i) => l !== input.lines[i]).length,
    replayInputs,
  };
}

export const whatIf = (model: PricingModel, scenario: Scenario): WhatIf => replayScenario(model.replayInputs, scenario);

/** A SKU's names, as the page shows them. */
export interface PricingSkuNames {
  productId: string;
  productName: string;
  skuName: string;
  sellerSku: string;
}

/** A SKU of the lookback, named: what the what-if's picker lists (every SKU, whatever the search). */
export interface PricingSkuName extends PricingSkuNames {
  skuId: string;
}

export interface PricingRow extends PricingSku, PricingSkuNames {
  skuId: string;
  whatIf: WhatIf['skus'][number];
}

export type PricingSortKey = 'gap' | 'netProfit' | 'margin' | 'breakEvenPrice' | 'sku';

export interface PricingReport {
  /** The target margin the answers aim at (fraction of net sales). */
  target: number;
  settlement: 'expected' | 'reported';
  shop: ShopShares;
  feeFitError: number | null;
  adjustedLines: number;
  rows: PricingRow[];
  /** Every SKU of the lookback by name (the search narrows the rows, not this list). */
  skus: PricingSkuName[];
  /** Every SKU's what-if added up (the search narrows the rows, not the scenario). */
  total: WhatIf['total'];
  months: WhatIf['months'];
  scenario: Scenario;
}

const sortValue = (r: PricingRow, key: PricingSortKey): number | string | null => {
  switch (key) {
    case 'gap':
      return r.answers.gapToTarget;
    case 'netProfit':
      return r.model.netProfit;
    case 'margin':
      return r.model.netSales === 0 ? null : r.model.netProfit / r.model.netSales;
    case 'breakEvenPrice':
      return r.answers.breakEvenPrice;
    case 'sku':
      return r.sellerSku || r.skuId;
  }
};

/** The page's report: rows named, narrowed by the search, sorted (SKUs without a figure last, ties by id). */
export function pricingReport(
  model: PricingModel,
  scenario: Scenario,
  options: {
    target: number;
    settlement: 'expected' | 'reported';
    names: ReadonlyMap<string, PricingSkuNames>;
    search: string | null;
    sort: { key: PricingSortKey; dir: 'asc' | 'desc' };
  },
): PricingReport {
  const replay = whatIf(model, scenario);
  const replayOf = new Map(replay.skus.map((s) => [s.skuId, s]));
  const needle = options.search?.trim().toLowerCase() ?? '';
  const nameOf = (skuId: string): PricingSkuNames =>
    options.names.get(skuId) ?? { productId: '', productName: skuId, skuName: '', sellerSku: '' };
  const rows: PricingRow[] = model.skus
    .map((s) => ({ ...s, ...nameOf(s.model.skuId), skuId: s.model.skuId, whatIf: replayOf.get(s.model.skuId)! }))
    .filter(
      (r) =>
        needle === '' || [r.productName, r.skuName, r.sellerSku, r.skuId].some((t) => t.toLowerCase().includes(needle)),
    );
  const sign = options.sort.dir === 'asc' ? 1 : -1;
  rows.sort((a, b) => {
    const x = sortValue(a, options.sort.key);
    const y = sortValue(b, options.sort.key);
    if (x !== y) {
      if (x === null) return 1;
      if (y === null) return -1;
      return (typeof x === 'string' && typeof y === 'string' ? x.localeCompare(y) : Number(x) - Number(y)) * sign;
    }
    return a.skuId < b.skuId ? -1 : 1;
  });
  return {
    target: options.target,
    settlement: options.settlement,
    shop: model.shop,
    feeFitError: model.feeFitError,
    adjustedLines: model.adjustedLines,
    rows,
    skus: model.skus
      .map((s) => ({ skuId: s.model.skuId, ...nameOf(s.model.skuId) }))
      .sort((a, b) => a.productName.localeCompare(b.productName) || a.sellerSku.localeCompare(b.sellerSku)),
    total: replay.total,
    months: replay.months,
    scenario,
  };
}
