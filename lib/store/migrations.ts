import type { Kysely } from 'kysely';
import type { SqlDialect } from '@/lib/db/open-database';
import { runMigrations, type Migration } from '@/lib/db/migrate';
import { MAX_GROSS_CENTS } from '@/lib/costs/cogs';
import { STEPS_FROM_V21 } from './migrations-v21-on';
import { MONEY_COLUMNS, type StoreDatabase } from './schema';

// The order store's schema steps (run by lib/db/migrate: once each, under an exclusive lock).
// Append new steps; never edit one that has shipped (databases record steps by position).

const money = (big: string) => MONEY_COLUMNS.map((c) => `${c} ${big} NOT NULL`).join(', ');
const flags = 'cancelled INTEGER NOT NULL, sample INTEGER NOT NULL, estimated INTEGER NOT NULL';

export const STORE_MIGRATIONS: readonly Migration[] = [
  ({ big, sqlite }) => {
    // The rollups are read by range scans on (shop, day): clustering them by that key keeps a
    // 366-day report a sequential read on SQLite.
    const clustered = sqlite ? ' WITHOUT ROWID' : '';
    return [
      // Created by the runner itself before Kysely's Migrator; a step since.
      `CREATE TABLE IF NOT EXISTS st_meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)`,
      `CREATE TABLE IF NOT EXISTS st_order (shop_id TEXT NOT NULL, order_id TEXT NOT NULL, create_time ${big} NOT NULL,
        local_day TEXT NOT NULL, status TEXT NOT NULL, order_type TEXT NOT NULL, ${flags}, payload TEXT NOT NULL,
        synced_at ${big} NOT NULL, PRIMARY KEY (shop_id, order_id))`,
      `CREATE INDEX IF NOT EXISTS st_order_time ON st_order (shop_id, create_time)`,
      `CREATE TABLE IF NOT EXISTS st_line (shop_id TEXT NOT NULL, order_id TEXT NOT NULL, line_index INTEGER NOT NULL,
        product_id TEXT NOT NULL, product_name TEXT NOT NULL, sku_id TEXT NOT NULL, sku_name TEXT NOT NULL,
        seller_sku TEXT NOT NULL, local_day TEXT NOT NULL, ${flags}, ${money(big)},
        PRIMARY KEY (shop_id, order_id, line_index))`,
      `CREATE TABLE IF NOT EXISTS st_sku_daily (shop_id TEXT NOT NULL, local_day TEXT NOT NULL, sku_id TEXT NOT NULL,
        ${flags}, lines ${big} NOT NULL, ${money(big)},
        PRIMARY KEY (shop_id, local_day, sku_id, cancelled, sample, estimated))${clustered}`,
      `CREATE TABLE IF NOT EXISTS st_order_daily (shop_id TEXT NOT NULL, local_day TEXT NOT NULL, ${flags},
        orders ${big} NOT NULL, PRIMARY KEY (shop_id, local_day, cancelled, sample, estimated))${clustered}`,
      `CREATE TABLE IF NOT EXISTS st_sku_name (shop_id TEXT NOT NULL, sku_id TEXT NOT NULL, product_id TEXT NOT NULL,
        product_name TEXT NOT NULL, sku_name TEXT NOT NULL, seller_sku TEXT NOT NULL, PRIMARY KEY (shop_id, sku_id))`,
      `CREATE TABLE IF NOT EXISTS st_catalog_sku (shop_id TEXT NOT NULL, sku_id TEXT NOT NULL, product_id TEXT NOT NULL,
        product_name TEXT NOT NULL, seller_sku TEXT NOT NULL, price_cents ${big} NOT NULL, PRIMARY KEY (shop_id, sku_id))`,
      `CREATE TABLE IF NOT EXISTS st_refund_day (shop_id TEXT NOT NULL, date ${big} NOT NULL, local_day TEXT NOT NULL,
        value ${big} NOT NULL, details TEXT NOT NULL, PRIMARY KEY (shop_id, date))`,
      `CREATE INDEX IF NOT EXISTS st_refund_day_local ON st_refund_day (shop_id, local_day)`,
      `CREATE TABLE IF NOT EXISTS st_coverage (shop_id TEXT NOT NULL, local_day TEXT NOT NULL, synced_at ${big} NOT NULL,
        PRIMARY KEY (shop_id, local_day))`,
      `CREATE TABLE IF NOT EXISTS st_sync_job (shop_id TEXT PRIMARY KEY, job_id TEXT NOT NULL, state TEXT NOT NULL,
        plan TEXT NOT NULL, started_at ${big} NOT NULL, updated_at ${big} NOT NULL, finished_at ${big}, error TEXT)`,
    ];
  },
  // v2: day totals carry the P&L, and a monthly SKU rollup serves long ranges. The rollups of v1
  // cannot be rebuilt in SQL, so the store is emptied and refills by sync (coverage is cleared).
  ({ big, sqlite }) => {
    const clustered = sqlite ? ' WITHOUT ROWID' : '';
    return [
      ...['st_line', 'st_order', 'st_sku_daily', 'st_sku_name', 'st_refund_day', 'st_coverage', 'st_sync_job'].map(
        (t) => `DELETE FROM ${t}`,
      ),
      `DROP TABLE st_order_daily`,
      // Day totals (orders, lines, P&L) per flags: the overview's KPIs and series read only this.
      `CREATE TABLE st_order_daily (shop_id TEXT NOT NULL, local_day TEXT NOT NULL, ${flags},
        orders ${big} NOT NULL, lines ${big} NOT NULL, ${money(big)},
        PRIMARY KEY (shop_id, local_day, cancelled, sample, estimated))${clustered}`,
      `CREATE TABLE st_sku_monthly (shop_id TEXT NOT NULL, month TEXT NOT NULL, sku_id TEXT NOT NULL,
        ${flags}, lines ${big} NOT NULL, ${money(big)},
        PRIMARY KEY (shop_id, month, sku_id, cancelled, sample, estimated))${clustered}`,
    ];
  },
  // v3: the sync's reconciliation of stored months against the upstream's own count.
  ({ big }) => [
    `CREATE TABLE IF NOT EXISTS st_reconcile (shop_id TEXT NOT NULL, month TEXT NOT NULL, checked_at ${big} NOT NULL,
      upstream_total ${big} NOT NULL, stored_total ${big} NOT NULL, PRIMARY KEY (shop_id, month))`,
  ],
  // v4: the seller's own costs (lib/costs), exchange rates, their audit trail; lines by SKU and day
  // (a SKU's lines are re-costed from the seller's dated COGS, per line).
  ({ big, key }) => [
    `CREATE TABLE st_cost_ad_spend (shop_id ${key} NOT NULL, id ${key} NOT NULL, day TEXT NOT NULL, amount_cents ${big} NOT NULL,
      sku_id TEXT, product_id TEXT, campaign TEXT, PRIMARY KEY (shop_id, id))`,
    `CREATE INDEX st_cost_ad_spend_day ON st_cost_ad_spend (shop_id, day)`,
    `CREATE TABLE st_cost_expense (shop_id ${key} NOT NULL, id ${key} NOT NULL, name TEXT NOT NULL, amount_cents ${big} NOT NULL,
      recurrence TEXT NOT NULL, start_day TEXT NOT NULL, end_day TEXT, PRIMARY KEY (shop_id, id))`,
    `CREATE TABLE st_cost_cogs (shop_id ${key} NOT NULL, id ${key} NOT NULL, sku_id TEXT NOT NULL, from_day TEXT NOT NULL,
      unit_cost_cents ${big} NOT NULL, PRIMARY KEY (shop_id, id))`,
    `CREATE UNIQUE INDEX st_cost_cogs_sku_day ON st_cost_cogs (shop_id, sku_id, from_day)`,
    `CREATE TABLE st_fx_rate (id ${key} PRIMARY KEY, currency TEXT NOT NULL, target TEXT NOT NULL, from_day TEXT NOT NULL, rate TEXT NOT NULL)`,
    `CREATE UNIQUE INDEX st_fx_rate_pair_day ON st_fx_rate (currency, target, from_day)`,
    `CREATE TABLE st_cost_audit (scope ${key} NOT NULL, id ${key} NOT NULL, at ${big} NOT NULL, action TEXT NOT NULL,
      summary TEXT NOT NULL, changes TEXT NOT NULL, undone_at ${big}, PRIMARY KEY (scope, id))`,
    `CREATE INDEX st_cost_audit_at ON st_cost_audit (scope, at)`,
    // Covering: re-costing a SKU's lines read only this index, until v6 replaced it with the gross rollups.
    `CREATE INDEX st_line_sku_day ON st_line (shop_id, sku_id, local_day, gross_sales, cost_of_goods, cancelled, sample, estimated)`,
  ],
  // v5: the catalog's unit COGS (positive cents; null for rows synced before), shown beside the
  // seller's own dated COGS.
  ({ big }) => [`ALTER TABLE st_catalog_sku ADD COLUMN cogs_cents ${big}`],
  // v6: lines by (SKU, day or month, flags, gross sales), so re-costing from the seller's dated COGS
  // reads groups, not lines (a 366-day report re-costed ~500k lines). Filled from the stored lines.
  // v4's covering index of lines by SKU served that re-costing; the cut day's lines are read by
  // their orders' creation time now, so every synced line no longer pays for it.
  ({ big, sqlite }) => {
    const clustered = sqlite ? ' WITHOUT ROWID' : '';
    const month = sqlite ? 'substr(local_day, 1, 7)' : 'substring(local_day from 1 for 7)';
    return [
      `CREATE TABLE st_sku_gross_daily (shop_id TEXT NOT NULL, sku_id TEXT NOT NULL, local_day TEXT NOT NULL, ${flags},
        gross_sales ${big} NOT NULL, lines ${big} NOT NULL, cost_of_goods ${big} NOT NULL,
        PRIMARY KEY (shop_id, sku_id, local_day, cancelled, sample, estimated, gross_sales))${clustered}`,
      `CREATE TABLE st_sku_gross_monthly (shop_id TEXT NOT NULL, sku_id TEXT NOT NULL, month TEXT NOT NULL, ${flags},
        gross_sales ${big} NOT NULL, lines ${big} NOT NULL, cost_of_goods ${big} NOT NULL,
        PRIMARY KEY (shop_id, sku_id, month, cancelled, sample, estimated, gross_sales))${clustered}`,
      `INSERT INTO st_sku_gross_daily (shop_id, sku_id, local_day, cancelled, sample, estimated, gross_sales, lines, cost_of_goods)
        SELECT shop_id, sku_id, local_day, cancelled, sample, estimated, gross_sales, count(*), sum(cost_of_goods)
        FROM st_line GROUP BY shop_id, sku_id, local_day, cancelled, sample, estimated, gross_sales`,
      `INSERT INTO st_sku_gross_monthly (shop_id, sku_id, month, cancelled, sample, estimated, gross_sales, lines, cost_of_goods)
        SELECT shop_id, sku_id, ${month}, cancelled, sample, estimated, gross_sales, count(*), sum(cost_of_goods)
        FROM st_line GROUP BY shop_id, sku_id, ${month}, cancelled, sample, estimated, gross_sales`,
      `DROP INDEX st_line_sku_day`,
    ];
  },
  // v7: when a person last looked at each shop (any instance), so the one refresh policy reads the
  // shops people are looking at first (lib/sync/refresh); and the orders by type, which the
  // policy's count checks of the unsettled window compare with the upstream's counts.
  ({ big }) => [
    `CREATE TABLE st_shop_view (shop_id TEXT PRIMARY KEY, viewed_at ${big} NOT NULL)`,
    `CREATE INDEX st_order_type_time ON st_order (shop_id, order_type, create_time)`,
  ],
  // v8: a version per shop and month of its stored orders and rollups, bumped in the same
  // transaction as every change to them, so a month's sums can be kept until its data changes
  // (lib/store/month-cache). Months without a row have not changed since this step.
  ({ big }) => [
    `CREATE TABLE st_month_version (shop_id TEXT NOT NULL, month TEXT NOT NULL, version ${big} NOT NULL,
      PRIMARY KEY (shop_id, month))`,
  ],
  // v9: team access (lib/team): people, their shops, one-time links (invitations and password
  // resets, stored as hashes only), the team's own history; every cost change names who made it.
  ({ big, key }) => [
    `CREATE TABLE st_person (id ${key} PRIMARY KEY, email ${key} NOT NULL, name TEXT NOT NULL, password_hash TEXT,
      role TEXT NOT NULL, sees_profit INTEGER NOT NULL, created_at ${big} NOT NULL, last_sign_in_at ${big},
      sessions_from ${big} NOT NULL)`,
    `CREATE UNIQUE INDEX st_person_email ON st_person (email)`,
    `CREATE TABLE st_person_shop (person_id ${key} NOT NULL, shop_id ${key} NOT NULL, PRIMARY KEY (person_id, shop_id))`,
    `CREATE TABLE st_team_link (id ${key} PRIMARY KEY, token_hash ${key} NOT NULL, kind TEXT NOT NULL, email ${key} NOT NULL,
      person_id ${key}, role TEXT NOT NULL, sees_profit INTEGER NOT NULL, shops TEXT NOT NULL, created_by TEXT NOT NULL,
      created_at ${big} NOT NULL, expires_at ${big} NOT NULL, used_at ${big}, revoked_at ${big})`,
    `CREATE UNIQUE INDEX st_team_link_token ON st_team_link (token_hash)`,
    `CREATE TABLE st_team_audit (id ${key} PRIMARY KEY, at ${big} NOT NULL, actor_id TEXT, actor_name TEXT NOT NULL,
      action TEXT NOT NULL, summary TEXT NOT NULL)`,
    `CREATE INDEX st_team_audit_at ON st_team_audit (at)`,
    `ALTER TABLE st_cost_audit ADD COLUMN actor_id TEXT`,
    `ALTER TABLE st_cost_audit ADD COLUMN actor_name TEXT`,
  ],
  // v10: upstream connections (lib/connections): a name, a base URL and an app key each, the app
  // secret sealed with SECRETS_KEY (lib/secrets), and who added it.
  ({ big, key }) => [
    `CREATE TABLE st_connection (id ${key} PRIMARY KEY, name TEXT NOT NULL, base_url TEXT NOT NULL, app_key TEXT NOT NULL,
      secret_sealed TEXT NOT NULL, created_at ${big} NOT NULL, updated_at ${big} NOT NULL, created_by TEXT)`,
    `CREATE UNIQUE INDEX st_connection_name ON st_connection (name)`,
  ],
  // v11: the seller's own costs named as the page that edits them, "Your costs" (their rows and
  // indexes unchanged; an index is dropped and made again under its new name, as SQLite cannot
  // rename one).
  () => [
    `ALTER TABLE st_cost_ad_spend RENAME TO st_your_ad_spend`,
    `DROP INDEX st_cost_ad_spend_day`,
    `CREATE INDEX st_your_ad_spend_day ON st_your_ad_spend (shop_id, day)`,
    `ALTER TABLE st_cost_expense RENAME TO st_your_expense`,
    `ALTER TABLE st_cost_cogs RENAME TO st_your_cogs`,
    `DROP INDEX st_cost_cogs_sku_day`,
    `CREATE UNIQUE INDEX st_your_cogs_sku_day ON st_your_cogs (shop_id, sku_id, from_day)`,
    `ALTER TABLE st_cost_audit RENAME TO st_your_costs_audit`,
    `DROP INDEX st_cost_audit_at`,
    `CREATE INDEX st_your_costs_audit_at ON st_your_costs_audit (scope, at)`,
  ],
  // v12: alerts (lib/alerts): the rules, each alert raised (one per rule × shop × subject × episode:
  // the unique key that makes a second evaluation, on this instance or another, send nothing), who
  // read or muted what, the channels (a Slack or webhook address and a webhook's signing secret
  // sealed), every delivery with its attempts, the digest's choices and what was sent, and the
  // scheduler's leases (one instance runs a job at a time).
  ({ big, key }) => [
    `CREATE TABLE st_alert_rule (id ${key} PRIMARY KEY, shop_id ${key}, kind TEXT NOT NULL, params TEXT NOT NULL,
      channels TEXT NOT NULL, cooldown_hours INTEGER NOT NULL, enabled INTEGER NOT NULL, created_by TEXT,
      created_at ${big} NOT NULL, updated_at ${big} NOT NULL)`,
    `CREATE TABLE st_alert (id ${key} PRIMARY KEY, rule_id ${key} NOT NULL, shop_id ${key} NOT NULL, subject TEXT NOT NULL,
      seq INTEGER NOT NULL, kind TEXT NOT NULL, title TEXT NOT NULL, message TEXT NOT NULL, figure TEXT NOT NULL,
      link TEXT NOT NULL, needs_profit INTEGER NOT NULL, opened_at ${big} NOT NULL, last_seen_at ${big} NOT NULL,
      cleared_at ${big})`,
    `CREATE UNIQUE INDEX st_alert_episode ON st_alert (rule_id, shop_id, subject, seq)`,
    `CREATE INDEX st_alert_opened ON st_alert (opened_at)`,
    `CREATE TABLE st_alert_read (person_id ${key} NOT NULL, alert_id ${key} NOT NULL, read_at ${big} NOT NULL,
      PRIMARY KEY (person_id, alert_id))`,
    `CREATE TABLE st_alert_mute (person_id ${key} NOT NULL, rule_id ${key} NOT NULL, PRIMARY KEY (person_id, rule_id))`,
    `CREATE TABLE st_alert_channel (id ${key} PRIMARY KEY, kind TEXT NOT NULL, name TEXT NOT NULL, target TEXT NOT NULL,
      target_hint TEXT NOT NULL, secret_sealed TEXT, created_by TEXT, created_at ${big} NOT NULL)`,
    `CREATE TABLE st_alert_delivery (id ${key} PRIMARY KEY, alert_id ${key}, channel_id ${key} NOT NULL, purpose TEXT NOT NULL,
      payload TEXT NOT NULL, state TEXT NOT NULL, attempts INTEGER NOT NULL, next_at ${big} NOT NULL, claimed_until ${big},
      last_status INTEGER, last_error TEXT, created_at ${big} NOT NULL, updated_at ${big} NOT NULL)`,
    `CREATE UNIQUE INDEX st_alert_delivery_once ON st_alert_delivery (alert_id, channel_id)`,
    `CREATE INDEX st_alert_delivery_due ON st_alert_delivery (state, next_at)`,
    `CREATE TABLE st_digest_pref (person_id ${key} PRIMARY KEY, daily INTEGER NOT NULL, weekly INTEGER NOT NULL,
      hour INTEGER NOT NULL, attach_xlsx INTEGER NOT NULL, updated_at ${big} NOT NULL)`,
    `CREATE TABLE st_digest_sent (person_id ${key} NOT NULL, shop_id ${key} NOT NULL, period TEXT NOT NULL, state TEXT NOT NULL,
      at ${big} NOT NULL, error TEXT, PRIMARY KEY (person_id, shop_id, period))`,
    `CREATE TABLE st_job_lease (name ${key} PRIMARY KEY, holder TEXT NOT NULL, until ${big} NOT NULL, last_run_at ${big})`,
  ],
  // v13: settlement snapshots (lib/store/snapshots): each order's lines as first seen open and as
  // seen settled afterwards, so the drift of an order seen in both states is exact. A store
  // upgraded from v12 has none: drift is observed from the next sync on.
  ({ big, key }) => [
    `CREATE TABLE st_settle_snapshot (shop_id ${key} NOT NULL, order_id ${key} NOT NULL, state TEXT NOT NULL,
      line_index INTEGER NOT NULL, sku_id TEXT NOT NULL, local_day TEXT NOT NULL, cancelled INTEGER NOT NULL,
      sample INTEGER NOT NULL, seen_at ${big} NOT NULL, ${money(big)}, PRIMARY KEY (shop_id, order_id, state, line_index))`,
    `CREATE INDEX st_settle_snapshot_day ON st_settle_snapshot (shop_id, local_day)`,
    `CREATE INDEX st_settle_snapshot_seen ON st_settle_snapshot (shop_id, seen_at)`,
  ],
  // v14: the one-time set-up tokens (lib/team/setup-token): the SHA-256 of each token an instance
  // printed at start while the store had no owner, so any instance checks any of them; deleted
  // when the owner is created.
  ({ big, key }) => [`CREATE TABLE st_setup_token (token_hash ${key} PRIMARY KEY, created_at ${big} NOT NULL)`],
  // v15: the seller's cost kinds added since ad spend, expenses and COGS (lib/costs/kinds), one
  // table keyed by kind: a kind maps its fields onto these columns, so a new kind needs no step.
  ({ big, key }) => [
    `CREATE TABLE st_your_cost_entry (shop_id ${key} NOT NULL, kind TEXT NOT NULL, id ${key} NOT NULL, day TEXT NOT NULL,
      sku_id TEXT, amount_cents ${big} NOT NULL, basis TEXT, PRIMARY KEY (shop_id, id))`,
    `CREATE INDEX st_your_cost_entry_kind ON st_your_cost_entry (shop_id, kind, day)`,
  ],
  // v16: an order's per-order charges are paid once, by its first counted line (lib/costs/charges):
  // each line says whether it is that line, the gross rollups count such lines. Filled from the
  // stored lines (the rollups rebuilt from them as in v6), so a store synced before gives the same
  // figures as one synced after, without a sync.
  ({ big, sqlite }) => {
    const month = sqlite ? 'substr(local_day, 1, 7)' : 'substring(local_day from 1 for 7)';
    const counted = (t: string) => `${t}.gross_sales > 0 AND ${t}.gross_sales <= ${MAX_GROSS_CENTS}`;
    const group = 'shop_id, sku_id, PERIOD, cancelled, sample, estimated, gross_sales';
    const rebuild = (table: string, period: string, expression: string) => [
      `DELETE FROM ${table}`,
      `INSERT INTO ${table} (${group.replace('PERIOD', period)}, lines, first_lines, cost_of_goods)
        SELECT ${group.replace('PERIOD', expression)}, count(*), sum(first_line), sum(cost_of_goods)
        FROM st_line GROUP BY ${group.replace('PERIOD', expression)}`,
    ];
    return [
      `ALTER TABLE st_line ADD COLUMN first_line INTEGER NOT NULL DEFAULT 0`,
      `ALTER TABLE st_sku_gross_daily ADD COLUMN first_lines ${big} NOT NULL DEFAULT 0`,
      `ALTER TABLE st_sku_gross_monthly ADD COLUMN first_lines ${big} NOT NULL DEFAULT 0`,
      `UPDATE st_line SET first_line = 1 WHERE ${counted('st_line')} AND NOT EXISTS (SELECT 1 FROM st_line e
        WHERE e.shop_id = st_line.shop_id AND e.order_id = st_line.order_id AND e.line_index < st_line.line_index
        AND ${counted('e')})`,
      ...rebuild('st_sku_gross_daily', 'local_day', 'local_day'),
      ...rebuild('st_sku_gross_monthly', 'month', month),
    ];
  },
  // v17: the books (lib/store/books-tables): closed months with their frozen statement and
  // itemised figures, the adjustments booked for them, their close/reopen history, and the account
  // each P&L line posts to in a journal.
  ({ big, key }) => [
    `CREATE TABLE st_month_close (shop_id ${key} NOT NULL, month TEXT NOT NULL, closed_at ${big} NOT NULL,
      closed_by TEXT NOT NULL, basis TEXT NOT NULL, statement TEXT NOT NULL, PRIMARY KEY (shop_id, month))`,
    `CREATE TABLE st_month_close_item (shop_id ${key} NOT NULL, month TEXT NOT NULL, source ${key} NOT NULL,
      line_key ${key} NOT NULL, cents ${big} NOT NULL, PRIMARY KEY (shop_id, month, source, line_key))`,
    `CREATE TABLE st_month_adjustment (shop_id ${key} NOT NULL, booked_month TEXT NOT NULL, for_month TEXT NOT NULL,
      source ${key} NOT NULL, line_key ${key} NOT NULL, cents ${big} NOT NULL,
      PRIMARY KEY (shop_id, booked_month, for_month, source, line_key))`,
    `CREATE TABLE st_month_close_event (id ${key} PRIMARY KEY, shop_id ${key} NOT NULL, month TEXT NOT NULL,
      action TEXT NOT NULL, reason TEXT, person TEXT NOT NULL, at ${big} NOT NULL)`,
    `CREATE INDEX st_month_close_event_shop ON st_month_close_event (shop_id, at)`,
    `CREATE TABLE st_account_map (shop_id ${key} NOT NULL, line_key ${key} NOT NULL, account_code TEXT,
      account_name TEXT, tax_rate TEXT, updated_at ${big} NOT NULL, updated_by TEXT NOT NULL,
      PRIMARY KEY (shop_id, line_key))`,
  ],
  // v18: the Pricing page's saved scenarios (lib/store/pricing-tables): named text, unique per shop.
  ({ big, key }) => [
    `CREATE TABLE st_pricing_scenario (shop_id ${key} NOT NULL, id ${key} NOT NULL, name ${key} NOT NULL,
      changes TEXT NOT NULL, elasticity TEXT, created_by TEXT NOT NULL, created_at ${big} NOT NULL,
      updated_at ${big} NOT NULL, PRIMARY KEY (shop_id, id))`,
    `CREATE UNIQUE INDEX st_pricing_scenario_name ON st_pricing_scenario (shop_id, name)`,
  ],
  // v19: the books' lock row of each shop (closing and reopening hold it), the seller's books settings
  // (the books currency journals are converted into) and the record of each journal downloaded, which
  // a reopening names (lib/store/books-tables).
  ({ big, key }) => [
    `CREATE TABLE st_books_lock (shop_id ${key} PRIMARY KEY, locked_at ${big} NOT NULL)`,
    `CREATE TABLE st_books_setting (key ${key} PRIMARY KEY, value TEXT NOT NULL, updated_at ${big} NOT NULL,
      updated_by TEXT NOT NULL)`,
    `CREATE TABLE st_journal_download (id ${key} PRIMARY KEY, shop_id ${key} NOT NULL, month TEXT NOT NULL,
      format TEXT NOT NULL, part INTEGER NOT NULL, parts INTEGER NOT NULL, number TEXT NOT NULL,
      draft INTEGER NOT NULL, currency TEXT NOT NULL, at ${big} NOT NULL, person TEXT NOT NULL)`,
    `CREATE INDEX st_journal_download_month ON st_journal_download (shop_id, month, at)`,
  ],
  // v20: personal access tokens and live links (lib/team/tokens, lib/store/team-tables): the
  // SHA-256 of each secret only (unique: a request finds its token by it), whose it is, its name,
  // the shops it is narrowed to, a live link's one export and view, expiry, last use, revocation.
  ({ big, key }) => [
    `CREATE TABLE st_access_token (id ${key} PRIMARY KEY, token_hash ${key} NOT NULL, kind TEXT NOT NULL,
      person_id ${key} NOT NULL, name TEXT NOT NULL, hint TEXT NOT NULL, shops TEXT, scope TEXT,
      created_at ${big} NOT NULL, expires_at ${big}, last_used_at ${big}, revoked_at ${big}, revoked_by TEXT)`,
    `CREATE UNIQUE INDEX st_access_token_hash ON st_access_token (token_hash)`,
    `CREATE INDEX st_access_token_person ON st_access_token (person_id, created_at)`,
  ],
  // v21 on: ./migrations-v21-on.
  ...STEPS_FROM_V21,
];

export async function migrateStore(db: Kysely<StoreDatabase>, dialect: SqlDialect): Promise<void> {
  await runMigrations(db, dialect, 'st', STORE_MIGRATIONS);
}
