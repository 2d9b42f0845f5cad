import type { CostKindId } from '@/lib/costs/kinds';
import type { SearchedSkuReport, SkuReport } from './sku-report';

// The bottom line as a visible sum: from net sales, each cost by kind (the seller's kinds charged per
// unit or order line each on its own line, lib/costs/charges), to net profit of the orders,
// then the period lines (samples, refunds, the seller's whole-shop ad spend and expenses) to what the
// seller keeps. Every page, CSV and Excel names these figures with these words.

export const BRIDGE_LABELS = {
  netSales: 'Net sales',
  costOfGoods: 'Cost of goods',
  shipping: 'Shipping',
  platformFees: 'Platform fees',
  affiliateCommission: 'Affiliate commission',
  skuAdSpend: 'Ad spend on SKUs and products (yours)',
  allocatedCosts: 'Shop costs allocated to SKUs (yours)',
  netProfit: 'Net profit of orders',
  samples: 'Sample orders (marketing cost)',
  refunds: 'Refunds (daily totals)',
  shopAdSpend: 'Ad spend, whole shop (yours)',
  expenses: 'Other expenses (yours)',
  bottomLine: 'Bottom line',
} as const;

export type BridgeKey = keyof typeof BRIDGE_LABELS;

/** What the bottom line includes, in words: the same sentence wherever the figure is shown. */
export const BOTTOM_LINE_MEANS =
  'net profit of orders, minus sample orders, refunds, and your whole-shop ad spend and other expenses';

type PeriodKey = 'sampleCost' | 'refunds' | 'shopAdSpend' | 'expenses' | 'netProfitAfterRefunds';

export interface BridgeStep {
  /** A line of BRIDGE_LABELS, or `charged:<kind id>`: a kind charged per unit or order line (its label is the kind's). */
  key: BridgeKey | `charged:${string}`;
  label: string;
  /** Cents; costs are negative, so the steps between two totals add up to the next total. */
  value: number;
  /** 'total' rows are the sums of the rows before them since the previous total (net sales starts). */
  kind: 'start' | 'part' | 'total';
}

/**
 * The bridge of a SKU report. Optional parts (the seller's own costs, samples kept apart) appear only
 * when they count, so every row shown is a figure of this view; the parts always add up to the totals.
 * `charged`: the kinds charged per unit or order line in their P&L words (lib/costs/kinds'
 * CHARGED_KINDS; a page has them from the dashboard's frame, without the registry's schemas).
 */
export function profitBridge(
  report: Pick<SkuReport | SearchedSkuReport, 'totals' | 'switches' | PeriodKey>,
  charged: readonly { id: CostKindId; label: string }[],
): BridgeStep[] {
  const t = report.totals;
  const step = (key: BridgeKey, value: number, kind: BridgeStep['kind'] = 'part'): BridgeStep => ({
    key,
    label: BRIDGE_LABELS[key],
    value,
    kind,
  });
  const steps: BridgeStep[] = [
    step('netSales', t.netSales, 'start'),
    step('costOfGoods', t.costOfGoods),
    step('shipping', t.shipping),
    step('platformFees', t.platformFees),
    step('affiliateCommission', t.affiliateCommission),
  ];
  if (t.adSpend !== 0) steps.push(step('skuAdSpend', t.adSpend));
  if (t.allocatedCosts !== 0) steps.push(step('allocatedCosts', t.allocatedCosts));
  for (const kind of charged) {
    const value = t.chargedCosts[kind.id] ?? 0;
    if (value !== 0) steps.push({ key: `charged:${kind.id}`, label: kind.label, value, kind: 'part' });
  }
  steps.push(step('netProfit', t.netProfit, 'total'));
  // A search counts its SKUs alone: the period lines are the whole shop's (lib/reports/sku-report).
  if (report.netProfitAfterRefunds === null) return steps;
  if (!report.switches.includeSamples) steps.push(step('samples', report.sampleCost!));
  steps.push(step('refunds', report.refunds!));
  if (report.shopAdSpend) steps.push(step('shopAdSpend', report.shopAdSpend));
  if (report.expenses) steps.push(step('expenses', report.expenses));
  steps.push(step('bottomLine', report.netProfitAfterRefunds, 'total'));
  return steps;
}

/** The totals that do not equal the sum of the rows before them (empty when the bridge adds up). */
export function bridgeMismatches(steps: readonly BridgeStep[]): string[] {
  const out: string[] = [];
  let running = 0;
  for (const s of steps) {
    if (s.kind === 'start') running = s.value;
    else if (s.kind === 'part') running += s.value;
    else if (running !== s.value) out.push(`${s.label}: ${s.value}, but the rows above add up to ${running}`);
  }
  return out;
}
