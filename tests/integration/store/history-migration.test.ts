import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { columnTypes, runStep } from '@/lib/db/migrate';
import type { SqlDialect } from '@/lib/db/open-database';
import { formatHistory } from '@/lib/format/history';
import { listAudit, undoLast } from '@/lib/store/cost-inputs';
import { HISTORY_STRUCTURED } from '@/lib/store/history-v21';
import { STORE_MIGRATIONS } from '@/lib/store/migrations';
import { freshStore, type StoreFixture } from '@/tests/support/sync/harness';

// Step v21 on a store whose history was written as text (SQLite and, with TEST_DATABASE_URL,
// PostgreSQL): each line is read back into its structured entry and shown as before, with money and
// days as every other figure; a line it cannot read is shown as it was; an old change still undoes.

const dialects: SqlDialect[] = ['sqlite', ...(process.env.TEST_DATABASE_URL ? (['postgres'] as const) : [])];

let dir = '';
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'history-v21-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const SHOP = 'shop-v21';
const cogsRow = { shop_id: SHOP, id: 'c1', sku_id: 'sku-1', from_day: '2026-10-01', unit_cost_cents: 4000 };
/** The history as the store wrote it before v21, oldest first: [action, text, changes]. */
const OLD: [string, string, unknown[]][] = [
  ['create', 'Added expense "Rent" 500.00 monthly from 2026-11-01 to 2026-12-31', []],
  ['update', 'Changed everything, in words no sentence reads', []],
  [
    'create',
    'Set the unit cost of SKU SHIRT-M to 40.00 from 2026-10-01',
    [{ table: 'st_your_cogs', id: 'c1', before: null, after: cogsRow }],
  ],
];

describe.each(dialects)('the history written as text, after v21 on %s', (dialect) => {
  let fixture: StoreFixture;
  beforeAll(async () => {
    fixture = await freshStore(dir, dialect === 'postgres');
    const db = fixture.store.db;
    // The table as it was before v21: text lines, no entries.
    await sql`ALTER TABLE st_your_costs_audit DROP COLUMN detail`.execute(db);
    await sql`ALTER TABLE st_your_costs_audit ADD COLUMN summary TEXT NOT NULL DEFAULT ''`.execute(db);
    for (const [i, [action, summary, changes]] of OLD.entries())
      await sql`INSERT INTO st_your_costs_audit (scope, id, at, action, summary, changes, undone_at, actor_id, actor_name)
        VALUES (${SHOP}, ${`a${i}`}, ${1_700_000_000_000 + i}, ${action}, ${summary}, ${JSON.stringify(changes)},
        ${null}, ${null}, ${'Maria'})`.execute(db);
    await db.insertInto('st_your_cogs').values(cogsRow).execute();
    await runStep(db, HISTORY_STRUCTURED, columnTypes(dialect));
  });
  afterAll(() => fixture.close());

  it('is step v21 of the order store', () => {
    expect(STORE_MIGRATIONS[20]).toBe(HISTORY_STRUCTURED);
  });

  it('reads every line it can into its entry, and keeps the one it cannot as it was', async () => {
    const audit = await listAudit(fixture.store.db, SHOP);
    expect(audit.map((a) => formatHistory(a.detail, 'USD'))).toEqual([
      'Set the unit cost of SKU SHIRT-M to $40.00 from Oct 1, 2026',
      'Changed everything, in words no sentence reads',
      'Added expense "Rent" $500.00 monthly from Nov 1, 2026 to Dec 31, 2026',
    ]);
    expect(audit[0]!.detail).toEqual({
      kind: 'cogs',
      action: 'create',
      values: { sku: { sku: 'sku-1', sellerSku: 'SHIRT-M' }, amount: { money: 4000 }, day: { day: '2026-10-01' } },
    });
    expect(audit[1]!.detail).toEqual({
      kind: 'text',
      action: 'update',
      values: {},
      text: 'Changed everything, in words no sentence reads',
    });
    expect(audit.map((a) => a.by)).toEqual(['Maria', 'Maria', 'Maria']);
  });

  it('undoes a change written before v21, naming it in the new entry', async () => {
    const { audit } = await undoLast(fixture.store.db, SHOP);
    expect(formatHistory(audit.detail, 'GBP')).toBe(
      'Undid: Set the unit cost of SKU SHIRT-M to £40.00 from Oct 1, 2026',
    );
    expect(await fixture.store.db.selectFrom('st_your_cogs').selectAll().execute()).toEqual([]);
  });
});
