// Tables of the embedded service's store (prefixed `svc_` so they never collide with the
// dashboard's tables if both stores share a database). Resources are stored as the JSON the
// spec returns (`payload`), beside lower-cased search columns and the keys the filters use.

export interface SvcMetaTable {
  key: string;
  value: string;
}

export interface SvcAccountTable {
  id: string;
  name: string;
  /** 1 when the REST API feature is on the account's plan. */
  rest_feature: number;
}

export interface SvcAppKeyTable {
  app_key: string;
  account_id: string;
  secret_hash: string;
  salt: string;
}

export interface SvcShopTable {
  id: string;
  account_id: string;
  position: number;
  active: number;
  name_lc: string;
  payload: string;
}

export interface SvcProductTable {
  id: string;
  shop_id: string;
  position: number;
  name_lc: string;
  product_id_lc: string;
  payload: string;
}

export interface SvcSkuTable {
  id: string;
  shop_id: string;
  product_ref: string;
  sku_id_lc: string;
  seller_sku_lc: string;
}

export interface SvcOrderTable {
  id: string;
  shop_id: string;
  create_time: number;
  order_number_lc: string;
  status_lc: string;
  order_type: string;
  sample_order: string;
  payload: string;
}

/**
 * The distinct (product, SKU) descriptors that occur on a shop's order lines: a small set (the
 * catalog's size), so text filters are resolved here first and then applied by integer key.
 */
export interface SvcLineVariantTable {
  shop_id: string;
  variant_no: number;
  product_id_lc: string;
  name_lc: string;
  sku_id_lc: string;
  sku_name_lc: string;
  seller_sku_lc: string;
}

export interface SvcOrderLineTable {
  order_id: string;
  shop_id: string;
  variant_no: number;
  create_time: number;
}

export interface SvcRefundDayTable {
  shop_id: string;
  date: number;
  payload: string;
}

/** An order's settled payload, applied to svc_order once the service's clock reaches `settle_at`. */
export interface SvcSettlementTable {
  order_id: string;
  shop_id: string;
  /** Unix seconds. */
  settle_at: number;
  payload: string;
}

export interface ServiceDatabase {
  svc_meta: SvcMetaTable;
  svc_account: SvcAccountTable;
  svc_app_key: SvcAppKeyTable;
  svc_shop: SvcShopTable;
  svc_product: SvcProductTable;
  svc_sku: SvcSkuTable;
  svc_order: SvcOrderTable;
  svc_line_variant: SvcLineVariantTable;
  svc_order_line: SvcOrderLineTable;
  svc_refund_day: SvcRefundDayTable;
  svc_settlement: SvcSettlementTable;
}
