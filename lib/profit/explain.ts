import type { Order, OrderProduct } from '@/lib/contract';
import { lineProfit, type LineProfit } from './line';
import { type Cents } from './money';
import { orderProfit, type OrderProfit } from './totals';

// "Every profit cell can explain itself": the fields, their signs and values that produced it.
// Built from the same lineProfit() the tables use, so the explanation can never disagree with them.

export interface ExplanationTerm {
  label: string;
  /** The upstream field the value comes from (e.g. `platformFees.total`). */
  field: string;
  cents: Cents;
}

export interface Explanation {
  terms: ExplanationTerm[];
  resultLabel: string;
  resultCents: Cents;
  /** A one-line statement of the formula, for the UI. */
  formula: string;
}

const NET_PROFIT_TERMS = 'gross sales + promos + cost of goods + shipping + platform fees + affiliate commission';
const netProfitFormula = (more: readonly string[]) =>
  `Net profit = ${[NET_PROFIT_TERMS, ...more].join(' + ')} (costs are negative)`;

/** `l`: the line's P&L as shown (with the seller's COGS when it applies); by default the service's. */
export function explainLine(p: OrderProduct, l: LineProfit = lineProfit(p)): Explanation {
  const cogs = l.cogsFromInput
    ? {
        label: 'Cost of goods (your input: your unit cost × units, units = gross sales ÷ price)',
        field: `your unit cost; the service's costOfGoods ${(l.serviceCostOfGoods / 100).toFixed(2)} is replaced`,
        cents: l.costOfGoods,
      }
    : { label: 'Cost of goods (from the service)', field: 'costOfGoods', cents: l.costOfGoods };
  // The seller's charged kinds (lib/costs/charges), each its own term after the service's groups.
  const charges = l.charges.map((c) => ({
    label: c.label,
    field: `your ${c.id} rate: per unit × units (gross sales ÷ price), per order once on the order's first line with sales`,
    cents: c.cents,
  }));
  return {
    terms: [
      { label: 'Gross sales', field: 'grossSales', cents: l.grossSales },
      { label: 'Promos (seller-funded)', field: 'promos', cents: l.promos },
      cogs,
      { label: 'Shipping', field: 'shippingCost.total', cents: l.shipping },
      { label: 'Platform fees', field: 'platformFees.total', cents: l.platformFees },
      { label: 'Affiliate commission', field: 'affiliateCommission.total', cents: l.affiliateCommission },
      ...charges,
    ],
    resultLabel: 'Net profit',
    resultCents: l.netProfit,
    formula: netProfitFormula(charges.map((c) => c.label.toLowerCase())),
  };
}

/** What of the seller's own a line's net profit counts, in the order's explanation ("with your unit cost, fulfilment and packaging"). */
function withYours(l: LineProfit | undefined): string {
  const yours = [
    ...(l?.cogsFromInput ? ['unit cost'] : []),
    // A charged kind's P&L words say "(yours)" already: here "your" leads the list.
    ...(l?.charges ?? []).filter((c) => c.cents !== 0).map((c) => c.label.replace(/ \(yours\)$/, '').toLowerCase()),
  ];
  return yours.length > 0 ? ` (with your ${yours.join(', ')})` : '';
}

/** `p`: the order's P&L as shown (with the seller's COGS when it applies); by default the service's. */
export function explainOrder(order: Order, p: OrderProfit = orderProfit(order)): Explanation {
  return {
    terms: order.products.map((product, i) => ({
      label: `${product.name} — ${product.sellerSku || product.skuName}${withYours(p.lines[i])}`,
      field: `line ${i + 1}: its net profit`,
      cents: p.lines[i]?.netProfit ?? 0,
    })),
    resultLabel: 'Order net profit',
    resultCents: p.totals.netProfit,
    formula: 'Order net profit = the sum of its product lines’ net profit',
  };
}
