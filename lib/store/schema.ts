// Tables of the dashboard's local order store. Money columns hold integer cents computed by
// lib/profit's lineProfit(); SQL only ever sums them. Flags are 0/1 integers on both dialects.

import type { AlertTables } from './alert-tables';
import type { TeamTables } from './team-tables';
import type { SettlementTables } from './settlement-tables';
import type { BooksTables } from './books-tables';
import type { PricingTables } from './pricing-tables';

/** The P&L columns of a line, a rollup row and a report row (cents). */
export const MONEY_COLUMNS = [
  'gmv',
  'gross_sales',
  'promos',
  'net_sales',
  'cost_of_goods',
  'shipping',
  'platform_fees',
  'affiliate_commission',
  'total_costs',
  'net_profit',
] as const;
export type MoneyColumn = (typeof MONEY_COLUMNS)[number];
export type MoneyColumns = Record<MoneyColumn, number>;

/** The flags that decide how an order counts under the switches (lib/profit classifyOrder). */
export interface LineFlags {
  cancelled: number;
  sample: number;
  /** Unsettled or draft: fees may still change at settlement. */
  estimated: number;
}

export interface OrderTable extends LineFlags {
  shop_id: string;
  order_id: string;
  create_time: number;
  local_day: string;
  status: string;
  order_type: string;
  payload: string;
  /** Milliseconds; a window's pass removes orders it did not see (synced before the pass began). */
  synced_at: number;
}

export interface LineTable extends LineFlags, MoneyColumns {
  shop_id: string;
  order_id: string;
  line_index: number;
  product_id: string;
  product_name: string;
  sku_id: string;
  sku_name: string;
  seller_sku: string;
  local_day: string;
  /**
   * 1 on the order's first counted line (the lowest line_index with gross sales, 0 < gross ≤
   * MAX_GROSS_CENTS), else 0: the line that pays the order's per-order charges (lib/costs/charges).
   */
  first_line: number;
}

/** Σ of lines per (shop, day, SKU, flags): what the reports read, kept in step with the lines. */
export interface SkuDailyTable extends LineFlags, MoneyColumns {
  shop_id: string;
  local_day: string;
  sku_id: string;
  lines: number;
}

/** The same sums per calendar month (`YYYY-MM`): long ranges read whole months from here. */
export interface SkuMonthlyTable extends LineFlags, MoneyColumns {
  shop_id: string;
  month: string;
  sku_id: string;
  lines: number;
}

/**
 * Lines of one SKU, day and flags grouped by their gross sales: what re-costing from the seller's
 * dated COGS needs (lines with the same gross are re-costed alike, lib/costs/cogs), without
 * reading every line. `cost_of_goods` is the service's, summed.
 */
export interface SkuGrossDailyTable extends LineFlags {
  shop_id: string;
  sku_id: string;
  local_day: string;
  gross_sales: number;
  lines: number;
  /** Of `lines`, those that are their order's first counted line (st_line.first_line). */
  first_lines: number;
  cost_of_goods: number;
}

/** The same per calendar month (`YYYY-MM`): whole months of a long range are re-costed from here. */
export interface SkuGrossMonthlyTable extends LineFlags {
  shop_id: string;
  sku_id: string;
  month: string;
  gross_sales: number;
  lines: number;
  first_lines: number;
  cost_of_goods: number;
}

/** Orders, lines and their P&L per (shop, day, flags): the day totals. */
export interface OrderDailyTable extends LineFlags, MoneyColumns {
  shop_id: string;
  local_day: string;
  orders: number;
  lines: number;
}

/** The latest names seen for a SKU in orders (reports show them). */
export interface SkuNameTable {
  shop_id: string;
  sku_id: string;
  product_id: string;
  product_name: string;
  sku_name: string;
  seller_sku: string;
}

export interface CatalogSkuTable {
  shop_id: string;
  sku_id: string;
  product_id: string;
  product_name: string;
  seller_sku: string;
  price_cents: number;
  /** The service's unit cogs in positive cents (v5; null for rows synced before it). */
  cogs_cents: number | null;
}

export interface RefundDayTable {
  shop_id: string;
  date: number;
  local_day: string;
  value: number;
  details: string;
}

/** A shop-local day whose orders and refunds were fully fetched at `synced_at` (ms). */
export interface CoverageTable {
  shop_id: string;
  local_day: string;
  synced_at: number;
}

/** One per shop: the current or last sync and its checkpoint (JSON), updated with every page. */
export interface SyncJobTable {
  shop_id: string;
  job_id: string;
  state: string;
  plan: string;
  started_at: number;
  updated_at: number;
  finished_at: number | null;
  error: string | null;
}

/** The last reconciliation of a month's stored orders with the upstream's count (limit=1 request). */
export interface ReconcileTable {
  shop_id: string;
  month: string;
  checked_at: number;
  upstream_total: number;
  stored_total: number;
}

/** When a person last opened a view of the shop (ms), on any instance. */
export interface ShopViewTable {
  shop_id: string;
  viewed_at: number;
}

/** A version of a shop's month of stored data: changes whenever the month's orders or lines do (lib/store/month-cache). */
export interface MonthVersionTable {
  shop_id: string;
  month: string;
  version: number;
}

export interface StoreMetaTable {
  key: string;
  value: string;
}

// The seller's own inputs (lib/costs): amounts are positive cents; days are shop-local `YYYY-MM-DD`.

export interface YourAdSpendTable {
  shop_id: string;
  id: string;
  day: string;
  amount_cents: number;
  sku_id: string | null;
  product_id: string | null;
  campaign: string | null;
}

export interface YourExpenseTable {
  shop_id: string;
  id: string;
  name: string;
  amount_cents: number;
  recurrence: string;
  start_day: string;
  end_day: string | null;
}

export interface YourCogsTable {
  shop_id: string;
  id: string;
  sku_id: string;
  from_day: string;
  unit_cost_cents: number;
}

/** Seller-level (every shop of the key): from `from_day`, 1 `currency` = `rate` `target`. */
/** Every cost kind added since the first three (lib/costs/kinds), one table keyed by `kind`. */
export interface YourCostEntryTable {
  shop_id: string;
  kind: string;
  id: string;
  day: string;
  sku_id: string | null;
  amount_cents: number;
  basis: string | null;
}

export interface FxRateTable {
  id: string;
  currency: string;
  target: string;
  from_day: string;
  rate: string;
}

/**
 * One change of the inputs: `scope` is a shop id, or `fx` for the exchange rates. `changes` is JSON
 * `[{ table, id, before, after }]` (rows or null), enough to undo it exactly.
 */
export interface YourCostsAuditTable {
  scope: string;
  id: string;
  at: number;
  action: string;
  /** What changed, structured: JSON of lib/costs/history's `HistoryDetail` (v21; text lines before it converted). */
  detail: string;
  changes: string;
  undone_at: number | null;
  /** Who made the change (v9); null on entries older than team access. */
  actor_id: string | null;
  actor_name: string | null;
}

export interface StoreDatabase
  extends AlertTables, SettlementTables<MoneyColumns>, TeamTables, BooksTables, PricingTables {
  st_order: OrderTable;
  st_line: LineTable;
  st_sku_daily: SkuDailyTable;
  st_sku_monthly: SkuMonthlyTable;
  st_sku_gross_daily: SkuGrossDailyTable;
  st_sku_gross_monthly: SkuGrossMonthlyTable;
  st_order_daily: OrderDailyTable;
  st_sku_name: SkuNameTable;
  st_catalog_sku: CatalogSkuTable;
  st_refund_day: RefundDayTable;
  st_coverage: CoverageTable;
  st_sync_job: SyncJobTable;
  st_reconcile: ReconcileTable;
  st_meta: StoreMetaTable;
  st_shop_view: ShopViewTable;
  st_month_version: MonthVersionTable;
  st_your_ad_spend: YourAdSpendTable;
  st_your_expense: YourExpenseTable;
  st_your_cogs: YourCogsTable;
  st_your_cost_entry: YourCostEntryTable;
  st_fx_rate: FxRateTable;
  st_your_costs_audit: YourCostsAuditTable;
}
