// The settlement snapshots' table (migration v13; lib/store/snapshots writes and reads it).

/**
 * One line of an order as first seen open (`estimate`: UNSETTLED or DRAFT) and as seen settled
 * afterwards (`settled`). An order first seen settled has no row: its estimate was never observed.
 */
export interface SettleSnapshotKeys {
  shop_id: string;
  order_id: string;
  /** 'estimate' | 'settled'. */
  state: string;
  line_index: number;
  sku_id: string;
  local_day: string;
  cancelled: number;
  sample: number;
  /** When the sync wrote this state (ms). */
  seen_at: number;
}

/**
 * `Money`: the P&L columns as lib/profit's lineProfit (cents, the service's cost of goods), i.e.
 * lib/store/schema's MoneyColumns, passed in by schema.ts (which imports this file).
 */
export interface SettlementTables<Money> {
  st_settle_snapshot: SettleSnapshotKeys & Money;
}
