import { type Kysely } from 'kysely';
import type { Order, OrderType, Product, RefundDay } from '@/lib/contract';
import type { SqlDialect } from '@/lib/db/open-database';
import { toCents } from '@/lib/profit';
import { type Day } from './days';
import { shopLocalDate } from '@/lib/time';
import { parsePlan, type SyncJob } from './jobs';
import type { StoreDatabase } from './schema';
import { chunks } from '@/lib/db/chunks';
import { applyDelta, CHUNK, removeOrders, writeOrders } from './write';
import { RollupDelta } from './rows';

// The dashboard's local order store: upserts by order id (re-syncing never duplicates; a changed
// order replaces its lines), refund days, catalog prices, coverage and the sync checkpoint.

export class OrderStore {
  constructor(
    readonly db: Kysely<StoreDatabase>,
    readonly dialect: SqlDialect,
  ) {}

  /** Inserts or replaces orders; `job`, when given, is saved in the same transaction (checkpoint). */
  async upsertOrders(
    shopId: string,
    timeZone: string,
    orders: readonly Order[],
    options: { syncedAt?: number; job?: SyncJob } = {},
  ): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      const delta = await writeOrders(trx, shopId, timeZone, orders, options.syncedAt ?? Date.now());
      await applyDelta(trx, shopId, delta);
      if (options.job) await saveJobIn(trx, options.job);
    });
  }

  /** Removes the window's orders that its pass did not see (synced before the pass began). */
  async removeUnseenOrders(shopId: string, startTs: number, endTs: number, passStartedAt: number): Promise<number> {
    return this.db.transaction().execute(async (trx) => {
      const stale = await trx
        .selectFrom('st_order')
        .select('order_id')
        .where('shop_id', '=', shopId)
        .where('create_time', '>=', startTs)
        .where('create_time', '<=', endTs)
        .where('synced_at', '<', passStartedAt)
        .execute();
      if (stale.length === 0) return 0;
      const delta = new RollupDelta();
      await removeOrders(
        trx,
        shopId,
        stale.map((r) => r.order_id),
        delta,
      );
      await applyDelta(trx, shopId, delta);
      return stale.length;
    });
  }

  /** Orders stored with a create time in [startTs, endTs], of one type if given (the sync checks it against the upstream's total). */
  async countOrders(shopId: string, startTs: number, endTs: number, orderType?: OrderType): Promise<number> {
    const row = await this.db
      .selectFrom('st_order')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('shop_id', '=', shopId)
      .$if(orderType !== undefined, (qb) => qb.where('order_type', '=', orderType!))
      .where('create_time', '>=', startTs)
      .where('create_time', '<=', endTs)
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  /** Forgets the coverage of days (a reconciliation found them wrong): the next sync reads them again. */
  async uncover(shopId: string, days: readonly Day[]): Promise<void> {
    for (const batch of chunks(days, CHUNK)) {
      await this.db.deleteFrom('st_coverage').where('shop_id', '=', shopId).where('local_day', 'in', batch).execute();
    }
  }

  async reconciled(shopId: string): Promise<Map<string, { checkedAt: number; upstream: number; stored: number }>> {
    const rows = await this.db.selectFrom('st_reconcile').selectAll().where('shop_id', '=', shopId).execute();
    return new Map(
      rows.map((r) => [
        r.month,
        { checkedAt: Number(r.checked_at), upstream: Number(r.upstream_total), stored: Number(r.stored_total) },
      ]),
    );
  }

  async saveReconcile(
    shopId: string,
    month: string,
    checkedAt: number,
    upstream: number,
    stored: number,
  ): Promise<void> {
    await this.db
      .insertInto('st_reconcile')
      .values({ shop_id: shopId, month, checked_at: checkedAt, upstream_total: upstream, stored_total: stored })
      .onConflict((oc) =>
        oc
          .columns(['shop_id', 'month'])
          .doUpdateSet({ checked_at: checkedAt, upstream_total: upstream, stored_total: stored }),
      )
      .execute();
  }

  /** Replaces the refund days whose date lies in [startTs, endTs] with `days`. */
  async replaceRefundDays(
    shopId: string,
    timeZone: string,
    startTs: number,
    endTs: number,
    days: readonly RefundDay[],
  ): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx
        .deleteFrom('st_refund_day')
        .where('shop_id', '=', shopId)
        .where('date', '>=', startTs)
        .where('date', '<=', endTs)
        .execute();
      const rows = [...new Map(days.map((d) => [d.date, d])).values()].map((d) => ({
        shop_id: shopId,
        date: d.date,
        local_day: shopLocalDate(d.date, timeZone),
        value: toCents(d.value),
        details: JSON.stringify(d.details),
      }));
      for (const batch of chunks(rows, CHUNK)) await trx.insertInto('st_refund_day').values(batch).execute();
    });
  }

  /** Catalog prices by SKU (estimated units = gross sales / price). */
  async upsertCatalog(shopId: string, products: readonly Product[]): Promise<void> {
    const rows = products.flatMap((p) =>
      p.skus.map((s) => ({
        shop_id: shopId,
        sku_id: s.id,
        product_id: p.productId,
        product_name: p.name,
        seller_sku: s.sku,
        price_cents: toCents(s.price),
        cogs_cents: Math.abs(toCents(s.cogs)),
      })),
    );
    const unique = [...new Map(rows.map((r) => [r.sku_id, r])).values()];
    await this.db.transaction().execute(async (trx) => {
      for (const batch of chunks(unique, CHUNK)) {
        await trx
          .insertInto('st_catalog_sku')
          .values(batch)
          .onConflict((oc) =>
            oc.columns(['shop_id', 'sku_id']).doUpdateSet((eb) => ({
              product_id: eb.ref('excluded.product_id'),
              product_name: eb.ref('excluded.product_name'),
              seller_sku: eb.ref('excluded.seller_sku'),
              price_cents: eb.ref('excluded.price_cents'),
              cogs_cents: eb.ref('excluded.cogs_cents'),
            })),
          )
          .execute();
      }
    });
  }

  async markCovered(shopId: string, days: readonly Day[], syncedAt: number): Promise<void> {
    const rows = days.map((d) => ({ shop_id: shopId, local_day: d, synced_at: syncedAt }));
    await this.db.transaction().execute(async (trx) => {
      for (const batch of chunks(rows, CHUNK)) {
        await trx
          .insertInto('st_coverage')
          .values(batch)
          .onConflict((oc) =>
            oc.columns(['shop_id', 'local_day']).doUpdateSet((eb) => ({ synced_at: eb.ref('excluded.synced_at') })),
          )
          .execute();
      }
    });
  }

  /** synced_at (ms) per covered day in [from, to]. */
  async coverage(shopId: string, from: Day, to: Day): Promise<Map<Day, number>> {
    const rows = await this.db
      .selectFrom('st_coverage')
      .select(['local_day', 'synced_at'])
      .where('shop_id', '=', shopId)
      .where('local_day', '>=', from)
      .where('local_day', '<=', to)
      .execute();
    return new Map(rows.map((r) => [r.local_day, Number(r.synced_at)]));
  }

  /** Days in [from, to] that hold stored unsettled or draft orders (their fees may still change). */
  async unsettledDays(shopId: string, from: Day, to: Day): Promise<Set<Day>> {
    const rows = await this.db
      .selectFrom('st_order_daily')
      .select('local_day')
      .distinct()
      .where('shop_id', '=', shopId)
      .where('local_day', '>=', from)
      .where('local_day', '<=', to)
      .where('estimated', '=', 1)
      .where('orders', '>', 0)
      .execute();
    return new Set(rows.map((r) => r.local_day));
  }

  async saveJob(job: SyncJob): Promise<void> {
    await saveJobIn(this.db, job);
  }

  async loadJob(shopId: string): Promise<SyncJob | undefined> {
    const row = await this.db.selectFrom('st_sync_job').selectAll().where('shop_id', '=', shopId).executeTakeFirst();
    if (!row) return undefined;
    return {
      shopId: row.shop_id,
      jobId: row.job_id,
      state: row.state as SyncJob['state'],
      plan: parsePlan(row.plan),
      startedAt: Number(row.started_at),
      updatedAt: Number(row.updated_at),
      finishedAt: row.finished_at === null ? null : Number(row.finished_at),
      error: row.error,
    };
  }

  /** Shops with a sync job, and the time zone of their last plan. */
  async knownShops(): Promise<{ id: string; timezone: string }[]> {
    const rows = await this.db.selectFrom('st_sync_job').select(['shop_id', 'plan']).execute();
    return rows.map((r) => ({ id: r.shop_id, timezone: parsePlan(r.plan).timeZone }));
  }

  /** Shops whose saved job is unfinished (saved as running), with its range and when its checkpoint last moved. */
  async unfinishedJobs(): Promise<{ shopId: string; timezone: string; from: Day; to: Day; updatedAt: number }[]> {
    const rows = await this.db
      .selectFrom('st_sync_job')
      .select(['shop_id', 'plan', 'updated_at'])
      .where('state', '=', 'running')
      .execute();
    return rows.map((r) => {
      const plan = parsePlan(r.plan);
      return {
        shopId: r.shop_id,
        timezone: plan.timeZone,
        from: plan.from,
        to: plan.to,
        updatedAt: Number(r.updated_at),
      };
    });
  }

  async close(): Promise<void> {
    await this.db.destroy();
  }
}

async function saveJobIn(db: Kysely<StoreDatabase>, job: SyncJob): Promise<void> {
  const row = {
    shop_id: job.shopId,
    job_id: job.jobId,
    state: job.state,
    plan: JSON.stringify(job.plan),
    started_at: job.startedAt,
    updated_at: job.updatedAt,
    finished_at: job.finishedAt,
    error: job.error,
  };
  const { shop_id: _shop, ...update } = row;
  await db
    .insertInto('st_sync_job')
    .values(row)
    .onConflict((oc) => oc.column('shop_id').doUpdateSet(update))
    .execute();
}
