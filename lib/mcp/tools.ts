import type { DashboardEndpoints } from '@/lib/endpoints';
import { SUMMARIES } from './summary';

// The MCP server's tools (docs/ARCHITECTURE.md#the-mcp-server), each one of the dashboard API's
// read-only endpoints (lib/endpoints): its input schema is the endpoint's path parameters and query
// (the view's ranges and switches, the shop), its permission the endpoint's `access`, and a call
// runs through the endpoint's own route (`route.invoke`), so access, parsing and the hidden figures
// are the API's. A tool adds only its name, its words for an assistant and its text summary.

type EndpointName = keyof DashboardEndpoints;

export interface ToolDeclaration {
  name: string;
  title: string;
  /** What it answers, for an assistant choosing a tool. */
  description: string;
  /** The endpoint it reads: a GET of the dashboard API. */
  endpoint: EndpointName;
  /** Query fields the tool needs although the endpoint does not (the what-if's changes). */
  required?: readonly string[];
  /** Words for query fields beyond the API description's. */
  fields?: Readonly<Record<string, string>>;
  summary: keyof typeof SUMMARIES;
}

const RANGE_HINT =
  "Give a range as a preset (range, e.g. last-7-days, last-30-days, this-month, last-month) or as from and to (YYYY-MM-DD, the shop's calendar); shopId comes from the shops tool.";

export const TOOLS: readonly ToolDeclaration[] = [
  {
    name: 'shops',
    title: 'Shops',
    description: 'Every shop you may see, with its id (the shopId of the other tools) and currency.',
    endpoint: 'GET shops',
    summary: 'shops',
  },
  {
    name: 'overview',
    title: 'Overview',
    description: `The Overview page of one shop: orders, GMV, net sales, net profit, margin, refunds and the bottom line over a range against the period before it, a daily series, the best and worst SKUs. ${RANGE_HINT}`,
    endpoint: 'GET shops/[shopId]/reports/overview',
    summary: 'overview',
  },
  {
    name: 'period_tiles',
    title: 'Period tiles',
    description:
      "The Overview's period tiles of one shop: today so far, yesterday, month to date, this month projected and last month, on the shop's calendar.",
    endpoint: 'GET shops/[shopId]/reports/periods',
    summary: 'periodTiles',
  },
  {
    name: 'sku_profit',
    title: 'SKU profit',
    description: `Each SKU's net sales, costs and net profit over a range (the SKU profit page), sorted by sort and dir; q searches SKU names, seller SKUs and ids. Use it for "which SKUs lost money last week" (range=last-7-days, sort=netProfit, dir=asc). ${RANGE_HINT}`,
    endpoint: 'GET shops/[shopId]/reports/sku-profit',
    summary: 'skuProfit',
  },
  {
    name: 'orders',
    title: 'Orders',
    description: `One page of a shop's orders in a range with the Orders page's filters (status, settled or not, sample orders, order number, product, SKU). ${RANGE_HINT}`,
    endpoint: 'GET shops/[shopId]/orders',
    summary: 'orders',
  },
  {
    name: 'refunds',
    title: 'Refunds',
    description: `Every day of a range with its refunds (days without refunds as zeros) and the totals: the Refunds page. ${RANGE_HINT}`,
    endpoint: 'GET shops/[shopId]/refunds',
    summary: 'refunds',
  },
  {
    name: 'pnl_by_month',
    title: 'P&L by month',
    description: `The profit-and-loss statement of one shop, month by month (at most 24 months) and in total, each line as the P&L by month page shows it. ${RANGE_HINT}`,
    endpoint: 'GET shops/[shopId]/reports/pnl-by-month',
    summary: 'pnlByMonth',
  },
  {
    name: 'settlement',
    title: 'Settlement',
    description: `How estimated fees, shipping and commission moved when orders settled, the forecast of orders not settled yet and how good past forecasts were: the Settlement page. ${RANGE_HINT}`,
    endpoint: 'GET shops/[shopId]/reports/settlement',
    summary: 'settlement',
  },
  {
    name: 'pricing',
    title: 'Pricing answers',
    description: `Each SKU's unit economics learned from a range's orders, its break-even price and the price that reaches the target margin (target, in %): the Pricing page. ${RANGE_HINT}`,
    endpoint: 'GET shops/[shopId]/reports/pricing',
    summary: 'pricing',
  },
  {
    name: 'pricing_what_if',
    title: 'Pricing what-if',
    description: `What the range's net sales and net profit would have been with other prices or costs, per SKU, per month and in total, before and after: computed only, nothing is saved or changed. ${RANGE_HINT}`,
    endpoint: 'GET shops/[shopId]/reports/pricing',
    required: ['changes'],
    fields: {
      changes:
        'The changes, as the Pricing page writes them: "*:price+5%" (every SKU), "SKU-1:price=12.99,promo=10%,commission=15%,cogs=4.20,shipping-10%" (a SKU by its id or seller SKU); several separated by ";". price, cogs and shipping take =amount (per unit, in the shop\'s currency) or +p% / -p%; promo and commission take =p%.',
      elasticity:
        'How units move with price: units × (new price / old price)^elasticity, from -10 to 0; none keeps the same units.',
    },
    summary: 'pricing',
  },
];

/** The tool that explains a figure: from the glossary, no endpoint. */
export const EXPLAIN_TOOL = {
  name: 'explain_figure',
  title: 'Explain a figure',
  description:
    'What a figure includes and leaves out, in the words the dashboard uses (net sales, net profit of orders, margin, refunds, bottom line, estimated…). Without figure, every figure you may see.',
} as const;
