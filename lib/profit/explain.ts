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

const NET_PROFIT_FORMULA =
  'Net profit = gross sales + promos + cost of goods + shipping + platform fees + affiliate commission (costs are negative)';

/** `l`: the line's P&L as shown (with the seller's COGS when it applies); by default the service's. */
export function explainLine(p: OrderProduct, l: LineProfit = lineProfit(p)): Explanation {
  const cogs = l.cogsFromInput
    ? {
        label: 'Cost of goods (your input: your unit cost × units, units = gross sales ÷ price)',
        field: `your unit cost; the service's costOfGoods ${(l.serviceCostOfGoods / 100).toFixed(2)} is replaced`,
        cents: l.costOfGoods,
      }
    : { label: 'Cost of goods (from the service)', field: 'costOfGoods', cents: l.costOfGoods };
  return {
    terms: [
      { label: 'Gross sales', field: 'grossSales', cents: l.grossSales },
      { label: 'Promos (seller-funded)', field: 'promos', cents: l.promos },
      cogs,
      { label: 'Shipping', field: 'shippingCost.total', cents: l.shipping },
      { label: 'Platform fees', field: 'platformFees.total', cents: l.platformFees },
      { label: 'Affiliate commission', field: 'affiliateCommission.total', cents: l.affiliateCommission },
    ],
    resultLabel: 'Net profit',
    resultCents: l.netProfit,
    formula: NET_PROFIT_FORMULA,
  };
}

/** `p`: the order's P&L as shown (with the seller's COGS when it applies); by default the service's. */
export function explainOrder(order: Order, p: OrderProfit = orderProfit(order)): Explanation {
  return {
    terms: order.products.map((product, i) => ({
      label: `${product.name} — ${product.sellerSku || product.skuName}${p.lines[i]?.cogsFromInput ? ' (with your unit cost)' : ''}`,
      field: `line ${i + 1}: its net profit`,
      cents: p.lines[i]?.netProfit ?? 0,
    })),
    resultLabel: 'Order net profit',
    resultCents: p.totals.netProfit,
    formula: 'Order net profit = the sum of its product lines’ net profit',
  };
}
