import { shopParamsSchema, shopsQuerySchema } from '@/lib/api/query-params';
import { ordersDataSchema, productsDataSchema, refundsDataSchema, shopsDataSchema } from '@/lib/api/schemas';
import { allShopsExportQuerySchema, exportFormatSchema } from '@/lib/exports/format';
import { allShopsView } from '@/lib/views/all-shops';
import { ordersView } from '@/lib/views/orders';
import { overviewView } from '@/lib/views/overview';
import { pnlByMonthView } from '@/lib/views/pnl-by-month';
import { rangeView, refundsView } from '@/lib/views/refunds';
import { syncBodySchema } from '@/lib/views/schema';
import { pricingView } from '@/lib/views/pricing';
import { settlementView } from '@/lib/views/settlement';
import { skuCostsView } from '@/lib/views/sku-costs';
import { skuProfitView } from '@/lib/views/sku-profit';
import { settlementCheckSchema } from './answers-people';
import { data, untyped, viewQuery, type RouteDocs } from './operation';

// The shops, their reports and exports, All shops, the sync, and this description itself.

const path = shopParamsSchema;
const WHOLE_RANGE =
  'The whole range from the local store, or 409 NOT_SYNCED_YET while any day of it is still being synced.';

export const REPORT_ROUTES: RouteDocs = {
  'openapi.json': {
    GET: {
      summary: "This document: the dashboard API's OpenAPI 3.1 description (no session needed)",
      access: 'public',
      answer: { file: 'json', about: 'The OpenAPI 3.1 document, as it is (not in the envelope).' },
    },
  },
  shops: {
    GET: {
      summary: 'Every shop the person may see, with its currency; shops the dashboard cannot use, and why',
      access: 'view',
      query: [shopsQuerySchema],
      answer: data(shopsDataSchema),
    },
  },
  'all-shops': {
    GET: {
      summary: "All shops: every shop's figures over the range, converted into one currency at the seller's rates",
      access: 'view',
      query: [viewQuery(allShopsView)],
      answer: untyped('AllShops'),
    },
  },
  'exports/all-shops': {
    GET: {
      summary: 'All shops as a file: the per-shop table (table=shops) or the SKU ranking by profit (table=skus)',
      description: `${WHOLE_RANGE} The SKU ranking needs "can see costs and profit".`,
      access: 'view',
      query: [viewQuery(allShopsView), allShopsExportQuerySchema],
      answer: { file: 'csv-or-xlsx', about: "The page's figures, one row per shop or per SKU." },
      errors: ['NOT_SYNCED_YET'],
    },
  },
  'all-shops/pnl-by-month': {
    GET: {
      summary: "P&L by month of every shop in one currency: each shop's days converted at the rate in effect on each",
      description:
        'At most 24 months (a longer range is a 400 that says how many it spans); shops without a rate are left out and named.',
      access: 'view-profit',
      query: [viewQuery(allShopsView)],
      answer: untyped('AllShopsPnl'),
    },
  },
  'exports/all-shops/pnl-by-month': {
    GET: {
      summary:
        'P&L by month of every shop in one currency, as a file: a row per line (its stable key), a column per month and the total',
      description: WHOLE_RANGE,
      access: 'view-profit',
      query: [viewQuery(allShopsView), exportFormatSchema],
      answer: { file: 'csv-or-xlsx', about: 'One row per line of the statement.' },
      errors: ['NOT_SYNCED_YET'],
    },
  },
  'shops/[shopId]/orders': {
    GET: {
      summary: "One page of the shop's orders in a range of the shop's calendar, with the filters of the Orders page",
      access: 'view',
      path,
      query: [viewQuery(ordersView)],
      answer: data(ordersDataSchema),
    },
  },
  'shops/[shopId]/products': {
    GET: {
      summary: "One page of the shop's catalog: each SKU's price and costs (SKU costs page)",
      access: 'view',
      path,
      query: [viewQuery(skuCostsView)],
      answer: data(productsDataSchema),
    },
  },
  'shops/[shopId]/refunds': {
    GET: {
      summary: 'Every day of the range with its refund cost (days without refunds as zeros), and the totals',
      access: 'view',
      path,
      query: [viewQuery(refundsView)],
      answer: data(refundsDataSchema),
    },
  },
  'shops/[shopId]/reports/overview': {
    GET: {
      summary: 'Overview: KPIs against the previous period, a daily series, the best and worst SKUs',
      access: 'view',
      path,
      query: [viewQuery(overviewView)],
      answer: untyped('the overview report (loadOverview)'),
    },
  },
  'shops/[shopId]/reports/periods': {
    GET: {
      summary: "Overview's period tiles: today, yesterday, month to date, this month projected, last month",
      description:
        "Reads the overview's view for its switches and cost view; the tiles' days are the shop's own calendar's.",
      access: 'view',
      path,
      query: [viewQuery(overviewView)],
      answer: untyped('the period tiles (loadPeriodTiles)'),
    },
  },
  'shops/[shopId]/reports/pnl-by-month': {
    GET: {
      summary: "P&L by month: the profit-and-loss statement of the range's months (at most 24) and their total",
      description:
        'Each month is the SKU report of its days and the refunds of those days; each cost group and refunds with their parts.',
      access: 'view-profit',
      path,
      query: [viewQuery(pnlByMonthView)],
      answer: untyped('the P&L by month (loadPnlByMonth)'),
    },
  },
  'shops/[shopId]/reports/pricing': {
    GET: {
      summary:
        "Pricing: each SKU's unit economics learned from the range, its break-even and target prices, and the what-if of the scenario in `changes`",
      access: 'view-profit',
      path,
      query: [viewQuery(pricingView)],
      answer: untyped('the pricing report (loadPricing)'),
    },
  },
  'shops/[shopId]/reports/settlement': {
    GET: {
      summary:
        "Settlement: how the range's estimated figures moved at settlement, the forecast of open orders, the backtest",
      access: 'view-profit',
      path,
      query: [viewQuery(settlementView)],
      answer: untyped('the settlement report (loadSettlement)'),
    },
  },
  'shops/[shopId]/reports/sku-profit': {
    GET: {
      summary:
        "SKU profit: each SKU's profit over the range from the local store, and the sync's progress while it fills",
      access: 'view-profit',
      path,
      query: [viewQuery(skuProfitView)],
      answer: untyped('the SKU report (loadSkuReport)'),
    },
  },
  'shops/[shopId]/settlement/check': {
    POST: {
      summary: 'Checks now which stored orders of the last 60 days settled, and re-reads the days that changed',
      access: 'view-profit',
      path,
      answer: data(settlementCheckSchema),
    },
  },
  'shops/[shopId]/sync': {
    GET: {
      summary: "The shop's sync progress; with a range, how much of it is stored",
      access: 'view',
      path,
      query: [viewQuery(rangeView)],
      answer: untyped('the sync status (loadSyncStatus)'),
    },
    POST: {
      summary: 'Starts (or resumes) syncing a range into the local store',
      description: 'Body: a preset range or from and to; `retry: true` retries a failed sync now.',
      access: 'view',
      path,
      flags: { compare: 'also syncs the period the overview compares the range with' },
      body: syncBodySchema,
      status: 202,
      answer: untyped('the sync status (loadSyncStatus)'),
    },
  },
  'shops/[shopId]/exports/orders': {
    GET: {
      summary: 'Every product line of every order in the filtered range (not only the visible page), as a file',
      description: `${WHOLE_RANGE} The X-Export-Source header says where the rows came from (store or upstream).`,
      access: 'view',
      path,
      query: [viewQuery(ordersView), exportFormatSchema],
      answer: { file: 'csv-or-xlsx', about: 'One row per product line of each order.' },
      errors: ['NOT_SYNCED_YET'],
    },
  },
  'shops/[shopId]/exports/products': {
    GET: {
      summary: 'Every SKU of the filtered catalog (all pages), with its price and costs, as a file',
      access: 'view-profit',
      path,
      query: [viewQuery(skuCostsView), exportFormatSchema],
      answer: { file: 'csv-or-xlsx', about: 'One row per SKU.' },
    },
  },
  'shops/[shopId]/exports/refunds': {
    GET: {
      summary: "Each day of the range (the shop's calendar) with its refund breakdown, as a file",
      access: 'view',
      path,
      query: [viewQuery(refundsView), exportFormatSchema],
      answer: { file: 'csv-or-xlsx', about: 'One row per day.' },
    },
  },
  'shops/[shopId]/exports/pnl-by-month': {
    GET: {
      summary: 'P&L by month as a file: a row per line (its stable key), a column per month and the total',
      description: `${WHOLE_RANGE} With share=on, each figure is followed by its share of the month's net sales.`,
      access: 'view-profit',
      path,
      query: [viewQuery(pnlByMonthView), exportFormatSchema],
      answer: { file: 'csv-or-xlsx', about: 'One row per line of the statement.' },
      errors: ['NOT_SYNCED_YET'],
    },
  },
  'shops/[shopId]/exports/pricing-what-if': {
    GET: {
      summary:
        "The Pricing what-if as a file: per SKU, per month and in total, before and after the scenario's changes",
      description: WHOLE_RANGE,
      access: 'view-profit',
      path,
      query: [viewQuery(pricingView), exportFormatSchema],
      answer: { file: 'csv-or-xlsx', about: 'One row per SKU, then per month and the whole range.' },
      errors: ['NOT_SYNCED_YET'],
    },
  },
  'shops/[shopId]/exports/settlement': {
    GET: {
      summary: 'The Settlement report per SKU as a file: drift, expected drift, forecast, backtest',
      description: WHOLE_RANGE,
      access: 'view-profit',
      path,
      query: [viewQuery(settlementView), exportFormatSchema],
      answer: { file: 'csv-or-xlsx', about: 'One row per SKU.' },
      errors: ['NOT_SYNCED_YET'],
    },
  },
  'shops/[shopId]/exports/sku-profit': {
    GET: {
      summary: 'The SKU profit table as a file: the rows, search and sort of the page',
      description: `${WHOLE_RANGE} With forecast=on, the expected settled net profit and its band beside the estimate.`,
      access: 'view-profit',
      path,
      query: [viewQuery(skuProfitView), exportFormatSchema],
      answer: { file: 'csv-or-xlsx', about: 'One row per SKU.' },
      errors: ['NOT_SYNCED_YET'],
    },
  },
};
