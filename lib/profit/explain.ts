import type { Order, OrderProduct } from '@/lib/contract';
import { lineProfit } from './line';
import { type Cents } from './money';
import { orderProfit } from './totals';

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

export function explainLine(p: OrderProduct): Explanation {
  const l = lineProfit(p);
  return {
    terms: [
      { label: 'Gross sales', field: 'grossSales', cents: l.grossSales },
      { label: 'Promos (seller-funded)', field: 'promos', cents: l.promos },
      { label: 'Cost of goods', field: 'costOfGoods', cents: l.costOfGoods },
      { label: 'Shipping', field: 'shippingCost.total', cents: l.shipping },
      { label: 'Platform fees', field: 'platformFees.total', cents: l.platformFees },
      { label: 'Affiliate commission', field: 'affiliateCommission.total', cents: l.affiliateCommission },
    ],
    resultLabel: 'Net profit',
    resultCents: l.netProfit,
    formula: NET_PROFIT_FORMULA,
  };
}

export function explainOrder(order: Order): Explanation {
  const p = orderProfit(order);
  return {
    terms: order.products.map((product, i) => ({
      label: `${product.name} — ${product.skuName}`,
      field: `products[${i}] net profit`,
      cents: p.lines[i]?.netProfit ?? 0,
    })),
    resultLabel: 'Order net profit',
    resultCents: p.totals.netProfit,
    formula: 'Order net profit = the sum of its product lines’ net profit',
  };
}
