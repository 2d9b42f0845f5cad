import { partLabel } from '@/lib/format/labels';
import { REFUND_LABELS } from '@/lib/format/refund-labels';
import { ORDER_PART_GROUPS, type OrderPartGroup, type PartSums, type RefundParts } from '@/lib/store/part-sums';
import type { ProfitSwitches } from '@/lib/profit';
import type { LineFlags } from '@/lib/store/schema';
import { classOf } from './sums';
import { CHARGED_KINDS } from '@/lib/costs/kinds';
import { BRIDGE_LABELS, profitBridge, type BridgeKey, type BridgeStep } from './bridge';
import type { CostsView } from '@/lib/costs/types';
import type { SkuReport } from './sku-report';

// The lines of a profit-and-loss statement, in the order an accountant reads them, for one period
// (a month of the P&L by month). Each line has a stable key (`sales.net`, `fees.transactionFee`,
// `yours.expenses`): a journal can map it to an account code, so a key is never renamed or reused.
// The figures are the SKU report's and its bridge's (the same words as every page), the parts of
// each cost group come from the orders' own breakdown, and a group whose parts do not add up to
// its total says the difference in a line of its own, so every group adds up to the cent.

export type PnlLineKind = 'line' | 'part' | 'total' | 'memo';

export interface PnlLineValue {
  key: string;
  label: string;
  /** `total`: the sum of the lines above it; `part`: a piece of the line above (not added again); `memo`: shown, never added. */
  kind: PnlLineKind;
  cents: number;
}

/** The parts of one period, from the store (lib/store/part-sums): `group.part` → cents of the counted lines. */
export interface PeriodParts {
  orders: Record<string, number>;
  refunds: RefundParts | undefined;
}

/** The parts of the counted lines of the days `inPeriod` takes, and their refund days' breakdowns. */
export function partsOfDays(
  rows: readonly PartSums[],
  refunds: ReadonlyMap<string, RefundParts>,
  switches: ProfitSwitches,
  inPeriod: (day: string) => boolean,
): PeriodParts {
  const orders: Record<string, number> = {};
  for (const row of rows)
    if (inPeriod(row.local_day) && classOf(row, switches) === 'counted')
      for (const [key, cents] of Object.entries(row.parts)) orders[key] = (orders[key] ?? 0) + cents;
  let refundParts: RefundParts | undefined;
  for (const [day, r] of refunds) {
    if (!inPeriod(day)) continue;
    refundParts ??= { value: 0, parts: {} };
    refundParts.value += r.value;
    for (const [part, cents] of Object.entries(r.parts))
      refundParts.parts[part] = (refundParts.parts[part] ?? 0) + cents;
  }
  return { orders, refunds: refundParts };
}

/** The order's cost groups: the statement key and the bridge figure each one is. */
const GROUPS: readonly { group: OrderPartGroup; key: string; bridge: BridgeKey }[] = [
  { group: 'shippingCost', key: 'shipping', bridge: 'shipping' },
  { group: 'platformFees', key: 'fees', bridge: 'platformFees' },
  { group: 'affiliateCommission', key: 'affiliate', bridge: 'affiliateCommission' },
];

/** The bridge's figures that are the service's (or refunds, samples): every other part is one of the seller's costs. */
const SERVICE_STEPS = new Set<BridgeStep['key']>([
  'netSales',
  'costOfGoods',
  'shipping',
  'platformFees',
  'affiliateCommission',
  'netProfit',
  'samples',
  'refunds',
  'bottomLine',
]);

export const UNSPLIT_LABEL = 'Not broken down by the service';
export const PLATFORM_DISCOUNT_LABEL = `${partLabel('platformDiscount')} (paid by the platform, not in net sales)`;
export const COGS_MINE_LABEL = `${BRIDGE_LABELS.costOfGoods} (yours from the day you set a unit cost, else the service's)`;

function partsOf(
  key: string,
  total: number,
  parts: readonly string[],
  cents: (part: string) => number,
  label: (part: string) => string,
): PnlLineValue[] {
  const out: PnlLineValue[] = parts.map((part) => ({
    key: `${key}.${part}`,
    label: label(part),
    kind: 'part',
    cents: cents(part),
  }));
  const rest = total - out.reduce((sum, p) => sum + p.cents, 0);
  out.push({ key: `${key}.unsplit`, label: UNSPLIT_LABEL, kind: 'part', cents: rest });
  return out;
}

/** The cost of goods of the sample orders among some rollup rows (re-costed rows: the seller's unit costs included). */
export function sampleCostOfGoodsOf(
  rows: readonly (LineFlags & { cost_of_goods: number })[],
  switches: ProfitSwitches,
): number {
  return rows.reduce((sum, r) => (classOf(r, switches) === 'sample' ? sum + r.cost_of_goods : sum), 0);
}

/** One period's figures, in cents: the SKU report's (a month) or a day's from the same rollup rows and placement. */
export interface PnlFigures {
  grossSales: number;
  promos: number;
  netSales: number;
  costOfGoods: number;
  shipping: number;
  platformFees: number;
  affiliateCommission: number;
  /** Net profit of sample orders kept apart (0 when samples count as sales). */
  samples: number;
  /** The cost of goods inside `samples`: stock given away, which a journal takes out of inventory. */
  sampleCostOfGoods: number;
  refunds: number;
  /** The seller's own costs by the bridge's key (ad spend on SKUs, whole-shop ad spend, expenses, `charged:<kind>`…). */
  yours: Partial<Record<BridgeStep['key'], number>>;
  bottomLine: number;
}

/** A period with no figures (a fresh object: `yours` is filled in place by callers). */
export function noFigures(): PnlFigures {
  return {
    grossSales: 0,
    promos: 0,
    netSales: 0,
    costOfGoods: 0,
    shipping: 0,
    platformFees: 0,
    affiliateCommission: 0,
    samples: 0,
    sampleCostOfGoods: 0,
    refunds: 0,
    yours: {},
    bottomLine: 0,
  };
}

/** The statement's frame: every line's key, words and kind, with no figures (what a journal can post, which lines add up). */
export function statementFrame(costs: CostsView): PnlLineValue[] {
  return periodLines(noFigures(), costs, { orders: {}, refunds: undefined });
}

/**
 * The figures of a SKU report: its totals, and the seller's costs as its bridge lists them (whatever
 * kinds it has). `sampleCostOfGoods`: the cost of goods of its sample orders (the report keeps their
 * net profit only), read from the same sums.
 */
export function figuresOfReport(report: SkuReport, sampleCostOfGoods: number): PnlFigures {
  const t = report.totals;
  const yours: PnlFigures['yours'] = {};
  for (const step of profitBridge(report, CHARGED_KINDS))
    if (!SERVICE_STEPS.has(step.key)) yours[step.key] = step.value;
  return {
    grossSales: t.grossSales,
    promos: t.promos,
    netSales: t.netSales,
    costOfGoods: t.costOfGoods,
    shipping: t.shipping,
    platformFees: t.platformFees,
    affiliateCommission: t.affiliateCommission,
    samples: report.switches.includeSamples ? 0 : report.sampleCost,
    sampleCostOfGoods: report.switches.includeSamples ? 0 : sampleCostOfGoods,
    refunds: report.refunds,
    yours,
    bottomLine: report.netProfitAfterRefunds,
  };
}

/** The seller's costs inside the orders' net profit (the bridge's steps before "Net profit of orders"), then the period's own. */
const YOURS_IN_ORDERS: readonly BridgeKey[] = ['skuAdSpend', 'allocatedCosts'];
const YOURS_IN_PERIOD: readonly BridgeKey[] = ['shopAdSpend', 'expenses'];

export const SAMPLE_COGS_LABEL = BRIDGE_LABELS.costOfGoods;
export const SAMPLE_REST_LABEL = 'Shipping, fees and commission, less any sales';

/**
 * Every line of one period, in the bridge's order (the orders' lines, "Net profit of orders", then
 * the period's lines, the bottom line); zero lines included (the caller drops lines that are zero in
 * every period). Sample orders have two parts: their cost of goods (stock given away, out of
 * inventory) and the rest of their net profit (what the marketplace charged for them, net of any
 * sales), which a journal posts against different accounts.
 */
export function periodLines(f: PnlFigures, costs: CostsView, parts: PeriodParts): PnlLineValue[] {
  const line = (key: string, label: string, cents: number, kind: PnlLineKind = 'line'): PnlLineValue => ({
    key,
    label,
    kind,
    cents,
  });
  const yours = (key: BridgeKey) => line(`yours.${key}`, BRIDGE_LABELS[key], f.yours[key] ?? 0);
  const out: PnlLineValue[] = [
    line('sales.gross', 'Gross sales', f.grossSales),
    line('promos.seller', 'Promos (seller-funded)', f.promos),
    line('sales.net', BRIDGE_LABELS.netSales, f.netSales, 'total'),
    line('promos.platform', PLATFORM_DISCOUNT_LABEL, parts.orders['gmvBreakdown.platformDiscount'] ?? 0, 'memo'),
    line('cogs', costs === 'mine' ? COGS_MINE_LABEL : BRIDGE_LABELS.costOfGoods, f.costOfGoods),
  ];
  for (const { group, key, bridge } of GROUPS) {
    const total = f[bridge as 'shipping' | 'platformFees' | 'affiliateCommission'];
    out.push(line(key, BRIDGE_LABELS[bridge], total));
    out.push(...partsOf(key, total, ORDER_PART_GROUPS[group], (p) => parts.orders[`${group}.${p}`] ?? 0, partLabel));
  }
  out.push(...YOURS_IN_ORDERS.map(yours));
  // Each kind charged per unit or order line (lib/costs/charges), in its P&L words.
  for (const k of CHARGED_KINDS) out.push(line(`yours.charged:${k.id}`, k.label, f.yours[`charged:${k.id}`] ?? 0));
  out.push(line('netProfit', BRIDGE_LABELS.netProfit, 0, 'total'));
  out.push(line('samples', BRIDGE_LABELS.samples, f.samples));
  out.push(line('samples.cogs', SAMPLE_COGS_LABEL, f.sampleCostOfGoods, 'part'));
  out.push(line('samples.marketplace', SAMPLE_REST_LABEL, f.samples - f.sampleCostOfGoods, 'part'));
  out.push(line('refunds', BRIDGE_LABELS.refunds, f.refunds));
  out.push(
    ...partsOf(
      'refunds',
      f.refunds,
      Object.keys(REFUND_LABELS),
      (p) => parts.refunds?.parts[p] ?? 0,
      (p) => REFUND_LABELS[p as keyof typeof REFUND_LABELS],
    ),
  );
  out.push(...YOURS_IN_PERIOD.map(yours));
  out.push(line('bottomLine', BRIDGE_LABELS.bottomLine, f.bottomLine, 'total'));
  return withTotals(out);
}

/**
 * Every total made again as the sum of the lines of kind 'line' above it (parts and memos are
 * inside their line): "Net sales", "Net profit of orders", the bottom line. A statement adds up by
 * construction; its figures' own totals are checked against these by the property tests.
 */
export function withTotals(lines: readonly PnlLineValue[]): PnlLineValue[] {
  let running = 0;
  return lines.map((l) => {
    if (l.kind === 'line') running += l.cents;
    return l.kind === 'total' ? { ...l, cents: running } : l;
  });
}

/**
 * The lines with every figure changed by `convert` (a rate) where it is a figure of its own, and
 * the others made again from them: a line with parts is the sum of its converted parts, a total
 * the sum of the lines above it, so a converted statement adds up as the shop's own does.
 */
export function convertLines(lines: readonly PnlLineValue[], convert: (cents: number) => number): PnlLineValue[] {
  const out = lines.map((l) => ({ ...l, cents: l.kind === 'total' ? 0 : convert(l.cents) }));
  for (const l of out) {
    const parts = out.filter((p) => p.kind === 'part' && p.key.startsWith(`${l.key}.`));
    if (l.kind === 'line' && parts.length > 0) l.cents = parts.reduce((sum, p) => sum + p.cents, 0);
  }
  let running = 0;
  for (const l of out) {
    if (l.kind === 'line') running += l.cents;
    else if (l.kind === 'total') l.cents = running;
  }
  return out;
}
