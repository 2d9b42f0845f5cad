import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { SqlDialect } from '@/lib/db/open-database';
import { exclusiveTransaction } from '@/lib/db/sql-helpers';
import type { ServiceDatabase } from './schema';

// Orders settle while the service runs (lib/service/demo/README.md, "Settlement"): svc_settlement
// holds each pending order's settled payload and time. Before orders are read, settlements due at
// the store's clock replace the stored payload and order type, in one transaction, and the applied
// rows are deleted. The applier writes a new epoch to svc_meta; a process that sees the epoch
// change (another process applied them) drops its memoised counts and id lists too, so processes
// on one database converge within one check interval.

/** Due settlements are looked for at most this often per store (a read of an index's first entry). */
export const SETTLEMENT_CHECK_MS = 5_000;
const EPOCH_KEY = 'settlement_epoch';

export class SettlementClock {
  private checkedAt = Number.NEGATIVE_INFINITY;
  /** The epoch last seen; undefined before the first check. */
  private epoch: string | null | undefined = undefined;
  private running: Promise<void> | undefined;

  constructor(
    private readonly db: Kysely<ServiceDatabase>,
    private readonly dialect: SqlDialect,
    private readonly now: () => number,
    /** Called after settlements were applied, here or by another process. */
    private readonly onChange: () => void,
  ) {}

  /** Undefined when the last check is recent enough; otherwise the check, which readers await. */
  due(): Promise<void> | undefined {
    if (this.running) return this.running;
    const now = this.now();
    // A clock set back (in tests) checks again at once.
    if (now >= this.checkedAt && now - this.checkedAt < SETTLEMENT_CHECK_MS) return undefined;
    this.checkedAt = now;
    this.running = this.check(Math.floor(now / 1000))
      .catch((error: unknown) => {
        this.checkedAt = Number.NEGATIVE_INFINITY;
        throw error;
      })
      .finally(() => {
        this.running = undefined;
      });
    return this.running;
  }

  private async check(nowSec: number): Promise<void> {
    const { rows } = await sql<{ next_at: number | string | null; epoch: string | null }>`
      SELECT (SELECT min(settle_at) FROM svc_settlement) AS next_at,
        (SELECT value FROM svc_meta WHERE key = ${EPOCH_KEY}) AS epoch`.execute(this.db);
    const seen = rows[0]?.epoch ?? null;
    let changed = seen !== this.epoch;
    this.epoch = seen;
    const nextAt = rows[0]?.next_at;
    if (nextAt !== null && nextAt !== undefined && Number(nextAt) <= nowSec) {
      // Null: another process applied them between the read and the lock; either way they changed.
      this.epoch = (await this.apply(nowSec)) ?? this.epoch;
      changed = true;
    }
    if (changed) this.onChange();
  }

  /** Applies the settlements due at `nowSec`; the new epoch, or null when another process had already. */
  private apply(nowSec: number): Promise<string | null> {
    return exclusiveTransaction(this.db, this.dialect, 'svc_settlement', async (trx) => {
      await trx
        .updateTable('svc_order')
        .set((eb) => ({
          order_type: 'SETTLED',
          payload: eb.selectFrom('svc_settlement as s').select('s.payload').whereRef('s.order_id', '=', 'svc_order.id'),
        }))
        .where('id', 'in', (eb) => eb.selectFrom('svc_settlement').select('order_id').where('settle_at', '<=', nowSec))
        .execute();
      const deleted = await trx.deleteFrom('svc_settlement').where('settle_at', '<=', nowSec).executeTakeFirst();
      if (Number(deleted.numDeletedRows) === 0) return null;
      const epoch = `${nowSec}:${randomUUID()}`;
      await trx
        .insertInto('svc_meta')
        .values({ key: EPOCH_KEY, value: epoch })
        .onConflict((oc) => oc.column('key').doUpdateSet({ value: epoch }))
        .execute();
      return epoch;
    });
  }
}
