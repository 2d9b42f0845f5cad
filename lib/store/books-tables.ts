// The books' tables (migration v17): closed months, their itemised figures and the adjustments
// booked for them (lib/reports/month-close), and the account each P&L line posts to in a journal
// (lib/reports/journal); since v19, the books' lock row of each shop, the seller's books settings
// (the books currency) and the record of every journal downloaded. See
// docs/ARCHITECTURE.md#pl-by-month and #journals.

/** A closed month of a shop: its statement frozen as it stood (JSON, byte for byte what the page and exports show). */
export interface MonthCloseTable {
  shop_id: string;
  /** `YYYY-MM`, shop-local. */
  month: string;
  closed_at: number;
  /** The person who closed it (email, as the Team history names people). */
  closed_by: string;
  /** The switches and cost view it was closed with (JSON). */
  basis: string;
  /** The frozen statement (JSON). */
  statement: string;
}

/** The itemised figures of a closed month as it was closed: one source (an order, a refund day, an input) × one P&L line. */
export interface MonthCloseItemTable {
  shop_id: string;
  month: string;
  /** `order:<id>`, `refund-day:<YYYY-MM-DD>`, `<kind>:<day>`…: what the cents come from. */
  source: string;
  line_key: string;
  cents: number;
}

/** A change to a closed month found later, booked in the month that was the first open one when that month closed. */
export interface MonthAdjustmentTable {
  shop_id: string;
  /** The month whose statement carries it. */
  booked_month: string;
  /** The closed month it changes. */
  for_month: string;
  source: string;
  line_key: string;
  cents: number;
}

/** A close or a reopening (with its reason): the month's history. */
export interface MonthCloseEventTable {
  id: string;
  shop_id: string;
  month: string;
  /** 'close' | 'reopen'. */
  action: string;
  reason: string | null;
  person: string;
  at: number;
}

/** The account a P&L line posts to (shop_id '' = every shop's default). */
export interface AccountMapTable {
  shop_id: string;
  line_key: string;
  /** An account code, or null for a line the seller chose not to post (already in the books). */
  account_code: string | null;
  account_name: string | null;
  tax_rate: string | null;
  updated_at: number;
  updated_by: string;
}

/** A shop's books lock: closing and reopening hold this row (a row lock on PostgreSQL) while they check and write. */
export interface BooksLockTable {
  shop_id: string;
  locked_at: number;
}

/** A setting of the seller's books, for every shop (`currency`: the books currency, a 3-letter code). */
export interface BooksSettingTable {
  key: string;
  value: string;
  updated_at: number;
  updated_by: string;
}

/** A journal file downloaded: which shop, month, format and part, its number and currency, who and when. */
export interface JournalDownloadTable {
  id: string;
  shop_id: string;
  month: string;
  /** 'xero' | 'quickbooks'. */
  format: string;
  part: number;
  parts: number;
  number: string;
  /** 1: the month was not closed (a draft). */
  draft: number;
  currency: string;
  at: number;
  person: string;
}

export interface BooksTables {
  st_books_lock: BooksLockTable;
  st_books_setting: BooksSettingTable;
  st_journal_download: JournalDownloadTable;
  st_month_close: MonthCloseTable;
  st_month_close_item: MonthCloseItemTable;
  st_month_adjustment: MonthAdjustmentTable;
  st_month_close_event: MonthCloseEventTable;
  st_account_map: AccountMapTable;
}
