import { BOTTOM_LINE_MEANS, BRIDGE_LABELS } from '@/lib/reports/bridge';
import { TILE_LABELS } from '@/lib/reports/period-tiles';
import { SALES_REFUNDS_LABEL } from '@/lib/format/refund-labels';
import { isProfitFigure } from '@/lib/team/figures';

// What each figure includes, in the words the pages use (docs/ARCHITECTURE.md#the-mcp-server): the
// MCP server's glossary resource and its "explain this figure" tool. Each figure's name is the
// label its card, column or line carries (lib/reports/bridge's BRIDGE_LABELS, the tiles' labels);
// the sentences say what the page's notes say. A person without costs and profit gets only the
// entries that name none (lib/team/figures), so the glossary gives nothing away either.

export interface GlossaryEntry {
  /** A stable id an assistant may pass back (`netSales`). */
  id: string;
  /** The figure's name on the pages. */
  figure: string;
  /** What it includes and leaves out, in one or two sentences. */
  includes: string;
  /** Its words name costs, fees or profit: only for a person who sees costs and profit. */
  costsAndProfit?: true;
}

const ENTRIES: readonly GlossaryEntry[] = [
  {
    id: 'orders',
    figure: 'Orders',
    includes:
      "Paid orders of the range on the shop's calendar, without cancelled and sample orders, so it is lower than the Orders list, which shows every order of the range.",
  },
  {
    id: 'gmv',
    figure: 'GMV',
    includes:
      'Gross merchandise value as the marketplace reports it (product sales, the shipping fee paid by buyers, seller and platform discounts): shown for reference, never counted as revenue.',
  },
  {
    id: 'netSales',
    figure: BRIDGE_LABELS.netSales,
    includes:
      "Gross sales less the seller's own discounts (promos), of counted orders. The platform's discounts and the shipping the buyer paid are not in it.",
  },
  {
    id: 'costOfGoods',
    figure: BRIDGE_LABELS.costOfGoods,
    includes:
      "The cost of the units sold: the marketplace's figure, or yours from the day you set a unit cost for a SKU on Your costs.",
    costsAndProfit: true,
  },
  {
    id: 'shipping',
    figure: BRIDGE_LABELS.shipping,
    includes: 'Shipping the seller paid: seller shipping, platform shipping and fulfilment by the platform (FBT).',
    costsAndProfit: true,
  },
  {
    id: 'platformFees',
    figure: BRIDGE_LABELS.platformFees,
    includes:
      "The marketplace's fees on the orders (referral, transaction, promotion and campaign fees and their tax), estimated until an order settles.",
    costsAndProfit: true,
  },
  {
    id: 'affiliateCommission',
    figure: BRIDGE_LABELS.affiliateCommission,
    includes: 'Commission paid to creators and partners and for shop ads on the orders, less commission refunds.',
    costsAndProfit: true,
  },
  {
    id: 'netProfit',
    figure: BRIDGE_LABELS.netProfit,
    includes:
      'Net sales less cost of goods, shipping, platform fees and affiliate commission of the counted orders, and your own costs charged per unit or order and the ad spend placed on SKUs. Refunds are not in it: they are daily totals, not attributed to SKUs.',
    costsAndProfit: true,
  },
  {
    id: 'margin',
    figure: 'Margin',
    includes: 'Net profit of orders divided by net sales, as a percentage; none when net sales are zero.',
    costsAndProfit: true,
  },
  {
    id: 'samples',
    figure: BRIDGE_LABELS.samples,
    includes:
      'Net profit of sample orders (products sent for free), kept apart from sales as a marketing cost unless the "include samples" switch counts them as sales.',
    costsAndProfit: true,
  },
  {
    id: 'refunds',
    figure: BRIDGE_LABELS.refunds,
    includes:
      'Refunds are daily totals: refunded sales and seller discounts, with the refund administration and return shipping fees and reimbursements. They count in the bottom line and are not attributed to SKUs.',
    costsAndProfit: true,
  },
  {
    id: 'refundedSales',
    figure: SALES_REFUNDS_LABEL,
    includes: 'Refunds as daily totals of refunded sales and seller discounts alone: they are not attributed to SKUs.',
  },
  {
    id: 'shopAdSpend',
    figure: BRIDGE_LABELS.shopAdSpend,
    includes: 'Ad spend you entered for the whole shop (not for a SKU), on the days you entered it.',
    costsAndProfit: true,
  },
  {
    id: 'expenses',
    figure: BRIDGE_LABELS.expenses,
    includes: 'Other expenses you entered on Your costs (software, rent…), on their days.',
    costsAndProfit: true,
  },
  {
    id: 'bottomLine',
    figure: BRIDGE_LABELS.bottomLine,
    includes: `What the seller keeps: ${BOTTOM_LINE_MEANS}.`,
    costsAndProfit: true,
  },
  {
    id: 'estimated',
    figure: 'Estimated',
    includes:
      "An order that has not settled yet: its fees, shipping and commission are the marketplace's estimates and may still change when it settles.",
    costsAndProfit: true,
  },
  {
    id: 'notSettled',
    figure: 'Not settled yet',
    includes: 'An order that has not settled yet: its figures may still change when it settles.',
  },
  {
    id: 'notReadYet',
    figure: 'Not read yet',
    includes:
      "Days of the range the dashboard has not stored yet: a figure over such a range covers only the stored days, and the answer says how many of the range's days those are.",
  },
  {
    id: 'monthProjected',
    figure: TILE_LABELS.monthProjected,
    includes: "This month's figures so far, carried forward to the whole month at the pace of its days so far.",
  },
  {
    id: 'settlementDrift',
    figure: 'Settlement drift',
    includes:
      "How much an order's estimated fees, shipping and commission moved when it settled: settled minus estimated, so a negative drift cost the seller more than estimated.",
    costsAndProfit: true,
  },
  {
    id: 'breakEvenPrice',
    figure: 'Break-even price',
    includes:
      "The unit price at which a SKU's net profit per unit is zero, with its fees and commission as a share of the price and its other costs per unit as learned from the range's orders.",
    costsAndProfit: true,
  },
];

/** The glossary a person may read: every entry, or without costs and profit those that name none. */
export function glossaryFor(seesProfit: boolean): GlossaryEntry[] {
  return seesProfit ? [...ENTRIES] : ENTRIES.filter((e) => !e.costsAndProfit && !isProfitFigure(e.figure));
}
