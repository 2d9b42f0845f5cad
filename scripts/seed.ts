// `npm run service:seed -- --orders 1000000 [--database <sqlite file | postgres://…>]`
// Builds the benchmark data set: the demo accounts and shops, with `--orders` orders in the main
// shop. The target is emptied first (a SQLite file is recreated; PostgreSQL's svc_ tables are emptied).
import { rmSync } from 'node:fs';
import { sql } from 'kysely';
import { createServiceStore } from '@/lib/service/store';
import { analyze } from '@/lib/service/store/writer';
import { planDemoData, writeDemoData } from '@/lib/service/demo';

const SVC_TABLES = [
  'svc_settlement',
  'svc_order_line',
  'svc_order',
  'svc_line_variant',
  'svc_refund_day',
  'svc_sku',
  'svc_product',
  'svc_shop',
  'svc_app_key',
  'svc_account',
];

function parseArgs(argv: string[]): { orders: number; database: string } {
  const args = { orders: 1_000_000, database: 'data/service-bench.db' };
  for (let i = 0; i < argv.length; i++) {
    const [flag, value] = [argv[i], argv[i + 1]];
    if (flag === '--orders' && value) args.orders = Number(value.replaceAll('_', ''));
    else if (flag === '--database' && value) args.database = value;
    else throw new Error(`Unknown argument ${flag}. Usage: --orders <count> [--database <sqlite file | postgres url>]`);
    i++;
  }
  if (!Number.isSafeInteger(args.orders) || args.orders < 1) throw new Error('--orders must be a positive integer');
  return args;
}

async function main() {
  const { orders, database } = parseArgs(process.argv.slice(2));
  const postgres = /^postgres(ql)?:\/\//i.test(database);
  if (!postgres) for (const suffix of ['', '-wal', '-shm']) rmSync(database + suffix, { force: true });
  const store = await createServiceStore(postgres ? { url: database } : { sqliteFile: database });
  const { db, dialect } = store;
  if (postgres) await sql.raw(`TRUNCATE ${SVC_TABLES.join(', ')}`).execute(db);
  // A fresh file that is rebuilt on failure needs no journal or fsync while it loads.
  store.sqlite?.pragma('journal_mode = OFF');
  store.sqlite?.pragma('synchronous = OFF');
  const started = performance.now();
  const seconds = () => ((performance.now() - started) / 1000).toFixed(1);
  const plan = planDemoData({ mainShopOrders: orders });
  console.log(
    `Seeding ${dialect} ${postgres ? '(SERVICE database URL)' : database}: ${orders.toLocaleString('en-US')} orders in the main shop…`,
  );
  let lastReport = 0;
  await writeDemoData((work) => db.transaction().execute(work), plan, {
    sqlite: store.sqlite,
    ordersPerTransaction: 20_000,
    onProgress: (shop, written) => {
      if (written === shop.orders || performance.now() - lastReport > 5000) {
        lastReport = performance.now();
        const pct = ((written / shop.orders) * 100).toFixed(0);
        console.log(
          `  ${seconds()} s  ${shop.shop.shopName}: ${written.toLocaleString('en-US')} / ${shop.orders.toLocaleString('en-US')} orders (${pct}%)`,
        );
      }
    },
  });
  console.log(`  ${seconds()} s  analysing…`);
  if (postgres) await sql.raw('VACUUM ANALYZE').execute(db);
  else await analyze(db, dialect);
  store.sqlite?.pragma('journal_mode = WAL');
  await store.close();
  console.log(`Done in ${seconds()} s.`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
