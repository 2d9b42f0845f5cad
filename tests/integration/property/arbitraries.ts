import fc from 'fast-check';
import type { ShopCostInputs } from '@/lib/costs/kinds';
import {
  daysBetween,
  localDayOf,
  localDayStart,
  shiftDay,
  type OracleCosts,
  type RawShop,
} from '@/tests/support/oracle/recount';

// Generated inputs of the report properties: ranges of shop-local days (any of the 400 demo days
// and beyond, 1st and last of months, single days, DST days of the shop's zone, 366-day spans,
// future and past), the cancelled/sample switches and search strings taken from the data.

export interface Range {
  from: string;
  to: string;
}

/** How many generated cases each property runs: PROPS_RUNS, or the default (bounded for `npm test`). */
export function runs(defaultRuns: number): number {
  const n = Number(process.env.PROPS_RUNS);
  return Number.isInteger(n) && n > 0 ? n : defaultRuns;
}

export const SEED = Number(process.env.PROPS_SEED ?? 20_261_123);

/** Days whose length is not 24 h in the zone (DST changes) among the last `span` days. */
export function dstDays(timeZone: string, today: string, span = 430): string[] {
  const out: string[] = [];
  for (const day of daysBetween(shiftDay(today, -span), today)) {
    if (localDayStart(shiftDay(day, 1), timeZone) - localDayStart(day, timeZone) !== 86_400) out.push(day);
  }
  return out;
}

const lastOfMonth = (day: string) => shiftDay(`${shiftDay(`${day.slice(0, 7)}-01`, 32).slice(0, 7)}-01`, -1);

export function rangeArb(today: string, timeZone: string): fc.Arbitrary<Range> {
  const offset = fc.integer({ min: -430, max: 20 });
  const day = offset.map((o) => shiftDay(today, o));
  const ordered = (a: string, b: string): Range => (a <= b ? { from: a, to: b } : { from: b, to: a });
  const dst = dstDays(timeZone, today);
  const cases: fc.Arbitrary<Range>[] = [
    // Any two days up to 366 apart.
    fc.tuple(day, fc.integer({ min: 0, max: 365 })).map(([from, len]) => ({ from, to: shiftDay(from, len) })),
    // Single days.
    day.map((d) => ({ from: d, to: d })),
    // From the 1st of a month to any day of it (the "This month" preset on every day), or to its last day.
    fc.tuple(day, fc.integer({ min: 0, max: 30 })).map(([d, len]) => {
      const first = `${d.slice(0, 7)}-01`;
      const last = lastOfMonth(first);
      const to = shiftDay(first, len);
      return { from: first, to: to > last ? last : to };
    }),
    // Ranges that end on the last day of a month, or start on one.
    day.map((d) => ordered(shiftDay(`${d.slice(0, 7)}-01`, 0), lastOfMonth(d))),
    fc
      .tuple(day, fc.integer({ min: 0, max: 60 }))
      .map(([d, len]) => ({ from: lastOfMonth(d), to: shiftDay(lastOfMonth(d), len) })),
    // Ranges that include today (presets: today, last N days, this month).
    fc.integer({ min: 0, max: 365 }).map((n) => ({ from: shiftDay(today, -n), to: today })),
    // 366-day spans.
    offset.map((o) => ({ from: shiftDay(today, o - 365), to: shiftDay(today, o) })),
    // Entirely in the future, or before the demo data.
    fc.integer({ min: 1, max: 30 }).map((o) => ({ from: shiftDay(today, o), to: shiftDay(today, o + 5) })),
    fc.integer({ min: 400, max: 800 }).map((o) => ({ from: shiftDay(today, -o - 10), to: shiftDay(today, -o) })),
  ];
  if (dst.length > 0) {
    const dstDay = fc.constantFrom(...dst);
    cases.push(dstDay.map((d) => ({ from: d, to: d })));
    cases.push(fc.tuple(dstDay, fc.integer({ min: -3, max: 3 })).map(([d, o]) => ordered(d, shiftDay(d, o))));
  }
  return fc.oneof(...cases);
}

export const switchesArb = fc.record({ includeCancelled: fc.boolean(), includeSamples: fc.boolean() });

/** Search strings: pieces of real names, seller SKUs and ids in any case, spaces around, or noise. */
export function searchArb(shop: RawShop): fc.Arbitrary<string | undefined> {
  const texts = [
    ...new Set(shop.orders.flatMap((o) => o.lines.flatMap((l) => [l.name, l.skuName, l.sellerSku, l.skuId]))),
  ].filter(Boolean);
  const piece = fc
    .tuple(fc.constantFrom(...texts), fc.nat(), fc.integer({ min: 1, max: 8 }), fc.boolean(), fc.boolean())
    .map(([t, start, len, upper, pad]) => {
      const s = start % Math.max(1, t.length);
      const cut = t.slice(s, s + len);
      const cased = upper ? cut.toUpperCase() : cut.toLowerCase();
      return pad ? `  ${cased} ` : cased;
    });
  return fc.oneof(fc.constant(undefined), piece, fc.string({ maxLength: 3 }));
}

/**
 * Filters of the orders view (none some of the time): pieces of real product and SKU texts, digits
 * of order numbers, status, order type and the sample flag, in any combination.
 */
export function orderFiltersArb(shop: RawShop) {
  const lineTexts = [
    ...new Set(shop.orders.flatMap((o) => o.lines.flatMap((l) => [l.name, l.skuName, l.sellerSku]))),
  ].filter(Boolean);
  const cut = (texts: string[]) =>
    fc
      .tuple(fc.constantFrom(...texts), fc.nat(), fc.integer({ min: 1, max: 6 }), fc.boolean())
      .map(([t, start, len, upper]) => {
        const s = start % Math.max(1, t.length);
        const piece = t.slice(s, s + len).trim() || t;
        return upper ? piece.toUpperCase() : piece.toLowerCase();
      });
  const some = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: undefined, freq: 3 });
  return fc.oneof(
    fc.constant({}),
    fc.record(
      {
        skuName: some(cut(lineTexts)),
        name: some(cut(lineTexts)),
        // Order numbers are digits: any short run of digits matches some of them.
        orderNumber: some(fc.stringMatching(/^[0-9]{1,3}$/)),
        status: some(fc.constantFrom('COMPLETED', 'CANCELLED', 'completed', 'SHIPPED')),
        orderType: some(fc.constantFrom('SETTLED', 'UNSETTLED', 'DRAFT')),
        sampleOrder: some(fc.constantFrom('YES', 'NO')),
      },
      { requiredKeys: [] },
    ),
  );
}

/** The shop-local day of now. */
export function todayOf(timeZone: string, now = Date.now()): string {
  return localDayOf(Math.floor(now / 1000), timeZone);
}

/**
 * The seller's own costs for a shop (or none, the service-only view): ad spend on SKUs, products
 * and the whole shop on days around the range, one-off/monthly/yearly expenses (open or ended),
 * dated unit costs on catalog SKUs (several per SKU), fulfilment and packaging per order or unit
 * (every SKU or one), and the allocation switch.
 */
export function costsArb(shop: RawShop, today: string) {
  const skus = [...shop.prices.keys()];
  const products = [...new Set(shop.productOf.values())];
  const day = fc.integer({ min: -440, max: 15 }).map((o) => shiftDay(today, o));
  const cents = fc.integer({ min: 0, max: 2_000_00 });
  const adSpend = fc
    .record({
      day,
      amountCents: cents,
      target: fc.oneof(
        fc.constant({ skuId: null, productId: null }),
        fc.constantFrom(...skus).map((skuId) => ({ skuId, productId: null })),
        fc.constantFrom(...products).map((productId) => ({ skuId: null, productId })),
        // A product no SKU is known of: the spend stays a shop-level line.
        fc.constant({ skuId: null, productId: 'no-such-product' }),
      ),
    })
    .map(({ target, ...rest }) => ({ ...rest, ...target }));
  const expense = fc
    .record({
      amountCents: fc.integer({ min: 1, max: 50_000_00 }),
      recurrence: fc.constantFrom('once' as const, 'monthly' as const, 'yearly' as const),
      startDay: day,
      length: fc.option(fc.integer({ min: 0, max: 400 }), { nil: null }),
    })
    .map(({ length, ...e }) => ({ ...e, endDay: length === null ? null : shiftDay(e.startDay, length) }));
  // Mostly in effect before the range (earlier days), sometimes starting inside it.
  const cogsDay = fc
    .oneof(fc.integer({ min: -900, max: -400 }), fc.integer({ min: -440, max: 15 }))
    .map((o) => shiftDay(today, o));
  const cogs = fc.record({
    skuId: fc.constantFrom(...skus),
    fromDay: cogsDay,
    unitCostCents: fc.integer({ min: 0, max: 300_00 }),
  });
  // Fulfilment and packaging: per order or per unit, for every SKU or one, from days before or inside the range.
  const fulfilment = fc.record({
    skuId: fc.option(fc.constantFrom(...skus), { nil: null }),
    fromDay: cogsDay,
    per: fc.constantFrom('order' as const, 'unit' as const),
    amountCents: fc.integer({ min: 0, max: 5_00 }),
  });
  return fc.option(
    fc.record({
      adSpend: fc.array(adSpend, { maxLength: 30 }),
      // One entry per SKU (or every SKU), basis and day, as the store keeps them.
      fulfilment: fc.uniqueArray(fulfilment, {
        maxLength: 6,
        selector: (f) => `${f.skuId} ${f.per} ${f.fromDay}`,
      }),
      expenses: fc.array(expense, { maxLength: 3 }),
      // One entry per SKU and day, as the store keeps them.
      cogs: fc.uniqueArray(cogs, { maxLength: 16, selector: (c) => `${c.skuId} ${c.fromDay}` }),
      allocate: fc.boolean(),
    }),
    { nil: undefined, freq: 4 },
  );
}

/** The oracle's costs as the dashboard's inputs (ids added). */
export function toInputs(costs: OracleCosts): ShopCostInputs {
  return {
    adSpend: costs.adSpend.map((a, i) => ({ id: `a${i}`, campaign: null, ...a })),
    expenses: costs.expenses.map((e, i) => ({ id: `e${i}`, name: `Expense ${i}`, ...e })),
    cogs: costs.cogs.map((c, i) => ({ id: `c${i}`, ...c })),
    fulfilment: costs.fulfilment.map((f, i) => ({ id: `f${i}`, ...f })),
  };
}
