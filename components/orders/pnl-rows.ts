import type { OrderProduct } from '@/lib/contract';
import { AFFILIATE_COMMISSION_PARTS, PLATFORM_FEE_PARTS, SHIPPING_COST_PARTS } from '@/lib/contract/constants';
import { partLabel } from '@/lib/format/labels';
import { toCents, type Cents, type LineProfit, type OrderProfit } from '@/lib/profit';

// The rows of an order's per-product P&L panel: figures come from lib/profit's lineProfit (never
// recomputed here); the parts of a group are the upstream's own fields, shown only when not zero.

export interface PnlRow {
  key: string;
  label: string;
  /** The upstream field, shown in the explanation and as a tooltip. */
  field: string;
  /** 0 = a figure of the formula, 1 = a part of the figure above it. */
  level: 0 | 1;
  kind?: 'subtotal' | 'result';
  values: Cents[];
  total: Cents;
}

const sum = (values: Cents[]) => values.reduce((a, b) => a + b, 0);

function figure(
  lines: LineProfit[],
  totals: OrderProfit['totals'],
  key: keyof Omit<LineProfit, 'margin' | 'cogsFromInput' | 'charges'>,
  label: string,
  field: string,
  kind?: PnlRow['kind'],
): PnlRow {
  return { key, label, field, level: 0, kind, values: lines.map((l) => l[key]), total: totals[key] };
}

/**
 * Parts of one group. Fee and commission groups have many parts that are usually zero: those are
 * left out when zero on every product (`skipZero`); GMV and shipping always show all of theirs.
 */
function parts(
  products: OrderProduct[],
  group: string,
  keys: readonly string[],
  read: (p: OrderProduct, key: string) => number,
  skipZero = false,
): PnlRow[] {
  const rows: PnlRow[] = [];
  for (const key of keys) {
    const values = products.map((p) => toCents(read(p, key)));
    if (skipZero && values.every((v) => v === 0)) continue;
    rows.push({
      key: `${group}.${key}`,
      label: partLabel(key),
      field: `${group}.${key}`,
      level: 1,
      values,
      total: sum(values),
    });
  }
  return rows;
}

const GMV_PARTS = ['productSales', 'shippingFee', 'sellerDiscount', 'platformDiscount'] as const;

/** Cost of goods, saying where it comes from; when the seller's unit cost replaced the service's, the service's figure below it. */
function cogsRows(lines: LineProfit[], totals: OrderProfit['totals']): PnlRow[] {
  if (!lines.some((l) => l.cogsFromInput))
    return [figure(lines, totals, 'costOfGoods', 'Cost of goods (from the service)', 'costOfGoods')];
  return [
    figure(lines, totals, 'costOfGoods', 'Cost of goods (your input)', 'your unit cost × units (gross sales ÷ price)'),
    {
      ...figure(
        lines,
        totals,
        'serviceCostOfGoods',
        "The service's cost of goods (replaced, not counted)",
        'costOfGoods',
      ),
      level: 1,
    },
  ];
}

/**
 * The seller's charged kinds (lib/costs/charges), one row each in the kind's P&L words, after the
 * service's cost groups as on the P&L by month: per unit on every line, per order on the first
 * counted line (docs/ARCHITECTURE.md#your-costs).
 */
function chargeRows(lines: LineProfit[]): PnlRow[] {
  return (lines[0]?.charges ?? []).map((kind, k) => {
    const values = lines.map((l) => l.charges[k]?.cents ?? 0);
    return {
      key: `charge.${kind.id}`,
      label: kind.label,
      field: 'your rate: per unit × units (gross sales ÷ price), per order once on the first line with sales',
      level: 0,
      values,
      total: sum(values),
    };
  });
}

export function pnlRows(products: OrderProduct[], profit: OrderProfit): PnlRow[] {
  const { lines, totals } = profit;
  const rec = (o: object, key: string) => (o as Record<string, number>)[key] ?? 0;
  return [
    figure(lines, totals, 'gmv', 'GMV', 'gmv'),
    ...parts(products, 'gmvBreakdown', GMV_PARTS, (p, k) => rec(p.gmvBreakdown, k)),
    figure(lines, totals, 'grossSales', 'Gross sales', 'grossSales'),
    figure(lines, totals, 'promos', 'Promos (seller-funded)', 'promos'),
    figure(lines, totals, 'netSales', 'Net sales', 'grossSales + promos', 'subtotal'),
    ...cogsRows(lines, totals),
    figure(lines, totals, 'shipping', 'Shipping', 'shippingCost.total'),
    ...parts(products, 'shippingCost', SHIPPING_COST_PARTS, (p, k) => rec(p.shippingCost, k)),
    figure(lines, totals, 'platformFees', 'Platform fees', 'platformFees.total'),
    ...parts(products, 'platformFees', PLATFORM_FEE_PARTS, (p, k) => rec(p.platformFees, k), true),
    figure(lines, totals, 'affiliateCommission', 'Affiliate commission', 'affiliateCommission.total'),
    ...parts(
      products,
      'affiliateCommission',
      AFFILIATE_COMMISSION_PARTS,
      (p, k) => rec(p.affiliateCommission, k),
      true,
    ),
    ...chargeRows(lines),
    figure(lines, totals, 'netProfit', 'Net profit', 'net sales + costs', 'result'),
  ];
}
