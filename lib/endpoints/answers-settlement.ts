import { z } from 'zod';
import type { SettlementData } from '@/lib/reports/settlement-report';
import { EXPECTED_COLUMNS, SETTLEMENT_COSTS, zeroMoney } from '@/lib/reports/settlement-math';
import { dayRangeSchema, reportEnvelope } from './answers-reports';
import { exact } from './exact';

// The Settlement report's answer: how the range's estimates moved at settlement, the drift to
// expect, the forecast of open orders and the backtest, held to the server's type by `exact`.

const cents = z.number().meta({ description: 'Cents.' });
const ratioOrNull = z.number().nullable().meta({ description: 'A fraction of net sales, or null without a base.' });
/** The P&L columns of a line: the store's money columns, as a zeroed set of them names them. */
type MoneyColumn = keyof ReturnType<typeof zeroMoney>;
const moneyColumn = z.enum(Object.keys(zeroMoney()) as [MoneyColumn, ...MoneyColumn[]]);

const driftGroupSchema = z.object({
  orders: z.number().int().meta({ description: 'Orders seen in both states (for a SKU: orders with its lines).' }),
  ordersWithSales: z.number().int(),
  netSales: cents,
  columns: z.record(
    moneyColumn,
    z.object({
      total: cents.meta({ description: 'Σ settled − estimate, cents.' }),
      mean: cents.meta({ description: 'Cents per order.' }),
      ofNetSales: ratioOrNull,
      p10: ratioOrNull,
      p90: ratioOrNull,
    }),
  ),
  changed: z.array(moneyColumn).meta({ description: 'The columns some settlement changed.' }),
});

const expectedDriftSchema = z.object({
  skuId: z.string().nullable().meta({ description: "The SKU, or null for the shop's drift." }),
  method: z.enum(['observed', 'ratio', 'shop']),
  ratios: z.record(z.enum(EXPECTED_COLUMNS), z.number()).meta({
    description: 'Expected settled − estimate, as a fraction of net sales.',
  }),
  band: z.object({ low: z.number(), high: z.number() }),
  bandSource: z.enum(['observed', 'shop-observed', 'settled-spread', 'none']),
  weight: z.number(),
  observedOrders: z.number().int(),
  settledOrders: z.number().int(),
  unsettledOrders: z.number().int(),
});

const forecastFiguresFields = {
  orders: z.number().int(),
  lines: z.number().int(),
  netSales: cents,
  estimateNetProfit: cents,
  drift: z.record(z.enum(SETTLEMENT_COSTS), cents),
  expectedNetProfit: cents,
  low: cents,
  high: cents,
};

const backtestFiguresSchema = z.object({
  orders: z.number().int(),
  netSales: cents,
  estimateError: cents.meta({ description: 'Mean |settled − estimate| net profit, cents.' }),
  forecastError: cents.meta({ description: 'Mean |settled − forecast| net profit, cents.' }),
  estimateErrorShare: ratioOrNull,
  forecastErrorShare: ratioOrNull,
});

/** The Settlement report: observed drift, expected drift, the open orders' forecast, the backtest, the SKUs' names. */
export const settlementReportSchema = reportEnvelope(
  exact<SettlementData>()(
    z.object({
      range: dayRangeSchema,
      learnedFrom: dayRangeSchema.meta({ description: 'The days the expected drift learns from.' }),
      snapshotsSince: z.number().nullable().meta({ description: 'The earliest snapshot (ms), or null before one.' }),
      observed: z.object({
        overall: driftGroupSchema,
        skus: z.array(driftGroupSchema.extend({ skuId: z.string() })),
        top: z.array(
          z.object({
            orderId: z.string(),
            localDay: z.string(),
            netSales: cents,
            estimateNetProfit: cents,
            settledNetProfit: cents,
            drift: cents,
            lines: z.array(
              z.object({ lineIndex: z.number().int(), skuId: z.string(), diff: z.record(moneyColumn, cents) }),
            ),
          }),
        ),
      }),
      expected: z.object({ shop: expectedDriftSchema, skus: z.array(expectedDriftSchema) }),
      forecast: z.object({
        rows: z.array(
          z.object({ ...forecastFiguresFields, skuId: z.string(), method: z.enum(['observed', 'ratio', 'shop']) }),
        ),
        total: z.object(forecastFiguresFields),
      }),
      backtest: z.object({
        overall: backtestFiguresSchema,
        skus: z.array(backtestFiguresSchema.extend({ skuId: z.string() })),
      }),
      skus: z.record(z.string(), z.object({ productName: z.string(), skuName: z.string(), sellerSku: z.string() })),
    }),
  ),
);
