import { partLabel } from '@/lib/format/labels';
import { REFUND_LABELS } from '@/lib/format/refund-labels';
import { ORDER_PART_GROUPS, type OrderPartGroup } from '@/lib/store/part-sums';
import { BRIDGE_LABELS, profitBridge, type BridgeKey } from './bridge';
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
  refunds: { value: number; parts: Record<string, number> } | undefined;
}

/** The order's cost groups: the statement key and the bridge figure each one is. */
const GROUPS: readonly { group: OrderPartGroup; key: string; bridge: BridgeKey }[] = [
  { group: 'shippingCost', key: 'shipping', bridge: 'shipping' },
  { group: 'platformFees', key: 'fees', bridge: 'platformFees' },
  { group: 'affiliateCommission', key: 'affiliate', bridge: 'affiliateCommission' },
];

/** The bridge's figures that are the service's (or refunds, samples): every other part is one of the seller's costs. */
const SERVICE_STEPS = new Set<BridgeKey>([
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

/** Every line of one period; zero lines included (the caller drops lines that are zero in every period). */
export function periodLines(report: SkuReport, parts: PeriodParts): PnlLineValue[] {
  const t = report.totals;
  const steps = new Map(profitBridge(report).map((s) => [s.key, s.value]));
  const line = (key: string, label: string, cents: number, kind: PnlLineKind = 'line'): PnlLineValue => ({
    key,
    label,
    kind,
    cents,
  });
  const out: PnlLineValue[] = [
    line('sales.gross', 'Gross sales', t.grossSales),
    line('promos.seller', 'Promos (seller-funded)', t.promos),
    line('sales.net', BRIDGE_LABELS.netSales, t.netSales, 'total'),
    line('promos.platform', PLATFORM_DISCOUNT_LABEL, parts.orders['gmvBreakdown.platformDiscount'] ?? 0, 'memo'),
    line('cogs', report.costs === 'mine' ? COGS_MINE_LABEL : BRIDGE_LABELS.costOfGoods, t.costOfGoods),
  ];
  for (const { group, key, bridge } of GROUPS) {
    const total = steps.get(bridge) ?? 0;
    out.push(line(key, BRIDGE_LABELS[bridge], total));
    out.push(...partsOf(key, total, ORDER_PART_GROUPS[group], (p) => parts.orders[`${group}.${p}`] ?? 0, partLabel));
  }
  out.push(line('samples', BRIDGE_LABELS.samples, report.switches.includeSamples ? 0 : report.sampleCost));
  out.push(line('refunds', BRIDGE_LABELS.refunds, report.refunds));
  out.push(
    ...partsOf(
      'refunds',
      report.refunds,
      Object.keys(REFUND_LABELS),
      (p) => parts.refunds?.parts[p] ?? 0,
      (p) => REFUND_LABELS[p as keyof typeof REFUND_LABELS],
    ),
  );
  // The seller's own costs, as the bridge names them (whatever kinds it has).
  for (const key of Object.keys(BRIDGE_LABELS) as BridgeKey[])
    if (!SERVICE_STEPS.has(key)) out.push(line(`yours.${key}`, BRIDGE_LABELS[key], steps.get(key) ?? 0));
  out.push(line('bottomLine', BRIDGE_LABELS.bottomLine, report.netProfitAfterRefunds, 'total'));
  return out;
}
