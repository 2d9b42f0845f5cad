import type { Kysely } from 'kysely';
import type { FxRate } from '@/lib/costs/types';
import type { StoreDatabase } from './schema';

// Demo mode only (the embedded service is the upstream): its three shops sell in USD, GBP and EUR,
// so the "All shops" page needs rates to show them in one currency out of the box. The seed is
// written once per store and remembered in st_meta, so a seeded rate the seller deletes never
// comes back; it is not an audit entry (the seller's undo never reverts it). The page labels a
// seeded rate as a demo rate while it is unchanged.

const META_KEY = 'demo_fx_rates';

/** Illustrative rates, not market data: 1 GBP = 1.27 USD and 1 EUR = 1.08 USD from 2025-01-01. */
export const DEMO_RATES: readonly Omit<FxRate, 'id'>[] = [
  { currency: 'GBP', target: 'USD', fromDay: '2025-01-01', rate: '1.27' },
  { currency: 'EUR', target: 'USD', fromDay: '2025-01-01', rate: '1.08' },
];

/** Writes the demo rates unless a seed was ever written here; a pair and day the seller already set is left alone. */
export async function ensureDemoRates(db: Kysely<StoreDatabase>): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const done = await trx.selectFrom('st_meta').select('key').where('key', '=', META_KEY).executeTakeFirst();
    if (done) return;
    const seeded: FxRate[] = [];
    for (const rate of DEMO_RATES) {
      const row = {
        id: `demo-${rate.currency}-${rate.target}`.toLowerCase(),
        currency: rate.currency,
        target: rate.target,
        from_day: rate.fromDay,
        rate: rate.rate,
      };
      const inserted = await trx
        .insertInto('st_fx_rate')
        .values(row)
        .onConflict((oc) => oc.doNothing())
        .executeTakeFirst();
      if (Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0) seeded.push({ ...rate, id: row.id });
    }
    // A concurrent first open may have written the key meanwhile: its seed stands.
    await trx
      .insertInto('st_meta')
      .values({ key: META_KEY, value: JSON.stringify(seeded) })
      .onConflict((oc) => oc.column('key').doNothing())
      .execute();
  });
}

/** The seeded rates still stored exactly as seeded (an edited one is the seller's own). */
export async function demoRateIds(db: Kysely<StoreDatabase>): Promise<string[]> {
  const meta = await db.selectFrom('st_meta').select('value').where('key', '=', META_KEY).executeTakeFirst();
  if (!meta) return [];
  const seeded = JSON.parse(meta.value) as FxRate[];
  if (seeded.length === 0) return [];
  const rows = await db
    .selectFrom('st_fx_rate')
    .selectAll()
    .where(
      'id',
      'in',
      seeded.map((s) => s.id),
    )
    .execute();
  return seeded
    .filter((s) =>
      rows.some(
        (r) =>
          r.id === s.id &&
          r.rate === s.rate &&
          r.from_day === s.fromDay &&
          r.currency === s.currency &&
          r.target === s.target,
      ),
    )
    .map((s) => s.id);
}
