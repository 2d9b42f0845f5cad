import { shopParamsSchema, shopsQuerySchema } from '@/lib/api/query-params';
import { ordersDataSchema, productsDataSchema, refundsDataSchema, shopsDataSchema } from '@/lib/api/schemas';
import { allShopsExportQuerySchema, exportFormatSchema } from '@/lib/exports/format';
import { allShopsView } from '@/lib/views/all-shops';
import { ordersView } from '@/lib/views/orders';
import { overviewView } from '@/lib/views/overview';
import { pnlByMonthView } from '@/lib/views/pnl-by-month';
import { rangeView, refundsView } from '@/lib/views/refunds';
import { schemaOf, syncBodySchema } from '@/lib/views/schema';
import { pricingView } from '@/lib/views/pricing';
import { settlementView } from '@/lib/views/settlement';
import { skuCostsView } from '@/lib/views/sku-costs';
import { skuProfitView } from '@/lib/views/sku-profit';
import { settlementCheckSchema } from './answers-people';
import {
  allShopsPnlSchema,
  allShopsSchema,
  periodTilesSchema,
  pnlByMonthSchema,
  syncStatusSchema,
} from './answers-reports';
import { overviewSchema, skuReportSchema } from './answers-sku-reports';
import { pricingReportSchema } from './answers-pricing';
import { settlementReportSchema } from './answers-settlement';
import { z } from 'zod';
import { declareEndpoints, flag } from './define';

// The shops, their reports and exports, All shops, the sync, and this description itself.

const params = shopParamsSchema;
/** The sync's range, when the query names one (range, from or to): without, the sync's progress alone. */
const rangeIfGiven = z.preprocess(
  (query) => (['range', 'from', 'to'].some((key) => key in (query as object)) ? query : undefined),
  schemaOf(rangeView).optional(),
);
const WHOLE_RANGE =
  'The whole range from the local store, or 409 NOT_SYNCED_YET while any day of it is still being synced.';

export const SHOP_ENDPOINTS = declareEndpoints(
  { tag: 'Shops, reports and exports' },
  {
    'GET openapi.json': {
      summary: "This document: the dashboard API's OpenAPI 3.1 description (no session needed)",
      access: 'public',
      answer: { file: 'json', about: 'The OpenAPI 3.1 document, as it is (not in the envelope).' },
    },
    'GET shops': {
      summary: 'Every shop the person may see, with its currency; shops the dashboard cannot use, and why',
      access: 'view',
      query: [shopsQuerySchema],
      answer: { data: shopsDataSchema },
    },
    'GET all-shops': {
      summary: "All shops: every shop's figures over the range, converted into one currency at the seller's rates",
      access: 'view',
      query: [schemaOf(allShopsView)],
      answer: { data: allShopsSchema },
    },
    'GET exports/all-shops': {
      summary: 'All shops as a file: the per-shop table (table=shops) or the SKU ranking by profit (table=skus)',
      description: `${WHOLE_RANGE} The SKU ranking needs "can see costs and profit".`,
      access: 'view',
      query: [schemaOf(allShopsView), allShopsExportQuerySchema],
      answer: { file: 'csv-or-xlsx', about: "The page's figures, one row per shop or per SKU." },
      errors: ['NOT_SYNCED_YET'],
    },
    'GET all-shops/pnl-by-month': {
      summary: "P&L by month of every shop in one currency: each shop's days converted at the rate in effect on each",
      description:
        'At most 24 months (a longer range is a 400 that says how many it spans); shops without a rate are left out and named.',
      access: 'view-profit',
      query: [schemaOf(allShopsView)],
      answer: { data: allShopsPnlSchema },
    },
    'GET exports/all-shops/pnl-by-month': {
      summary:
        'P&L by month of every shop in one currency, as a file: a row per line (its stable key), a column per month and the total',
      description: WHOLE_RANGE,
      access: 'view-profit',
      query: [schemaOf(allShopsView), exportFormatSchema],
      answer: { file: 'csv-or-xlsx', about: 'One row per line of the statement.' },
      errors: ['NOT_SYNCED_YET'],
    },
    'GET shops/[shopId]/orders': {
      summary: "One page of the shop's orders in a range of the shop's calendar, with the filters of the Orders page",
      access: 'view',
      params,
      query: [schemaOf(ordersView)],
      answer: { data: ordersDataSchema },
    },
    'GET shops/[shopId]/products': {
      summary: "One page of the shop's catalog: each SKU's price and costs (SKU costs page)",
      access: 'view',
      params,
      query: [schemaOf(skuCostsView)],
      answer: { data: productsDataSchema },
    },
    'GET shops/[shopId]/refunds': {
      summary: 'Every day of the range with its refund cost (days without refunds as zeros), and the totals',
      access: 'view',
      params,
      query: [schemaOf(refundsView)],
      answer: { data: refundsDataSchema },
    },
    'GET shops/[shopId]/reports/overview': {
      summary: 'Overview: KPIs against the previous period, a daily series, the best and worst SKUs',
      access: 'view',
      params,
      query: [schemaOf(overviewView)],
      answer: { data: overviewSchema },
    },
    'GET shops/[shopId]/reports/periods': {
      summary: "Overview's period tiles: today, yesterday, month to date, this month projected, last month",
      description:
        "Reads the overview's view for its switches and cost view; the tiles' days are the shop's own calendar's.",
      access: 'view',
      params,
      query: [schemaOf(overviewView)],
      answer: { data: periodTilesSchema },
    },
    'GET shops/[shopId]/reports/pnl-by-month': {
      summary: "P&L by month: the profit-and-loss statement of the range's months (at most 24) and their total",
      description:
        'Each month is the SKU report of its days and the refunds of those days; each cost group and refunds with their parts.',
      access: 'view-profit',
      params,
      query: [schemaOf(pnlByMonthView)],
      answer: { data: pnlByMonthSchema },
    },
    'GET shops/[shopId]/reports/pricing': {
      summary:
        "Pricing: each SKU's unit economics learned from the range, its break-even and target prices, and the what-if of the scenario in `changes`",
      access: 'view-profit',
      params,
      query: [schemaOf(pricingView)],
      answer: { data: pricingReportSchema },
    },
    'GET shops/[shopId]/reports/settlement': {
      summary:
        "Settlement: how the range's estimated figures moved at settlement, the forecast of open orders, the backtest",
      access: 'view-profit',
      params,
      query: [schemaOf(settlementView)],
      answer: { data: settlementReportSchema },
    },
    'GET shops/[shopId]/reports/sku-profit': {
      summary:
        "SKU profit: each SKU's profit over the range from the local store, and the sync's progress while it fills",
      access: 'view-profit',
      params,
      query: [schemaOf(skuProfitView)],
      answer: { data: skuReportSchema },
    },
    'POST shops/[shopId]/settlement/check': {
      summary: 'Checks now which stored orders of the last 60 days settled, and re-reads the days that changed',
      access: 'view-profit',
      params,
      answer: { data: settlementCheckSchema },
    },
    'GET shops/[shopId]/sync': {
      summary: "The shop's sync progress; with a range, how much of it is stored",
      access: 'view',
      params,
      query: [rangeIfGiven],
      answer: { data: syncStatusSchema },
    },
    'POST shops/[shopId]/sync': {
      summary: 'Starts (or resumes) syncing a range into the local store',
      description:
        "Body: a preset range or from and to; `retry: true` retries a failed sync now. A first read of more than 366 days, or more than 5 minutes of the key's budget, is refused with 409 CONFIRM_LONG_READ (its sentence gives the estimate: days, pages, minutes) until the body says `confirm: true`.",
      access: 'view',
      params,
      query: [z.object({ compare: flag('also syncs the period the overview compares the range with') })],
      body: syncBodySchema,
      status: 202,
      answer: { data: syncStatusSchema },
      errors: ['CONFIRM_LONG_READ'],
    },
    'GET shops/[shopId]/exports/orders': {
      summary: 'Every product line of every order in the filtered range (not only the visible page), as a file',
      description: `${WHOLE_RANGE} The X-Export-Source header says where the rows came from (store or upstream).`,
      access: 'view',
      params,
      query: [schemaOf(ordersView), exportFormatSchema],
      answer: { file: 'csv-or-xlsx', about: 'One row per product line of each order.' },
      errors: ['NOT_SYNCED_YET'],
    },
    'GET shops/[shopId]/exports/products': {
      summary: 'Every SKU of the filtered catalog (all pages), with its price and costs, as a file',
      access: 'view-profit',
      params,
      query: [schemaOf(skuCostsView), exportFormatSchema],
      answer: { file: 'csv-or-xlsx', about: 'One row per SKU.' },
    },
    'GET shops/[shopId]/exports/refunds': {
      summary: "Each day of the range (the shop's calendar) with its refund breakdown, as a file",
      access: 'view',
      params,
      query: [schemaOf(refundsView), exportFormatSchema],
      answer: { file: 'csv-or-xlsx', about: 'One row per day.' },
    },
    'GET shops/[shopId]/exports/pnl-by-month': {
      summary: 'P&L by month as a file: a row per line (its stable key), a column per month and the total',
      description: `${WHOLE_RANGE} With share=on, each figure is followed by its share of the month's net sales.`,
      access: 'view-profit',
      params,
      query: [schemaOf(pnlByMonthView), exportFormatSchema],
      answer: { file: 'csv-or-xlsx', about: 'One row per line of the statement.' },
      errors: ['NOT_SYNCED_YET'],
    },
    'GET shops/[shopId]/exports/pricing-what-if': {
      summary:
        "The Pricing what-if as a file: per SKU, per month and in total, before and after the scenario's changes",
      description: WHOLE_RANGE,
      access: 'view-profit',
      params,
      query: [schemaOf(pricingView), exportFormatSchema],
      answer: { file: 'csv-or-xlsx', about: 'One row per SKU, then per month and the whole range.' },
      errors: ['NOT_SYNCED_YET'],
    },
    'GET shops/[shopId]/exports/settlement': {
      summary: 'The Settlement report per SKU as a file: drift, expected drift, forecast, backtest',
      description: WHOLE_RANGE,
      access: 'view-profit',
      params,
      query: [schemaOf(settlementView), exportFormatSchema],
      answer: { file: 'csv-or-xlsx', about: 'One row per SKU.' },
      errors: ['NOT_SYNCED_YET'],
    },
    'GET shops/[shopId]/exports/sku-profit': {
      summary: 'The SKU profit table as a file: the rows, search and sort of the page',
      description: `${WHOLE_RANGE} With forecast=on, the expected settled net profit and its band beside the estimate.`,
      access: 'view-profit',
      params,
      query: [schemaOf(skuProfitView), exportFormatSchema],
      answer: { file: 'csv-or-xlsx', about: 'One row per SKU.' },
      errors: ['NOT_SYNCED_YET'],
    },
  },
);
